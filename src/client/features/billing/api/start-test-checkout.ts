import { useMutation } from '@tanstack/react-query';
import type { StartCheckoutResponse } from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

function startTestCheckout() {
  return apiRequest<StartCheckoutResponse>('POST', '/api/billing/test/checkout', {});
}

/** POST /api/billing/test/checkout */
export function useStartTestCheckout() {
  return useMutation({ mutationFn: startTestCheckout });
}
