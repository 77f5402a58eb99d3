import { QueryClient } from '@tanstack/react-query';
import { getQueryFn, isUnauthorizedError } from './api-client.ts';

export const QUERY_STALE_TIME_MS = 2 * 60 * 1000;
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;

/** Queries retry once, never after a 401. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isUnauthorizedError(error)) return false;
  return failureCount < 1;
}

/** Spec section 9: fresh 2 min, cached 10 min, one retry (never on 401), no refetch on focus, refetch on reconnect; mutations never retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: { retry: false },
    },
  });
}
