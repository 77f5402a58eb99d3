import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateConsultationResponseSchema, type CreateConsultationInput, type CreateConsultationResponse } from '@/contracts/consultations.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { CONSULTATIONS_QUERY_KEY } from './get-consultations.ts';

function createConsultation(input: CreateConsultationInput): Promise<CreateConsultationResponse> {
  return apiRequest('POST', '/api/consultations', input, CreateConsultationResponseSchema);
}

export function useCreateConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsultation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONSULTATIONS_QUERY_KEY }),
  });
}
