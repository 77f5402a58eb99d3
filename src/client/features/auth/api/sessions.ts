import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionSummary } from '@/contracts/auth.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export const SESSIONS_QUERY_KEY = ['/api/auth/sessions'] as const;

export function sessionsQueryOptions() {
  return queryOptions<SessionSummary[]>({ queryKey: SESSIONS_QUERY_KEY, staleTime: 0 });
}

/** GET /api/auth/sessions: your own active sessions. */
export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string; revoked: number }>('POST', '/api/auth/sessions/revoke-others', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
