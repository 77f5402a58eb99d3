import type { QueryClient } from '@tanstack/react-query';
import type { Assessment } from '@/contracts/assessments.ts';
import { ASSESSMENTS_KEY } from './list-assessments.ts';

/** /api/assessments/:id[/action] */
export function assessmentUrl(id: string, action = ''): string {
  return `${ASSESSMENTS_KEY}/${encodeURIComponent(id)}${action}`;
}

/** After a write: the returned assessment becomes its query's data, a deleted one is dropped, lists refresh. */
export function storeAndInvalidate(queryClient: QueryClient, assessment: Assessment | null, id?: string) {
  if (assessment) queryClient.setQueryData([assessmentUrl(assessment.id)], assessment);
  if (id && !assessment) queryClient.removeQueries({ queryKey: [assessmentUrl(id)] });
  void queryClient.invalidateQueries({ queryKey: [ASSESSMENTS_KEY] });
}
