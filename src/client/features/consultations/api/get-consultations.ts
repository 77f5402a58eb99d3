import { queryOptions, useQuery } from '@tanstack/react-query';
import { ConsultationRequestListSchema, type ConsultationRequestList } from '@/contracts/consultations.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export const CONSULTATIONS_QUERY_KEY = ['/api/admin/consultations'] as const;

function getConsultations(): Promise<ConsultationRequestList> {
  return apiRequest('GET', '/api/admin/consultations', undefined, ConsultationRequestListSchema);
}

function consultationsQueryOptions() {
  return queryOptions({ queryKey: CONSULTATIONS_QUERY_KEY, queryFn: getConsultations });
}

export function useConsultations() {
  return useQuery(consultationsQueryOptions());
}
