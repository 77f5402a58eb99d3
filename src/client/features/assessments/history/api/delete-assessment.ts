import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client.ts';
import { assessmentUrl, storeAndInvalidate } from '../../shared/api/assessment-cache.ts';

/** DELETE /api/assessments/:id */
function deleteAssessment(id: string): Promise<null> {
  return apiRequest<null>('DELETE', assessmentUrl(id));
}

export function useDeleteAssessment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAssessment, onSuccess: (_data, id) => storeAndInvalidate(queryClient, null, id) });
}
