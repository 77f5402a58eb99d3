import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionSummary } from '@/contracts/auth.ts';

export const SESSIONS_QUERY_KEY = ['/api/auth/sessions'] as const;

function sessionsQueryOptions() {
  return queryOptions<SessionSummary[]>({ queryKey: SESSIONS_QUERY_KEY, staleTime: 0 });
}

/** GET /api/auth/sessions: your own active sessions. */
export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
