import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubmitHelpRequestResponseSchema, type SubmitHelpRequestInput, type SubmitHelpRequestResponse } from '@/contracts/help.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { HELP_REQUESTS_QUERY_KEY } from './get-help-requests.ts';

function submitHelpRequest(input: SubmitHelpRequestInput): Promise<SubmitHelpRequestResponse> {
  return apiRequest('POST', '/api/help/submit', input, SubmitHelpRequestResponseSchema);
}

export function useSubmitHelpRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitHelpRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HELP_REQUESTS_QUERY_KEY }),
  });
}
