import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Assessment, CreateAssessmentBody, CreateScenarioBody, UpdateAssessmentBody } from '@/contracts/assessments.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { ASSESSMENTS_KEY } from './list-assessments.ts';

function url(id: string, action = ''): string {
  return `${ASSESSMENTS_KEY}/${encodeURIComponent(id)}${action}`;
}

function storeAndInvalidate(queryClient: QueryClient, assessment: Assessment | null, id?: string) {
  if (assessment) queryClient.setQueryData([url(assessment.id)], assessment);
  if (id && !assessment) queryClient.removeQueries({ queryKey: [url(id)] });
  void queryClient.invalidateQueries({ queryKey: [ASSESSMENTS_KEY] });
}

/** POST /api/assessments */
export function useCreateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAssessmentBody) => apiRequest<Assessment>('POST', ASSESSMENTS_KEY, body),
    onSuccess: (assessment) => storeAndInvalidate(queryClient, assessment),
  });
}

/** PATCH /api/assessments/:id (the autosave). The list is refreshed, the open draft is not re-fetched. */
export function updateAssessment(id: string, body: UpdateAssessmentBody): Promise<Assessment> {
  return apiRequest<Assessment>('PATCH', url(id), body);
}

/** POST /api/assessments/:id/complete */
export function useCompleteAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, seed }: { id: string; seed?: number }) => apiRequest<Assessment>('POST', url(id, '/complete'), seed === undefined ? {} : { seed }),
    onSuccess: (assessment) => storeAndInvalidate(queryClient, assessment),
  });
}

/** POST /api/assessments/:id/duplicate */
export function useDuplicateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Assessment>('POST', url(id, '/duplicate')),
    onSuccess: (assessment) => storeAndInvalidate(queryClient, assessment),
  });
}

/** POST /api/assessments/:id/scenarios */
export function useCreateScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CreateScenarioBody }) => apiRequest<Assessment>('POST', url(id, '/scenarios'), body),
    onSuccess: (assessment) => storeAndInvalidate(queryClient, assessment),
  });
}

/** DELETE /api/assessments/:id */
export function useDeleteAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('DELETE', url(id)),
    onSuccess: (_data, id) => storeAndInvalidate(queryClient, null, id),
  });
}
