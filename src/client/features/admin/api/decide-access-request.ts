import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessDecisionResponse } from '@/contracts/admin.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { ACCESS_REQUESTS_PATH } from './get-access-requests.ts';

interface AccessDecision {
  id: string;
  decision: 'approve' | 'reject';
  note?: string;
  partner?: boolean;
}

function decideAccessRequest({ id, decision, note, partner }: AccessDecision) {
  return apiRequest<AccessDecisionResponse>('POST', `${ACCESS_REQUESTS_PATH}/${encodeURIComponent(id)}/${decision}`, {
    ...(note ? { note } : {}),
    ...(partner && decision === 'approve' ? { partner: true } : {}),
  });
}

/** POST /api/admin/access-requests/:id/(approve|reject): every list of requests and the outbox (new e-mail) refresh. */
export function useDecideAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAccessRequest,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [ACCESS_REQUESTS_PATH] });
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/outbox'] });
    },
  });
}
