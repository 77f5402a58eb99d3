import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrganizationSubscription, AdminSubscriptionChange } from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { ADMIN_ORGANIZATIONS_PATH, adminOrganizationQueryKey } from './get-admin-organization.ts';

function changeSubscriptionByHand(organizationId: string, change: AdminSubscriptionChange) {
  return apiRequest<AdminOrganizationSubscription>('POST', `${ADMIN_ORGANIZATIONS_PATH}/${encodeURIComponent(organizationId)}/subscription`, change);
}

/** POST /api/admin/billing/organizations/:id/subscription */
export function useChangeSubscriptionByHand(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AdminSubscriptionChange) => changeSubscriptionByHand(organizationId, change),
    onSuccess: (data) => {
      queryClient.setQueryData(adminOrganizationQueryKey(organizationId), data);
      return queryClient.invalidateQueries({ queryKey: [ADMIN_ORGANIZATIONS_PATH] });
    },
  });
}
