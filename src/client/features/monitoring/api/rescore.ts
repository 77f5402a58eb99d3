import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RescoreResponse } from '@/contracts/monitoring.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { refreshPlan } from './get-plan.ts';
import { SCHEDULE_PATH } from './get-schedule.ts';
import { TREND_PATH } from './get-trend.ts';

function rescore() {
  return apiRequest<RescoreResponse>('POST', '/api/monitoring/rescore');
}

/** POST /api/monitoring/rescore: a new completed assessment with the done actions applied. */
export function useRescore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescore,
    onSuccess: () => {
      refreshPlan(queryClient);
      void queryClient.invalidateQueries({ queryKey: [TREND_PATH] });
      void queryClient.invalidateQueries({ queryKey: [SCHEDULE_PATH] });
      // The history list shows the new assessment too.
      void queryClient.invalidateQueries({ queryKey: ['/api/assessments'] });
    },
  });
}
