import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@/contracts/auth.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { SESSIONS_QUERY_KEY } from './get-sessions.ts';

function changePassword(input: ChangePasswordInput) {
  return apiRequest<{ message: string }>('POST', '/api/auth/change-password', input);
}

/** Other sessions end on the server, so the session list is refreshed. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
