import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@/contracts/auth.ts';
import { getQueryFn } from '@/client/lib/api-client.ts';

/**
 * The gate reads the current user through the shared cache key (features do not import each
 * other): same key and fetcher as the auth feature, so it never causes a second request while fresh.
 */
export function useSessionUser() {
  return useQuery({ queryKey: ['/api/auth/user'], queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }), staleTime: 30_000, retry: false });
}
