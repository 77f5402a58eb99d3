import type { ReportModel } from '@/reports/report-model.ts';
import { loadReportOf, requireCompleted, type ReportOperationOptions } from './load-report.ts';

/** GET /api/assessments/:id/report: the report model as JSON (for /presentation), compared with `against` or the previous completed one. */
export async function readReport(options: ReportOperationOptions & { assessmentId: string; against: string | undefined }): Promise<ReportModel> {
  const { db, organizationId, assessmentId, against, now } = options;
  return loadReportOf(options, organizationId, await requireCompleted(db, organizationId, assessmentId), against, now);
}
