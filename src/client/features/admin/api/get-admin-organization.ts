import { useQuery } from '@tanstack/react-query';
import type { AdminOrganizationDetail } from '@/contracts/admin.ts';
import { ADMIN_ORGANIZATIONS_PATH } from './get-admin-organizations.ts';

/** GET /api/admin/organizations/:id */
export function useAdminOrganization(id: string | null) {
  return useQuery<AdminOrganizationDetail>({ queryKey: [`${ADMIN_ORGANIZATIONS_PATH}/${id ?? ''}`], enabled: id !== null });
}
