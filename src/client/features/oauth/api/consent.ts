import { useMutation, useQuery } from '@tanstack/react-query';
import { ConsentDecisionSchema, ConsentRequestSchema, type ConsentDecisionInput } from '@/contracts/oauth.ts';
import { apiRequest, getQueryFn } from '@/client/lib/api-client.ts';

const requestPath = (requestId: string) => `/api/oauth/requests/${encodeURIComponent(requestId)}`;

/** GET /api/oauth/requests/:requestId: the assistant, what it asks for and where the person may connect it (ADR 294). */
export function useConsentRequest(requestId: string) {
  return useQuery({ queryKey: [requestPath(requestId)], queryFn: getQueryFn({ on401: 'throw', schema: ConsentRequestSchema }), retry: false });
}

/** POST the person's answer; the server answers where the browser goes next (back to the assistant). A 403 step_up_required asks for a fresh code first. */
export function useDecideConsent(requestId: string) {
  return useMutation({ mutationFn: (input: ConsentDecisionInput) => apiRequest('POST', `${requestPath(requestId)}/decision`, input, ConsentDecisionSchema) });
}
