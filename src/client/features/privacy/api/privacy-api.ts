import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '@/contracts/api.ts';
import { OrganizationDeletionSchema, personalDataArchiveName, type DeleteAccountInput, type DeleteOrganizationInput } from '@/contracts/privacy.ts';
import { apiRequest, getQueryFn, throwIfResNotOk } from '@/client/lib/api-client.ts';
import { downloadText } from '@/client/lib/download-text.ts';

/** GET /api/account/export: the zip of one's data, offered as a download under the name the server gave it. */
export async function downloadPersonalData(): Promise<void> {
  const response = await fetch('/api/account/export', { credentials: 'same-origin' });
  await throwIfResNotOk(response);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? personalDataArchiveName(new Date());
  downloadText(fileName, await response.blob(), 'application/zip');
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (input: DeleteAccountInput) => apiRequest('POST', '/api/account/delete', input, MessageResponseSchema) });
}

const deletionPath = (organizationId: string) => `/api/organizations/${organizationId}/deletion`;

export function useOrganizationDeletion(organizationId: string) {
  return useQuery({ queryKey: [deletionPath(organizationId)], queryFn: getQueryFn({ on401: 'throw', schema: OrganizationDeletionSchema }) });
}

/** POST asks for the deletion, DELETE restores; either answer is the new state, kept as the query's data. */
export function useChangeOrganizationDeletion(organizationId: string) {
  const queryClient = useQueryClient();
  const path = deletionPath(organizationId);
  return useMutation({
    mutationFn: (input: DeleteOrganizationInput | null) => (input ? apiRequest('POST', path, input, OrganizationDeletionSchema) : apiRequest('DELETE', path, undefined, OrganizationDeletionSchema)),
    onSuccess: (state) => {
      queryClient.setQueryData([path], state);
      return queryClient.invalidateQueries({ queryKey: ['/api/organizations'] });
    },
  });
}
