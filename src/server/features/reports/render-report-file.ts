import type { FastifyBaseLogger } from 'fastify';
import { renderReportPdf, type ReportLogo } from '@/reports/render-pdf.tsx';
import { renderReportPptx } from '@/reports/render-pptx.ts';
import { renderWorkbook } from '@/reports/render-workbook.ts';
import type { Database } from '../../db/client.ts';
import { loadReport, type ReportOperationOptions } from './load-report.ts';
import { findLogo } from './logo-repository.ts';

export type ReportFileKind = 'pdf' | 'pptx' | 'xlsx';

async function loadLogo(db: Database, organizationId: string): Promise<ReportLogo | null> {
  const logo = await findLogo(db, organizationId);
  return logo ? { data: logo.data, contentType: logo.contentType } : null;
}

/**
 * The board report PDF, the board deck or the verification workbook of a completed assessment,
 * built whole in memory (so a failure answers an error instead of half a file), with the name it
 * is downloaded under. The PDF and the deck carry the organisation's logo.
 */
export async function renderReportFile(
  options: ReportOperationOptions & { assessmentId: string; against: string | undefined; kind: ReportFileKind; log: Pick<FastifyBaseLogger, 'info'> },
): Promise<{ file: Buffer; fileName: string }> {
  const { db, organizationId, assessmentId, against, now, kind, log } = options;
  const { model, source } = await loadReport(options, organizationId, assessmentId, against, now);
  const stem = model.meta.fileStem;
  if (kind === 'pdf') {
    const file = await renderReportPdf(model, await loadLogo(db, organizationId));
    log.info({ assessmentId: model.meta.assessmentId, bytes: file.length }, 'board report PDF generated');
    return { file, fileName: `cifer-board-report-${stem}.pdf` };
  }
  if (kind === 'pptx') {
    const file = await renderReportPptx(model, await loadLogo(db, organizationId));
    log.info({ assessmentId: model.meta.assessmentId, bytes: file.length }, 'board deck generated');
    return { file, fileName: `cifer-board-deck-${stem}.pptx` };
  }
  const file = await renderWorkbook(model, source);
  log.info({ assessmentId: model.meta.assessmentId, bytes: file.length }, 'verification workbook generated');
  return { file, fileName: `cifer-verification-workbook-${stem}.xlsx` };
}
