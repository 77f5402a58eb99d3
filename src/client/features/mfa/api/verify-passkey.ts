import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PasskeyAvailabilitySchema, PasskeyVerifyResponseSchema, WebAuthnOptionsSchema } from '@/contracts/passkeys.ts';
import { apiRequest, getQueryFn } from '@/client/lib/api-client.ts';

/** Same key as the passkeys feature invalidates after adding or removing one. */
export const PASSKEY_AVAILABILITY_QUERY_KEY = ['/api/mfa/passkeys'] as const;

/** GET /api/mfa/passkeys: how many passkeys can stand in for the code (usable before the second factor). */
export function usePasskeyAvailability({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: PASSKEY_AVAILABILITY_QUERY_KEY,
    queryFn: getQueryFn({ on401: 'returnNull', schema: PasskeyAvailabilitySchema }),
    enabled,
    retry: false,
  });
}

/** The session's second factor with a passkey: the server's options, the browser's prompt, the server's check. */
async function verifyWithPasskey() {
  const options = await apiRequest('POST', '/api/mfa/passkey/options', {}, WebAuthnOptionsSchema);
  // The contract checks only the challenge; @simplewebauthn/server produced the rest of this shape.
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return apiRequest('POST', '/api/mfa/passkey/verify', { response }, PasskeyVerifyResponseSchema);
}

/** Like a code: after a verification all cached data is invalidated and the status refetched. */
export function useVerifyWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyWithPasskey,
    onSuccess: async () => {
      await queryClient.invalidateQueries();
    },
  });
}
