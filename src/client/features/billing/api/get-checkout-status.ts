import { useQuery } from '@tanstack/react-query';
import type { CheckoutStatus } from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

const CHECKOUT_POLL_MS = 1500;

function getCheckoutStatus(checkoutSessionId: string) {
  return apiRequest<CheckoutStatus>('GET', `/api/billing/checkout/${encodeURIComponent(checkoutSessionId)}`);
}

/** GET /api/billing/checkout/:id: the stored state of a checkout, polled until the signed webhook has made it final. */
export function useCheckoutStatus(checkoutSessionId: string | null) {
  return useQuery({
    queryKey: ['/api/billing/checkout', checkoutSessionId],
    queryFn: () => getCheckoutStatus(checkoutSessionId ?? ''),
    enabled: Boolean(checkoutSessionId),
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.status === 'complete' && data.subscriptionStatus !== 'none' ? false : CHECKOUT_POLL_MS;
    },
  });
}
