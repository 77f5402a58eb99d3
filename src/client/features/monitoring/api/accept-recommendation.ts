import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptActionBody } from '@/contracts/monitoring.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { refreshPlan } from './get-plan.ts';

export const ACTIONS_PATH = '/api/monitoring/actions';

function acceptRecommendation(body: AcceptActionBody) {
  return apiRequest<{ id: string }>('POST', ACTIONS_PATH, body);
}

/** POST /api/monitoring/actions */
export function useAcceptRecommendation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptRecommendation,
    onSuccess: () => refreshPlan(queryClient),
  });
}
