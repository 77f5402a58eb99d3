import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AcceptActionBody, ActionPlan, RescoreResponse, UpdateActionBody } from '@/contracts/monitoring.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { TREND_PATH } from './trend.ts';
import { SCHEDULE_PATH } from './schedule.ts';

export const PLAN_PATH = '/api/monitoring/plan';
const ACTIONS_PATH = '/api/monitoring/actions';

export function planQueryOptions() {
  return queryOptions<ActionPlan>({ queryKey: [PLAN_PATH], staleTime: 0 });
}

/** GET /api/monitoring/plan: actions, the committed/realised reductions, recommendations and members. */
export function usePlan() {
  return useQuery(planQueryOptions());
}

function refreshPlan(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: [PLAN_PATH] });
}

/** POST /api/monitoring/actions */
export function useAcceptRecommendation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptActionBody) => apiRequest<{ id: string }>('POST', ACTIONS_PATH, body),
    onSuccess: () => refreshPlan(queryClient),
  });
}

/** PATCH /api/monitoring/actions/:id */
export function useUpdateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateActionBody }) => apiRequest<{ id: string }>('PATCH', `${ACTIONS_PATH}/${encodeURIComponent(id)}`, body),
    onSuccess: () => refreshPlan(queryClient),
  });
}

/** POST /api/monitoring/rescore: a new completed assessment with the done actions applied. */
export function useRescore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RescoreResponse>('POST', '/api/monitoring/rescore'),
    onSuccess: () => {
      refreshPlan(queryClient);
      void queryClient.invalidateQueries({ queryKey: [TREND_PATH] });
      void queryClient.invalidateQueries({ queryKey: [SCHEDULE_PATH] });
      // The history list shows the new assessment too.
      void queryClient.invalidateQueries({ queryKey: ['/api/assessments'] });
    },
  });
}
