import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HelpRequestSchema, type HelpRequest, type HelpRequestStatus } from '@/contracts/help.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { HELP_REQUESTS_QUERY_KEY } from './get-help-requests.ts';

function updateHelpRequest({ id, status }: { id: string; status: HelpRequestStatus }): Promise<HelpRequest> {
  return apiRequest('PATCH', `/api/admin/help-requests/${encodeURIComponent(id)}`, { status }, HelpRequestSchema);
}

export function useUpdateHelpRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHelpRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HELP_REQUESTS_QUERY_KEY }),
  });
}
