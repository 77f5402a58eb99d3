import { useMutation } from '@tanstack/react-query';
import type { TotpSetupResponse } from '@/contracts/mfa.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export function setupTotp() {
  return apiRequest<TotpSetupResponse>('POST', '/api/mfa/totp/setup', {});
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
