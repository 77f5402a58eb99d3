import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateActionBody } from '@/contracts/monitoring.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { ACTIONS_PATH } from './accept-recommendation.ts';
import { refreshPlan } from './get-plan.ts';

function updateAction({ id, body }: { id: string; body: UpdateActionBody }) {
  return apiRequest<{ id: string }>('PATCH', `${ACTIONS_PATH}/${encodeURIComponent(id)}`, body);
}

/** PATCH /api/monitoring/actions/:id */
export function useUpdateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAction,
    onSuccess: () => refreshPlan(queryClient),
  });
}
