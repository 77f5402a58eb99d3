import type { ReportModel } from '@/reports/report-model.ts';
import { loadReportOf, toCompleted, type ReportOperationOptions } from './load-report.ts';
import { findLatestCompleted } from './report-repository.ts';

/**
 * GET /api/reports/latest: /presentation asks for this while the page is still loading, before it
 * knows the list of assessments (ADR 125): the report of the organisation's most recently
 * completed assessment, or null when it has none.
 */
export async function readLatestReport(options: ReportOperationOptions): Promise<{ report: ReportModel | null }> {
  const { db, organizationId, now } = options;
  const latest = await findLatestCompleted(db, organizationId);
  if (!latest || latest.result === null) return { report: null };
  const { model } = await loadReportOf(options, organizationId, toCompleted(latest), undefined, now);
  return { report: model };
}
