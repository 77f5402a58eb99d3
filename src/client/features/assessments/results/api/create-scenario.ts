import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assessment, CreateScenarioBody } from '@/contracts/assessments.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { assessmentUrl, storeAndInvalidate } from '../../shared/api/assessment-cache.ts';

/** POST /api/assessments/:id/scenarios */
function createScenario({ id, body }: { id: string; body: CreateScenarioBody }): Promise<Assessment> {
  return apiRequest<Assessment>('POST', assessmentUrl(id, '/scenarios'), body);
}

export function useCreateScenario() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createScenario, onSuccess: (assessment) => storeAndInvalidate(queryClient, assessment) });
}
