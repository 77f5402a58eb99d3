import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequest, PasswordResetResponse } from '@/contracts/auth.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

/** POST /api/request-password-reset: always the same non-revealing answer. */
function requestPasswordReset(input: PasswordResetRequest) {
  return apiRequest<PasswordResetResponse>('POST', '/api/request-password-reset', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
