import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminOrganizationList } from '@/contracts/admin.ts';

export const ADMIN_ORGANIZATIONS_PATH = '/api/admin/organizations';

/** GET /api/admin/organizations?q=&page=: the previous page stays on screen while the next one loads. */
export function useAdminOrganizations(q: string, page: number) {
  return useQuery<AdminOrganizationList>({ queryKey: [ADMIN_ORGANIZATIONS_PATH, { q, page }], placeholderData: keepPreviousData });
}
