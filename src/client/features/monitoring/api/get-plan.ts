import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ActionPlan } from '@/contracts/monitoring.ts';

const PLAN_PATH = '/api/monitoring/plan';

function planQueryOptions() {
  return queryOptions<ActionPlan>({ queryKey: [PLAN_PATH], staleTime: 0 });
}

/** GET /api/monitoring/plan: actions, the committed/realised reductions, recommendations and members. */
export function usePlan() {
  return useQuery(planQueryOptions());
}

/** Every change to an action moves the plan's totals, so the plan is read again. */
export function refreshPlan(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: [PLAN_PATH] });
}
