import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequest, PasswordResetResponse, ResetPasswordInput } from '@/contracts/auth.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

/** POST /api/request-password-reset: always the same non-revealing answer. */
export function requestPasswordReset(input: PasswordResetRequest) {
  return apiRequest<PasswordResetResponse>('POST', '/api/request-password-reset', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /api/reset-password: the e-mailed token and the new password; signs nobody in. */
export function resetPassword(input: ResetPasswordInput) {
  return apiRequest<PasswordResetResponse>('POST', '/api/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
