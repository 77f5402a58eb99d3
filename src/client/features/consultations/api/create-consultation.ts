import { useMutation } from '@tanstack/react-query';
import { CreateConsultationResponseSchema, type CreateConsultationInput, type CreateConsultationResponse } from '@/contracts/consultations.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

function createConsultation(input: CreateConsultationInput): Promise<CreateConsultationResponse> {
  return apiRequest('POST', '/api/consultations', input, CreateConsultationResponseSchema);
}

/** Sends the landing page's consultation form; the administrators' inbox reads it fresh when it is opened. */
export function useCreateConsultation() {
  return useMutation({ mutationFn: createConsultation });
}
