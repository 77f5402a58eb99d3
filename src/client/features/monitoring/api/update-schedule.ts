import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateScheduleBody } from '@/contracts/monitoring.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { SCHEDULE_PATH } from './get-schedule.ts';

function updateSchedule(body: UpdateScheduleBody) {
  return apiRequest<UpdateScheduleBody>('PUT', SCHEDULE_PATH, body);
}

/** PUT /api/monitoring/schedule */
export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSchedule,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [SCHEDULE_PATH] }),
  });
}
