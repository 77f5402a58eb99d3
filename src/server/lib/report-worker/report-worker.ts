/**
 * The worker side of report-runner.ts: one thread of the report pool (ADR 323). piscina calls the
 * default export once per job; the model and the file are built here, off the server's event loop.
 */
import { renderReportFile, type ReportFile, type ReportFileJob } from '@/reports/report-files.ts';
import { lowerThisThreadsPriority } from '../thread-pool.ts';

lowerThisThreadsPriority();

export default function renderReportJob(job: ReportFileJob): Promise<ReportFile> {
  return renderReportFile(job);
}
