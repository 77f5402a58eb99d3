import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client.ts';
import { SESSIONS_QUERY_KEY } from './get-sessions.ts';

/** POST /api/auth/sessions/revoke-others: ends every session but this one. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string; revoked: number }>('POST', '/api/auth/sessions/revoke-others', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
