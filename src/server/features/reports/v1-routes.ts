import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { V1AssessmentParamsSchema, V1WhatChangedQuerySchema, V1WhatChangedSchema, type V1WhatChanged } from '@/contracts/public-api.ts';
import type { WhatChanged } from '@/reports/what-changed.ts';
import type { ReportOperationOptions } from './load-report.ts';
import { readWhatChanged } from './read-what-changed.ts';
import { renderReportFile, type ReportFileKind } from './render-report-file.ts';
import { sendReportFile } from './send-report-file.ts';

/** The waterfall as the v1 contract types it (the same fields; its lists as plain arrays). */
function toV1WhatChanged(whatChanged: WhatChanged): NonNullable<V1WhatChanged['whatChanged']> {
  return { ...whatChanged, steps: whatChanged.steps.map((step) => ({ ...step, changes: [...step.changes] })) };
}

/**
 * The public API's reports of a completed assessment (ADR 228): the what-changed waterfall and the
 * three files, the same operations as the app's, registered by reportRoutes so they share its
 * waterfall cache and engine worker.
 */
export async function reportV1Routes(fastify: FastifyInstance, options: { operationOptions: (request: FastifyRequest) => ReportOperationOptions }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { access: 'user', api: 'read' } as const;
  const params = V1AssessmentParamsSchema;
  const querystring = V1WhatChangedQuerySchema;

  app.get('/api/v1/assessments/:id/what-changed', { config: read, schema: { params, querystring, response: { 200: V1WhatChangedSchema } } }, async (request) => {
    const { whatChanged } = await readWhatChanged({ ...options.operationOptions(request), assessmentId: request.params.id, against: request.query.against });
    return { whatChanged: whatChanged && toV1WhatChanged(whatChanged) };
  });

  // Files: their input is declared, their answer is not JSON, so no response schema.
  const fileRoute = (path: string, kind: ReportFileKind) =>
    app.get(path, { config: read, schema: { params, querystring } }, async (request, reply) => {
      const input = { ...options.operationOptions(request), assessmentId: request.params.id, against: request.query.against, kind, log: request.log };
      const { file, fileName } = await renderReportFile(input);
      return sendReportFile(reply, file, kind, fileName);
    });
  fileRoute('/api/v1/assessments/:id/report.pdf', 'pdf');
  fileRoute('/api/v1/assessments/:id/report.pptx', 'pptx');
  fileRoute('/api/v1/assessments/:id/workbook.xlsx', 'xlsx');
}
