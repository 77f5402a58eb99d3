import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LatestReportQuerySchema, ReportQuerySchema, UploadLogoBodySchema, type OrganizationLogoResponse } from '@/contracts/reports.ts';
import type { ReportModel } from '@/reports/report-model.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import type { ReportOperationOptions } from './load-report.ts';
import { requireLogoManager } from './logo-access.ts';
import { readLatestReport } from './read-latest-report.ts';
import { readLogoImage } from './read-logo-image.ts';
import { readOrganizationLogo } from './read-organization-logo.ts';
import { readReport } from './read-report.ts';
import { readWhatChanged } from './read-what-changed.ts';
import { removeLogo } from './remove-logo.ts';
import { renderReportFile, type ReportFileKind } from './render-report-file.ts';
import { uploadLogo } from './upload-logo.ts';
import { WhatChangedCache } from './what-changed-cache.ts';
import { createInProcessRunner, createWorkerRunner } from '../../lib/engine-worker/expected-loss-runner.ts';

/** Base64 of a 500 KB logo inside a JSON body, with room to answer "too large" ourselves (400) rather than with a bare 413. */
const LOGO_BODY_LIMIT_BYTES = 1_536 * 1024;

const CONTENT_TYPES: Record<ReportFileKind, string> = {
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/** Sends a complete file (render-report-file.ts builds it whole first). */
function sendFile(reply: FastifyReply, file: Buffer, kind: ReportFileKind, fileName: string) {
  return reply
    .header('content-type', CONTENT_TYPES[kind])
    .header('content-length', String(file.length))
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(file);
}

/**
 * Board reports of a completed assessment (issue #13): the report model as JSON (for
 * /presentation), the PDF, the PowerPoint deck, the verification workbook and the
 * what-changed waterfall; and the organisation's logo they carry.
 */
export async function reportRoutes(app: FastifyInstance) {
  const access = { access: 'user' } as const;
  // One per app: completed assessments never change, so their waterfalls are computed once (ADR 125).
  const whatChangedCache = new WhatChangedCache();
  // Its engine re-runs on a worker thread, so the requests and files served meanwhile do not wait
  // for them (ADR 128); tests keep them in process (the worker's own test covers it).
  const engine = app.env.NODE_ENV === 'test' ? createInProcessRunner() : createWorkerRunner(app.log);
  app.addHook('onClose', async () => engine.close());
  // The report of a newly completed assessment is usually opened next: its waterfall against the
  // previous one is computed now, after the completion has answered, not when the report is asked for (ADR 127).
  app.events.on('assessment.completed', async (event) => {
    const { whatChanged } = await readWhatChanged({ db: app.db, whatChangedCache, engine, ...event, against: undefined });
    if (whatChanged) app.log.info({ assessmentId: event.assessmentId }, 'what-changed waterfall computed ahead');
  });
  const operationOptions = (request: FastifyRequest): ReportOperationOptions => ({
    db: app.db,
    whatChangedCache,
    engine,
    organizationId: requireAuth(request).user.organizationId,
    now: app.now(),
  });

  app.get('/api/assessments/:id/report', { config: access }, async (request) => {
    const options = operationOptions(request);
    const query = parseInput(ReportQuerySchema, request.query);
    return readReport({ ...options, assessmentId: idParam(request), against: query.against });
  });

  app.get('/api/assessments/:id/what-changed', { config: access }, async (request) => {
    const options = operationOptions(request);
    const query = parseInput(ReportQuerySchema, request.query);
    return readWhatChanged({ ...options, assessmentId: idParam(request), against: query.against });
  });

  app.get('/api/reports/latest', { config: access }, async (request): Promise<{ report: ReportModel | null; whatChangedPending?: true }> => {
    const options = operationOptions(request);
    const query = parseInput(LatestReportQuerySchema, request.query);
    return readLatestReport({ ...options, whatChanged: query.whatChanged ?? 'wait' });
  });

  const fileRoute = (path: string, kind: ReportFileKind) =>
    app.get(path, { config: access }, async (request, reply) => {
      const options = operationOptions(request);
      const query = parseInput(ReportQuerySchema, request.query);
      const { file, fileName } = await renderReportFile({ ...options, assessmentId: idParam(request), against: query.against, kind, log: request.log });
      return sendFile(reply, file, kind, fileName);
    });
  fileRoute('/api/assessments/:id/report.pdf', 'pdf');
  fileRoute('/api/assessments/:id/report.pptx', 'pptx');
  fileRoute('/api/assessments/:id/workbook.xlsx', 'xlsx');

  app.get('/api/organization/logo', { config: access }, async (request): Promise<OrganizationLogoResponse> => readOrganizationLogo({ db: app.db, auth: requireAuth(request) }));

  app.get('/api/organization/logo/image', { config: access }, async (request, reply) => {
    const logo = await readLogoImage({ db: app.db, organizationId: requireAuth(request).user.organizationId });
    return reply.header('content-type', logo.contentType).header('content-length', String(logo.data.length)).send(logo.data);
  });

  app.put('/api/organization/logo', { config: access, bodyLimit: LOGO_BODY_LIMIT_BYTES }, async (request): Promise<OrganizationLogoResponse> => {
    const auth = requireAuth(request);
    requireLogoManager(auth);
    const body = parseInput(UploadLogoBodySchema, request.body);
    return uploadLogo({ db: app.db, user: auth.user, body, now: app.now(), log: request.log });
  });

  app.delete('/api/organization/logo', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    requireLogoManager(auth);
    await removeLogo({ db: app.db, organizationId: auth.user.organizationId });
    return reply.status(204).send();
  });
}
