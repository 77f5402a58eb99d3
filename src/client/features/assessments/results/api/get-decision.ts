import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client.ts';
import type { ReportModel } from '@/reports/report-model.ts';

/**
 * The board pack's report of a completed assessment, read for its decision: the results page shows
 * the same priced options and key figures as the PDF, the deck and /presentation (ADR 270, 271).
 */
export function useDecision(id: string) {
  const path = `/api/assessments/${encodeURIComponent(id)}/report`;
  return useQuery({ queryKey: [path], queryFn: () => apiRequest<ReportModel>('GET', path), staleTime: 60_000 });
}
