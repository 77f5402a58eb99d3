import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingTestRun, PlanId } from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { testRunQueryKey } from './get-test-run.ts';

function changeTestSubscription(input: { checkoutSessionId: string; plan: PlanId }) {
  return apiRequest<BillingTestRun>('POST', '/api/billing/test/subscription-change', input);
}

/** POST /api/billing/test/subscription-change: the answer replaces the cached run. */
export function useTestSubscriptionChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTestSubscription,
    onSuccess: (data) => queryClient.setQueryData(testRunQueryKey(data.checkoutSessionId), data),
  });
}
