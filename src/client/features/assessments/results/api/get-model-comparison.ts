import { useQuery } from '@tanstack/react-query';
import type { ModelComparison } from '@/contracts/assessments.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { assessmentUrl } from '../../shared/api/assessment-cache.ts';

/** GET /api/assessments/:id/model-comparison: the stored figures and the current model's, side by side (ADR 105). */
function fetchModelComparison(id: string): Promise<ModelComparison> {
  return apiRequest<ModelComparison>('GET', assessmentUrl(id, '/model-comparison'));
}

/** Asked for only when the user wants the comparison; the same answers, seed and model always give the same figures. */
export function useModelComparison(id: string, enabled: boolean) {
  return useQuery({ queryKey: [assessmentUrl(id, '/model-comparison')], queryFn: () => fetchModelComparison(id), enabled, staleTime: Infinity, retry: false });
}
