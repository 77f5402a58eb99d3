import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, getQueryFn, isUnauthorizedError } from './api-client.ts';

export const QUERY_STALE_TIME_MS = 2 * 60 * 1000;
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;

/** Queries retry once, never after a 401 or a 402 (asking again does not pay the subscription). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isUnauthorizedError(error) || isPaymentRequiredError(error)) return false;
  return failureCount < 1;
}

export function isPaymentRequiredError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 402;
}

/** Spec section 9: fresh 2 min, cached 10 min, one retry (never on 401), no refetch on focus, refetch on reconnect; mutations never retried. */
export function createQueryClient(options: { onPaymentRequired?: () => void } = {}): QueryClient {
  // A subscription can lapse while the user is signed in: any call answering 402 sends them to pay (spec section 8).
  const onError = (error: unknown) => {
    if (isPaymentRequiredError(error)) options.onPaymentRequired?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
