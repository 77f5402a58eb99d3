import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PasskeySchema, WebAuthnOptionsSchema } from '@/contracts/passkeys.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { invalidatePasskeyQueries } from './get-passkeys.ts';

/**
 * The registration ceremony: the server's options, the browser's authenticator prompt, then the
 * server's check of the new credential under the name the user chose.
 */
async function registerPasskey(name: string) {
  const options = await apiRequest('POST', '/api/passkeys/registration/options', {}, WebAuthnOptionsSchema);
  // The contract checks only the challenge; @simplewebauthn/server produced the rest of this shape.
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return apiRequest('POST', '/api/passkeys/registration/verify', { name, response }, PasskeySchema);
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSuccess: () => invalidatePasskeyQueries(queryClient),
  });
}
