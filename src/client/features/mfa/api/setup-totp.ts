import { useMutation } from '@tanstack/react-query';
import { TotpSetupResponseSchema } from '@/contracts/mfa.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export function setupTotp() {
  return apiRequest('POST', '/api/mfa/totp/setup', {}, TotpSetupResponseSchema);
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
