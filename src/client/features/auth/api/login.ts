import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@/contracts/auth.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { CURRENT_USER_QUERY_KEY } from '@/client/lib/current-user.ts';

function logIn(input: LoginInput) {
  return apiRequest<LoginResponse>('POST', '/api/auth/login', input);
}

/** POST /api/auth/login; a success refreshes the current user (spec section 4). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
