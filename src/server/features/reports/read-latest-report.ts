import type { ReportModel } from '@/reports/report-model.ts';
import { findLatestCompleted } from '../../db/repositories/assessments.ts';
import { loadReportIfReady, loadReportOf, toCompleted, type ReportOperationOptions } from './load-report.ts';

/**
 * GET /api/reports/latest: /presentation asks for this while the page is still loading, before it
 * knows the list of assessments (ADR 125): the report of the organisation's most recently
 * completed assessment, or null when it has none. With `whatChanged: 'ifReady'` it does not wait
 * for the what-changed waterfall (ADR 129): the page shows the other slides at once.
 */
export async function readLatestReport(options: ReportOperationOptions & { whatChanged: 'wait' | 'ifReady' }): Promise<{ report: ReportModel | null; whatChangedPending?: true }> {
  const { db, organizationId, now } = options;
  const latest = toCompleted(await findLatestCompleted(db, organizationId));
  if (!latest) return { report: null };
  if (options.whatChanged === 'ifReady') {
    const { model, whatChangedPending } = await loadReportIfReady(options, organizationId, latest, now);
    return whatChangedPending ? { report: model, whatChangedPending } : { report: model };
  }
  return { report: await loadReportOf(options, organizationId, latest, undefined, now) };
}
