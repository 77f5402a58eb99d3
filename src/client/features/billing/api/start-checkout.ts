import { useMutation } from '@tanstack/react-query';
import type { StartCheckoutInput, StartCheckoutResponse } from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

function startCheckout(input: StartCheckoutInput) {
  return apiRequest<StartCheckoutResponse>('POST', '/api/billing/checkout', input);
}

/** POST /api/billing/checkout */
export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
