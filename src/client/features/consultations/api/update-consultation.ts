import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsultationRequestSchema, type ConsultationRequest, type ConsultationStatus } from '@/contracts/consultations.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { CONSULTATIONS_QUERY_KEY } from './get-consultations.ts';

function updateConsultation({ id, status }: { id: string; status: ConsultationStatus }): Promise<ConsultationRequest> {
  return apiRequest('PATCH', `/api/admin/consultations/${encodeURIComponent(id)}`, { status }, ConsultationRequestSchema);
}

export function useUpdateConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsultation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONSULTATIONS_QUERY_KEY }),
  });
}
