import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessDecisionResponse, AccessRequestStatus, AdminAccessRequest } from '@/contracts/admin.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export const ACCESS_REQUESTS_PATH = '/api/admin/access-requests';

export function accessRequestsQueryOptions(status: AccessRequestStatus = 'pending') {
  return queryOptions<AdminAccessRequest[]>({ queryKey: [ACCESS_REQUESTS_PATH, { status }], staleTime: 0 });
}

/** GET /api/admin/access-requests?status=... */
export function useAccessRequests(status: AccessRequestStatus = 'pending') {
  return useQuery(accessRequestsQueryOptions(status));
}

/** Approve or reject one request; every list of requests and the outbox (new e-mail) refresh. */
export function useDecideAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note, partner }: { id: string; decision: 'approve' | 'reject'; note?: string; partner?: boolean }) =>
      apiRequest<AccessDecisionResponse>('POST', `${ACCESS_REQUESTS_PATH}/${encodeURIComponent(id)}/${decision}`, {
        ...(note ? { note } : {}),
        ...(partner && decision === 'approve' ? { partner: true } : {}),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [ACCESS_REQUESTS_PATH] });
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/outbox'] });
    },
  });
}
