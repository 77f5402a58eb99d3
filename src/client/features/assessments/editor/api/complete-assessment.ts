import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assessment, CompleteAssessmentBody } from '@/contracts/assessments.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { assessmentUrl, storeAndInvalidate } from '../../shared/api/assessment-cache.ts';

/** POST /api/assessments/:id/complete, with the answers on screen (the server computes from them). */
function completeAssessment({ id, body }: { id: string; body: CompleteAssessmentBody }): Promise<Assessment> {
  return apiRequest<Assessment>('POST', assessmentUrl(id, '/complete'), body);
}

export function useCompleteAssessment() {
  const queryClient = useQueryClient();
  // 'always': with no connection it fails at once and the completion goes to the offline queue;
  // paused, it would be sent on reconnect beside the queue's own completion (a 409; ADR 304).
  return useMutation({ mutationFn: completeAssessment, networkMode: 'always', onSuccess: (assessment) => storeAndInvalidate(queryClient, assessment) });
}
