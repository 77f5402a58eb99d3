import type { ReportModel } from '@/reports/report-model.ts';
import { loadReport, type ReportOperationOptions } from './load-report.ts';

/** GET /api/assessments/:id/report: the report model as JSON (for /presentation), compared with `against` or the previous completed one. */
export async function readReport(options: ReportOperationOptions & { assessmentId: string; against: string | undefined }): Promise<ReportModel> {
  const { organizationId, assessmentId, against, now } = options;
  const { model } = await loadReport(options, organizationId, assessmentId, against, now);
  return model;
}
