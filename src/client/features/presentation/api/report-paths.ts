import { prefetchGet } from '@/client/lib/prefetch.ts';

/**
 * Where the report /presentation opens with is asked for. Kept apart from get-report.ts (its
 * queries) so the entry chunk can start the request when the page is opened directly (ADR 126).
 */
export const reportPath = (id: string) => `/api/assessments/${encodeURIComponent(id)}/report`;

/**
 * The report of the organisation's most recently completed assessment (null when there is none),
 * without waiting for its what-changed waterfall (ADR 129): the first slide does not need it.
 */
export const LATEST_REPORT_PATH = '/api/reports/latest?whatChanged=ifReady';

/**
 * Starts the report /presentation will show, before its code and the session check have
 * arrived: the `?id=` one, else the latest. Called when the page is opened directly and when
 * the pointer or focus reaches its link.
 */
export function prefetchPresentationReport(search: string): void {
  const id = new URLSearchParams(search).get('id');
  prefetchGet(id ? reportPath(id) : LATEST_REPORT_PATH);
}
