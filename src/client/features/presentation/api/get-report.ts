import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, buildUrlFromQueryKey } from '@/client/lib/api-client.ts';
import type { ReportModel } from '@/reports/report-model.ts';
import type { WhatChanged } from '@/reports/what-changed.ts';

const reportPath = (id: string) => `/api/assessments/${id}/report`;
const whatChangedPath = (id: string) => `/api/assessments/${id}/what-changed`;

/** The board briefing of one completed assessment: the same model the PDF and the deck are drawn from. */
export function reportQueryOptions(id: string) {
  return queryOptions({
    queryKey: [reportPath(id)],
    queryFn: () => apiRequest<ReportModel>('GET', buildUrlFromQueryKey([reportPath(id)])),
    enabled: id.length > 0,
    staleTime: 60_000,
  });
}

export function useReport(id: string) {
  return useQuery(reportQueryOptions(id));
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
