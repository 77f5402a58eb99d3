import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReassessmentSchedule, UpdateScheduleBody } from '@/contracts/monitoring.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export const SCHEDULE_PATH = '/api/monitoring/schedule';

export function scheduleQueryOptions() {
  return queryOptions<ReassessmentSchedule>({ queryKey: [SCHEDULE_PATH], staleTime: 0 });
}

/** GET /api/monitoring/schedule */
export function useSchedule() {
  return useQuery(scheduleQueryOptions());
}

/** PUT /api/monitoring/schedule */
export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateScheduleBody) => apiRequest<UpdateScheduleBody>('PUT', SCHEDULE_PATH, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [SCHEDULE_PATH] }),
  });
}
