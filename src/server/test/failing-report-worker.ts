/**
 * A stand-in for lib/report-worker/report-worker.ts in the report pool's tests: it answers every
 * job with a small file named after its kind, except a deck, on which its thread dies of an
 * uncaught error before answering (as a crash would end it).
 */
import type { ReportFile, ReportFileJob } from '@/reports/report-files.ts';

export default async function renderReportJob(job: ReportFileJob): Promise<ReportFile> {
  if (job.kind === 'pptx') {
    setImmediate(() => {
      throw new Error('the stand-in report worker crashed on purpose');
    });
    return new Promise<ReportFile>(() => {});
  }
  return { file: new TextEncoder().encode(`stand-in ${job.kind}`), fileName: `stand-in.${job.kind}` };
}
