import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentPage } from '@/contracts/assessments.ts';
import { apiRequest, buildUrlFromQueryKey } from '@/client/lib/api-client.ts';

export const ASSESSMENTS_KEY = '/api/assessments';

function fetchAssessments(page: number, pageSize: number): Promise<AssessmentPage> {
  return apiRequest<AssessmentPage>('GET', buildUrlFromQueryKey([ASSESSMENTS_KEY, { page, pageSize }]));
}

function assessmentsQueryOptions(page = 1, pageSize = 20) {
  return queryOptions({ queryKey: [ASSESSMENTS_KEY, { page, pageSize }], queryFn: () => fetchAssessments(page, pageSize), staleTime: 0 });
}

export function useAssessments(page = 1, pageSize = 20) {
  return useQuery(assessmentsQueryOptions(page, pageSize));
}
