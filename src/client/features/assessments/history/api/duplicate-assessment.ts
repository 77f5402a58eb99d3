import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assessment } from '@/contracts/assessments.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { assessmentUrl, storeAndInvalidate } from '../../shared/api/assessment-cache.ts';

/** POST /api/assessments/:id/duplicate */
function duplicateAssessment(id: string): Promise<Assessment> {
  return apiRequest<Assessment>('POST', assessmentUrl(id, '/duplicate'));
}

export function useDuplicateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: duplicateAssessment, onSuccess: (assessment) => storeAndInvalidate(queryClient, assessment) });
}
