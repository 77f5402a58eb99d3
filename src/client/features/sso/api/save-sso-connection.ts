import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SsoConnectionSchema, type SsoConnection, type SsoConnectionInput, type SsoConnectionUpdate } from '@/contracts/sso.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { refreshSsoConnections, ssoConnectionsPath } from './get-sso-connections.ts';

/** POST /api/organizations/:id/sso */
export function useCreateSsoConnection(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoConnectionInput) => apiRequest<SsoConnection>('POST', ssoConnectionsPath(organizationId), input, SsoConnectionSchema),
    onSuccess: () => refreshSsoConnections(queryClient, organizationId),
  });
}

/** PATCH /api/organizations/:id/sso/:connectionId (a missing client secret keeps the stored one). */
export function useUpdateSsoConnection(organizationId: string, connectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SsoConnectionUpdate) => apiRequest<SsoConnection>('PATCH', `${ssoConnectionsPath(organizationId)}/${connectionId}`, update, SsoConnectionSchema),
    onSuccess: () => refreshSsoConnections(queryClient, organizationId),
  });
}
