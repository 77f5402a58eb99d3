import { useMutation } from '@tanstack/react-query';
import type { PasswordResetResponse, ResetPasswordInput } from '@/contracts/auth.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

/** POST /api/reset-password: the e-mailed token and the new password; signs nobody in. */
function resetPassword(input: ResetPasswordInput) {
  return apiRequest<PasswordResetResponse>('POST', '/api/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
