import { useMutation } from '@tanstack/react-query';
import type { PortalResponse } from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

function openBillingPortal() {
  return apiRequest<PortalResponse>('POST', '/api/billing/portal', {});
}

/** POST /api/billing/portal */
export function useOpenBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
