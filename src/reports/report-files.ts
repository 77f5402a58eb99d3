import type { ModelRunResults } from './model-runs.ts';
import { renderReportPdf, type ReportLogo } from './render-pdf.tsx';
import { renderReportPptx } from './render-pptx.ts';
import { renderWorkbook } from './render-workbook.ts';
import { buildReportModel, type ReportSource } from './report-model.ts';

export type ReportFileKind = 'pdf' | 'pptx' | 'xlsx';

/** What one report file is made from; it crosses to a report thread whole (lib/report-worker, ADR 323). */
export interface ReportFileJob {
  readonly kind: ReportFileKind;
  readonly source: ReportSource;
  /** The results of the source's reportRuns (model-runs.ts), run by the server's engine pool. */
  readonly runResults: ModelRunResults;
  /** The organisation's logo, carried by the PDF and the deck. */
  readonly logo: ReportLogo | null;
}

export interface ReportFile {
  readonly file: Uint8Array;
  /** The name it is downloaded under. */
  readonly fileName: string;
}

/**
 * The board report PDF, the board deck or the verification workbook of a completed assessment,
 * model and file built whole in memory (so a failure answers an error instead of half a file).
 * Hundreds of milliseconds of CPU: the server runs it on a report thread (ADR 323).
 */
export async function renderReportFile(job: ReportFileJob): Promise<ReportFile> {
  const model = buildReportModel(job.source, job.runResults);
  const stem = model.meta.fileStem;
  switch (job.kind) {
    case 'pdf':
      return { file: await renderReportPdf(model, job.logo), fileName: `cifer-board-report-${stem}.pdf` };
    case 'pptx':
      return { file: await renderReportPptx(model, job.logo), fileName: `cifer-board-deck-${stem}.pptx` };
    case 'xlsx':
      return { file: await renderWorkbook(model, job.source), fileName: `cifer-verification-workbook-${stem}.xlsx` };
  }
}
