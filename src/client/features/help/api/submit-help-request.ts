import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitHelpRequestInput, SubmitHelpRequestResponse } from '@/contracts/help.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { HELP_REQUESTS_QUERY_KEY } from './get-help-requests.ts';

export function submitHelpRequest(input: SubmitHelpRequestInput): Promise<SubmitHelpRequestResponse> {
  return apiRequest<SubmitHelpRequestResponse>('POST', '/api/help/submit', input);
}

export function useSubmitHelpRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitHelpRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HELP_REQUESTS_QUERY_KEY }),
  });
}
