import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AssessmentStep, DraftRiskInput } from '@/contracts/assessments.ts';
import type { BusinessAnswers } from '@/contracts/business-questions.ts';
import type { CurrentUser } from '@/contracts/auth.ts';
import { CURRENT_USER_QUERY_KEY } from '@/client/lib/current-user.ts';
import { queueCompletion } from '../../shared/offline/assessment-outbox.ts';

/** 'Calculate' with no connection: queues the completion for the signed-in user; false when it cannot. */
export function useQueueCompletion() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string, snapshot: { input: DraftRiskInput; step: AssessmentStep; businessAnswers?: BusinessAnswers }): Promise<boolean> => {
      const userId = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY)?.id;
      if (!userId) return false;
      await queueCompletion(id, snapshot, userId);
      return true;
    },
    [queryClient],
  );
}
