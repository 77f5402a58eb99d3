import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client.ts';

function confirmOwnCode(code: string) {
  return apiRequest('POST', '/api/mfa/verify', { type: 'totp', code });
}

/** POST /api/mfa/verify: the admin's own fresh code (step-up) before a two-factor reset. */
export function useConfirmOwnCode() {
  return useMutation({ mutationFn: confirmOwnCode });
}
