import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SsoDomainSchema, type SsoDomain } from '@/contracts/sso.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { refreshSsoConnections, ssoConnectionsPath } from './get-sso-connections.ts';

/** POST /api/organizations/:id/sso/:connectionId/domains/:domainId/verify: the server looks up the TXT record now. */
export function useVerifySsoDomain(organizationId: string, connectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainId: string) =>
      apiRequest<SsoDomain>('POST', `${ssoConnectionsPath(organizationId)}/${connectionId}/domains/${domainId}/verify`, undefined, SsoDomainSchema),
    onSuccess: () => refreshSsoConnections(queryClient, organizationId),
  });
}
