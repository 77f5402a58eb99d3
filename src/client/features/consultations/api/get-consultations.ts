import { queryOptions, useQuery } from '@tanstack/react-query';
import { ConsultationRequestListSchema, type ConsultationRequestList } from '@/contracts/consultations.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export const CONSULTATIONS_QUERY_KEY = ['/api/admin/consultations'] as const;

export function getConsultations(): Promise<ConsultationRequestList> {
  return apiRequest('GET', '/api/admin/consultations', undefined, ConsultationRequestListSchema);
}

export function consultationsQueryOptions() {
  return queryOptions({ queryKey: CONSULTATIONS_QUERY_KEY, queryFn: getConsultations });
}

export function useConsultations() {
  return useQuery(consultationsQueryOptions());
}
