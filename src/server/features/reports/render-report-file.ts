import type { FastifyBaseLogger } from 'fastify';
import type { ReportLogo } from '@/reports/render-pdf.tsx';
import type { ReportFileKind } from '@/reports/report-files.ts';
import type { Database } from '../../db/client.ts';
import { loadReportSource, type ReportOperationOptions } from './load-report.ts';
import { findLogo } from './logo-repository.ts';

export type { ReportFileKind };

async function loadLogo(db: Database, organizationId: string, kind: ReportFileKind): Promise<ReportLogo | null> {
  // The workbook carries no logo.
  if (kind === 'xlsx') return null;
  const logo = await findLogo(db, organizationId);
  return logo ? { data: logo.data, contentType: logo.contentType } : null;
}

const LOG_LINES: Record<ReportFileKind, string> = {
  pdf: 'board report PDF generated',
  pptx: 'board deck generated',
  xlsx: 'verification workbook generated',
};

/**
 * The board report PDF, the board deck or the verification workbook of a completed assessment, with
 * the name it is downloaded under: the source is read here, the model and the file are built on the
 * report pool (app.reports, ADR 323), whole, so a failure answers an error instead of half a file.
 */
export async function renderReportFile(
  options: ReportOperationOptions & { assessmentId: string; against: string | undefined; kind: ReportFileKind; log: Pick<FastifyBaseLogger, 'info'> },
): Promise<{ file: Buffer; fileName: string }> {
  const { db, organizationId, assessmentId, against, now, kind, log } = options;
  const [{ source, runResults }, logo] = await Promise.all([loadReportSource(options, organizationId, assessmentId, against, now), loadLogo(db, organizationId, kind)]);
  const rendered = await options.reports.render({ kind, source, runResults, logo });
  log.info({ assessmentId: source.assessment.id, bytes: rendered.file.length }, LOG_LINES[kind]);
  return rendered;
}
