import { useMutation } from '@tanstack/react-query';
import type { MfaUnlockInput } from '@/contracts/mfa.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

function unlockMfa(input: MfaUnlockInput) {
  return apiRequest<{ message: string }>('POST', '/api/mfa/unlock', input);
}

export function useUnlockMfa() {
  return useMutation({ mutationFn: unlockMfa });
}
