import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PendingSsoDomainListSchema, SsoDomainSchema, type SsoDomain, type SsoDomainApprovalInput } from '@/contracts/sso.ts';
import { apiRequest, getQueryFn } from '@/client/lib/api-client.ts';

export const PENDING_SSO_DOMAINS_PATH = '/api/admin/sso-domains';

function pendingSsoDomainsQueryOptions() {
  return queryOptions({ queryKey: [PENDING_SSO_DOMAINS_PATH], queryFn: getQueryFn({ on401: 'throw', schema: PendingSsoDomainListSchema }), staleTime: 0 });
}

/** GET /api/admin/sso-domains (super_admin): domains whose owners asked support instead of publishing DNS. */
export function usePendingSsoDomains() {
  return useQuery(pendingSsoDomainsQueryOptions());
}

/** POST /api/admin/sso-domains/:domainId/approve with the reason; a 403 step_up_required asks for a fresh code first (ADR 290). */
export function useApproveSsoDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ domainId, reason }: SsoDomainApprovalInput & { domainId: string }) =>
      apiRequest<SsoDomain>('POST', `${PENDING_SSO_DOMAINS_PATH}/${encodeURIComponent(domainId)}/approve`, { reason }, SsoDomainSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PENDING_SSO_DOMAINS_PATH] }),
  });
}
