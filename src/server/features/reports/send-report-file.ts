import type { FastifyReply } from 'fastify';
import type { ReportFileKind } from './render-report-file.ts';

const CONTENT_TYPES: Record<ReportFileKind, string> = {
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Sends a complete file (render-report-file.ts builds it whole first), as a download. */
export function sendReportFile(reply: FastifyReply, file: Buffer, kind: ReportFileKind, fileName: string) {
  return reply
    .header('content-type', CONTENT_TYPES[kind])
    .header('content-length', String(file.length))
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(file);
}
