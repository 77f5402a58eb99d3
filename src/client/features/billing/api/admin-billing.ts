import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrganizationSubscription, AdminSubscriptionChange } from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

const ADMIN_ORGS_KEY = '/api/admin/billing/organizations';

export function useAdminOrganization(organizationId: string) {
  return useQuery({
    queryKey: [`${ADMIN_ORGS_KEY}/${organizationId}`],
    queryFn: () => apiRequest<AdminOrganizationSubscription>('GET', `${ADMIN_ORGS_KEY}/${encodeURIComponent(organizationId)}`),
  });
}

export function useChangeSubscriptionByHand(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AdminSubscriptionChange) =>
      apiRequest<AdminOrganizationSubscription>('POST', `${ADMIN_ORGS_KEY}/${encodeURIComponent(organizationId)}/subscription`, change),
    onSuccess: (data) => {
      queryClient.setQueryData([`${ADMIN_ORGS_KEY}/${organizationId}`], data);
      return queryClient.invalidateQueries({ queryKey: [ADMIN_ORGS_KEY] });
    },
  });
}
