import { useMutation } from '@tanstack/react-query';
import { SsoStartResponseSchema, type SsoStartInput, type SsoStartResponse } from '@/contracts/sso.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

/** POST /api/auth/sso/start: the organisation's provider for this e-mail, as the URL to send the browser to. */
export function useStartSso() {
  return useMutation({
    mutationFn: (input: SsoStartInput) => apiRequest<SsoStartResponse>('POST', '/api/auth/sso/start', input, SsoStartResponseSchema),
  });
}
