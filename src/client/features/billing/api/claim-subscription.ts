import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimInput, ClaimResponse } from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { CURRENT_USER_QUERY_KEY } from '@/client/lib/current-user.ts';
import { SUBSCRIPTION_QUERY_KEY } from './get-organization-subscription.ts';

function claimSubscription(input: ClaimInput) {
  return apiRequest<ClaimResponse>('POST', '/api/billing/claim', input);
}

/** POST /api/billing/claim: the subscription and the signed-in user (now paid) are read again. */
export function useClaimSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimSubscription,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
}
