import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessRequestInput, AccessRequestResponse, SignUpInput, SignUpResponse } from '@/contracts/auth.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { CURRENT_USER_QUERY_KEY } from '@/client/lib/current-user.ts';

/** POST /api/auth/register without confirmPassword: sign-up, signed in at once. */
function signUp(input: SignUpInput) {
  return apiRequest<SignUpResponse>('POST', '/api/auth/register', input);
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}

/** POST /api/auth/register with confirmPassword: an access request for an administrator to approve. */
function requestAccess(input: AccessRequestInput) {
  return apiRequest<AccessRequestResponse>('POST', '/api/auth/register', input);
}

export function useRequestAccess() {
  return useMutation({ mutationFn: requestAccess });
}
