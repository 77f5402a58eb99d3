import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConnectedAssistantListSchema } from '@/contracts/oauth.ts';
import { apiRequest, getQueryFn } from '@/client/lib/api-client.ts';

const ASSISTANTS_PATH = '/api/account/assistants';

/** GET /api/account/assistants: the assistants the person connected with OAuth (ADR 294), newest first. */
export function useConnectedAssistants() {
  return useQuery({ queryKey: [ASSISTANTS_PATH], queryFn: getQueryFn({ on401: 'throw', schema: ConnectedAssistantListSchema }) });
}

/** DELETE one: its tokens stop working at once, everywhere. */
export function useDisconnectAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grantId: string) => apiRequest<{ message: string }>('DELETE', `${ASSISTANTS_PATH}/${encodeURIComponent(grantId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ASSISTANTS_PATH] }),
  });
}
