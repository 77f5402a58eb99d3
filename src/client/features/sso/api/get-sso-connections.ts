import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { SsoConnectionListSchema, type SsoConnectionList } from '@/contracts/sso.ts';
import { getQueryFn } from '@/client/lib/api-client.ts';

export function ssoConnectionsPath(organizationId: string) {
  return `/api/organizations/${organizationId}/sso`;
}

function ssoConnectionsQueryOptions(organizationId: string) {
  return queryOptions<SsoConnectionList | null>({
    queryKey: [ssoConnectionsPath(organizationId)],
    queryFn: getQueryFn({ on401: 'throw', schema: SsoConnectionListSchema }),
    staleTime: 0,
  });
}

/** GET /api/organizations/:id/sso (owners): the connections, their domains and the redirect URI to register. */
export function useSsoConnections(organizationId: string) {
  return useQuery(ssoConnectionsQueryOptions(organizationId));
}

/** Every change to a connection or a domain re-reads the list: verification states and flags live there. */
export function refreshSsoConnections(queryClient: QueryClient, organizationId: string) {
  return queryClient.invalidateQueries({ queryKey: [ssoConnectionsPath(organizationId)] });
}
