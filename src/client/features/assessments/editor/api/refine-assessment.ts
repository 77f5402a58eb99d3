import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assessment } from '@/contracts/assessments.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { assessmentUrl, storeAndInvalidate } from '../../shared/api/assessment-cache.ts';

/** POST /api/assessments/:id/refine: a commercial-path draft starting from a completed (business-leader) assessment. */
function refineAssessment(id: string): Promise<Assessment> {
  return apiRequest<Assessment>('POST', assessmentUrl(id, '/refine'));
}

export function useRefineAssessment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refineAssessment, onSuccess: (assessment) => storeAndInvalidate(queryClient, assessment) });
}
