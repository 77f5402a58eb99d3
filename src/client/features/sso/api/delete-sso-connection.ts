import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client.ts';
import { refreshSsoConnections, ssoConnectionsPath } from './get-sso-connections.ts';

/** DELETE /api/organizations/:id/sso/:connectionId */
export function useDeleteSsoConnection(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) => apiRequest<{ message: string }>('DELETE', `${ssoConnectionsPath(organizationId)}/${connectionId}`),
    onSuccess: () => refreshSsoConnections(queryClient, organizationId),
  });
}
