import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assessment, CompleteAssessmentBody } from '@/contracts/assessments.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { assessmentUrl, storeAndInvalidate } from './assessment-cache.ts';

/** POST /api/assessments/:id/complete, with the answers on screen (the server computes from them). */
function completeAssessment({ id, body }: { id: string; body: CompleteAssessmentBody }): Promise<Assessment> {
  return apiRequest<Assessment>('POST', assessmentUrl(id, '/complete'), body);
}

export function useCompleteAssessment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: completeAssessment, onSuccess: (assessment) => storeAndInvalidate(queryClient, assessment) });
}
