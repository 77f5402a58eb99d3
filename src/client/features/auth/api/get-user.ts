import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@/contracts/auth.ts';
import { getQueryFn } from '@/client/lib/api-client.ts';

export const CURRENT_USER_QUERY_KEY = ['/api/auth/user'] as const;

/** Spec sections 7 and 9: fresh 30 s, cached 5 min, no retry, refetched on focus, mount and reconnect; a 401 means signed out (null). */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    staleTime: 30_000,
    gcTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    refetchOnReconnect: true,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
