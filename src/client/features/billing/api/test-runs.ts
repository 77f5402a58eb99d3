import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingTestRun, PlanId, StartCheckoutResponse } from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

const RUN_POLL_MS = 1500;

export function useStartTestCheckout() {
  return useMutation({ mutationFn: () => apiRequest<StartCheckoutResponse>('POST', '/api/billing/test/checkout', {}) });
}

/** A test run and its webhook events, refreshed while the operator watches. */
export function useTestRun(checkoutSessionId: string | null) {
  return useQuery({
    queryKey: ['/api/billing/test/runs', checkoutSessionId],
    queryFn: () => apiRequest<BillingTestRun>('GET', `/api/billing/test/runs/${encodeURIComponent(checkoutSessionId ?? '')}`),
    enabled: Boolean(checkoutSessionId),
    retry: false,
    refetchInterval: RUN_POLL_MS,
  });
}

export function useTestSubscriptionChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { checkoutSessionId: string; plan: PlanId }) =>
      apiRequest<BillingTestRun>('POST', '/api/billing/test/subscription-change', input),
    onSuccess: (data) => queryClient.setQueryData(['/api/billing/test/runs', data.checkoutSessionId], data),
  });
}
