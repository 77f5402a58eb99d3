import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { PasskeyListSchema } from '@/contracts/passkeys.ts';
import { getQueryFn } from '@/client/lib/api-client.ts';

export const PASSKEYS_QUERY_KEY = ['/api/passkeys'] as const;
/** The verification card's "Use a passkey" count (read by the mfa feature under the same key). */
export const PASSKEY_AVAILABILITY_QUERY_KEY = ['/api/mfa/passkeys'] as const;

export function passkeysQueryOptions() {
  return queryOptions({
    queryKey: PASSKEYS_QUERY_KEY,
    queryFn: getQueryFn({ on401: 'throw', schema: PasskeyListSchema }),
  });
}

/** GET /api/passkeys: the signed-in user's passkeys, newest first as the server sends them. */
export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

/** After adding or removing a passkey: the list, and whether the verification card offers one. */
export async function invalidatePasskeyQueries(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: PASSKEY_AVAILABILITY_QUERY_KEY }),
  ]);
}
