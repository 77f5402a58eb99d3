import { useQuery } from '@tanstack/react-query';
import type { AdminOrganizationSubscription } from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export const ADMIN_ORGANIZATIONS_PATH = '/api/admin/billing/organizations';

export function adminOrganizationQueryKey(organizationId: string) {
  return [`${ADMIN_ORGANIZATIONS_PATH}/${organizationId}`];
}

function getAdminOrganization(organizationId: string) {
  return apiRequest<AdminOrganizationSubscription>('GET', `${ADMIN_ORGANIZATIONS_PATH}/${encodeURIComponent(organizationId)}`);
}

/** GET /api/admin/billing/organizations/:id: an organisation's subscription as an administrator sees it. */
export function useAdminOrganization(organizationId: string) {
  return useQuery({ queryKey: adminOrganizationQueryKey(organizationId), queryFn: () => getAdminOrganization(organizationId) });
}
