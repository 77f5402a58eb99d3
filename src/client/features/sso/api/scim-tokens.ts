import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreatedScimTokenSchema, ScimSettingsSchema, type CreateScimTokenInput } from '@/contracts/scim.ts';
import { apiRequest, getQueryFn } from '@/client/lib/api-client.ts';

const scimTokensPath = (organizationId: string) => `/api/organizations/${organizationId}/scim/tokens`;

/** GET /api/organizations/:id/scim/tokens (owners): the base URL, the verified domains SCIM covers, the tokens. */
export function useScimSettings(organizationId: string) {
  return useQuery({ queryKey: [scimTokensPath(organizationId)], queryFn: getQueryFn({ on401: 'throw', schema: ScimSettingsSchema }) });
}

/** POST a new token; the answer's secret is shown once. A 403 step_up_required asks for a fresh code first. */
export function useCreateScimToken(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateScimTokenInput) => apiRequest('POST', scimTokensPath(organizationId), input, CreatedScimTokenSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [scimTokensPath(organizationId)] }),
  });
}

export function useRevokeScimToken(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => apiRequest<{ message: string }>('DELETE', `${scimTokensPath(organizationId)}/${encodeURIComponent(tokenId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [scimTokensPath(organizationId)] }),
  });
}
