import { queryOptions, useQuery } from '@tanstack/react-query';
import { MfaStatusSchema } from '@/contracts/mfa.ts';
import { getQueryFn } from '@/client/lib/api-client.ts';

export const MFA_STATUS_QUERY_KEY = ['/api/mfa/status'] as const;

/** A 401 (no session, or a password-only session past its 10 minutes) reads as "no user". */
export function mfaStatusQueryOptions() {
  return queryOptions({
    queryKey: MFA_STATUS_QUERY_KEY,
    queryFn: getQueryFn({ on401: 'returnNull', schema: MfaStatusSchema }),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

export function useMfaStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...mfaStatusQueryOptions(), enabled: options.enabled ?? true });
}
