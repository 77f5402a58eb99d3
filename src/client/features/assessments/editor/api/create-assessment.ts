import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assessment, CreateAssessmentBody } from '@/contracts/assessments.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { storeAndInvalidate } from '../../shared/api/assessment-cache.ts';
import { ASSESSMENTS_KEY } from '../../shared/api/list-assessments.ts';

/** POST /api/assessments */
function createAssessment(body: CreateAssessmentBody): Promise<Assessment> {
  return apiRequest<Assessment>('POST', ASSESSMENTS_KEY, body);
}

export function useCreateAssessment() {
  const queryClient = useQueryClient();
  // 'always': with no connection it fails at once and the draft is started on the device (ADR 304).
  return useMutation({ mutationFn: createAssessment, networkMode: 'always', onSuccess: (assessment) => storeAndInvalidate(queryClient, assessment) });
}
