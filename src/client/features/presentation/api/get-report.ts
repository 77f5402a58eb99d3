import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client.ts';
import { takePrefetched } from '@/client/lib/prefetch.ts';
import type { ReportModel } from '@/reports/report-model.ts';
import type { WhatChanged } from '@/reports/what-changed.ts';
import { LATEST_REPORT_PATH, reportPath } from './report-paths.ts';

const whatChangedPath = (id: string) => `/api/assessments/${id}/what-changed`;

interface LatestReport {
  readonly report: ReportModel | null;
  /** The waterfall is still being computed: `report` has no what-changed slide yet (ADR 129). */
  readonly whatChangedPending?: true;
}

/** The board briefing of one completed assessment: the same model the PDF and the deck are drawn from. */
function reportQueryOptions(id: string) {
  const path = reportPath(id);
  return queryOptions({
    queryKey: [path],
    queryFn: () => takePrefetched(path, () => apiRequest<ReportModel>('GET', path)),
    enabled: id.length > 0,
    staleTime: 60_000,
  });
}

export function useReport(id: string) {
  return useQuery(reportQueryOptions(id));
}

/**
 * The latest report, asked for in parallel with the list of assessments (ADR 125). Asked again
 * every time the page opens (an assessment may have been completed since); the model is also
 * filed under its assessment's own report key, so the picker and the downloads find it.
 */
export function useLatestReport(enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [LATEST_REPORT_PATH],
    queryFn: async () => {
      const latest = await takePrefetched(LATEST_REPORT_PATH, () => apiRequest<LatestReport>('GET', LATEST_REPORT_PATH));
      // Filed as the assessment's report only when whole; a pending one is shown until that arrives.
      if (latest.report && !latest.whatChangedPending) client.setQueryData(reportQueryOptions(latest.report.meta.assessmentId).queryKey, latest.report);
      return latest;
    },
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** "Since your last assessment": the waterfall against the previous completed assessment (null when there is none). */
export function useWhatChanged(id: string, enabled = true) {
  return useQuery({
    queryKey: [whatChangedPath(id)],
    queryFn: () => apiRequest<{ whatChanged: WhatChanged | null }>('GET', whatChangedPath(id)),
    enabled: enabled && id.length > 0,
    staleTime: 60_000,
  });
}

/** Where the three files of a report are downloaded from. */
export function reportFileUrls(id: string) {
  return {
    pdf: `/api/assessments/${id}/report.pdf`,
    pptx: `/api/assessments/${id}/report.pptx`,
    xlsx: `/api/assessments/${id}/workbook.xlsx`,
  };
}
