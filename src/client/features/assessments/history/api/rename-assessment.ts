import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import type { Assessment, RenameAssessmentBody } from '@/contracts/assessments.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { assessmentUrl, storeAndInvalidate } from '../../shared/api/assessment-cache.ts';

/** POST /api/assessments/:id/rename */
function renameAssessment({ id, body }: { id: string; body: RenameAssessmentBody }): Promise<Assessment> {
  return apiRequest<Assessment>('POST', assessmentUrl(id, '/rename'), body);
}

/** Answers that print assessment titles: reports and what changed (under /api/assessments/:id/…), the latest report and the home chart. */
const SHOWS_TITLES = ['/api/assessments/', '/api/reports/', '/api/monitoring/'];
const showsTitles = (query: Query) => {
  const key = query.queryKey[0];
  return typeof key === 'string' && SHOWS_TITLES.some((prefix) => key.startsWith(prefix));
};

/** Renames an assessment (ADR 217); every answer that may show its old title is asked again. */
export function useRenameAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameAssessment,
    onSuccess: (assessment) => {
      storeAndInvalidate(queryClient, assessment);
      void queryClient.invalidateQueries({ predicate: showsTitles });
    },
  });
}
