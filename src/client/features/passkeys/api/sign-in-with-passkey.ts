import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoginResponseSchema } from '@/contracts/auth.ts';
import { WebAuthnOptionsSchema } from '@/contracts/passkeys.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { CURRENT_USER_QUERY_KEY } from '@/client/lib/current-user.ts';

/**
 * Passwordless sign-in: discoverable options (no e-mail asked), the browser's passkey prompt, then
 * the log-in that opens a session with both factors done.
 */
async function signInWithPasskey() {
  const options = await apiRequest('POST', '/api/auth/passkey/options', {}, WebAuthnOptionsSchema);
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return apiRequest('POST', '/api/auth/passkey/login', { response }, LoginResponseSchema);
}

export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
