import { useQuery } from '@tanstack/react-query';
import type { BillingTestRun } from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

const RUN_POLL_MS = 1500;

export function testRunQueryKey(checkoutSessionId: string | null) {
  return ['/api/billing/test/runs', checkoutSessionId];
}

function getTestRun(checkoutSessionId: string) {
  return apiRequest<BillingTestRun>('GET', `/api/billing/test/runs/${encodeURIComponent(checkoutSessionId)}`);
}

/** GET /api/billing/test/runs/:id: a test run and its webhook events, refreshed while the operator watches. */
export function useTestRun(checkoutSessionId: string | null) {
  return useQuery({
    queryKey: testRunQueryKey(checkoutSessionId),
    queryFn: () => getTestRun(checkoutSessionId ?? ''),
    enabled: Boolean(checkoutSessionId),
    retry: false,
    refetchInterval: RUN_POLL_MS,
  });
}
