import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserList } from '@/contracts/admin.ts';
import type { QueryParams } from '@/client/lib/api-client.ts';

export const ADMIN_USERS_PATH = '/api/admin/users';

export interface UserFilters extends QueryParams {
  q: string;
  role: string;
  status: string;
  mfa: string;
  lastSignIn: string;
  page: number;
}

/** GET /api/admin/users?...: the previous page stays on screen while the next one loads. */
export function useAdminUsers(filters: UserFilters) {
  return useQuery<AdminUserList>({ queryKey: [ADMIN_USERS_PATH, filters], placeholderData: keepPreviousData });
}
