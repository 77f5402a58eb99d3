import { useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '@/contracts/admin.ts';
import { ADMIN_USERS_PATH } from './get-admin-users.ts';

/** GET /api/admin/users/:id */
export function useAdminUser(userId: string | null) {
  return useQuery<AdminUserDetail>({ queryKey: [`${ADMIN_USERS_PATH}/${userId ?? ''}`], enabled: userId !== null, staleTime: 0 });
}
