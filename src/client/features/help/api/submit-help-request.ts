import { useMutation } from '@tanstack/react-query';
import { SubmitHelpRequestResponseSchema, type SubmitHelpRequestInput, type SubmitHelpRequestResponse } from '@/contracts/help.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

function submitHelpRequest(input: SubmitHelpRequestInput): Promise<SubmitHelpRequestResponse> {
  return apiRequest('POST', '/api/help/submit', input, SubmitHelpRequestResponseSchema);
}

/** Sends a help request; the administrators' inbox reads it fresh when it is opened. */
export function useSubmitHelpRequest() {
  return useMutation({ mutationFn: submitHelpRequest });
}
