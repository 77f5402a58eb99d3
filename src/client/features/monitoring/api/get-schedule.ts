import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReassessmentSchedule } from '@/contracts/monitoring.ts';

export const SCHEDULE_PATH = '/api/monitoring/schedule';

function scheduleQueryOptions() {
  return queryOptions<ReassessmentSchedule>({ queryKey: [SCHEDULE_PATH], staleTime: 0 });
}

/** GET /api/monitoring/schedule */
export function useSchedule() {
  return useQuery(scheduleQueryOptions());
}
