import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LatestReportQuerySchema,
  LatestReportResponseSchema,
  OrganizationLogoResponseSchema,
  ReportParamsSchema,
  ReportQuerySchema,
  ReportResponseSchema,
  UploadLogoBodySchema,
  WhatChangedResponseSchema,
} from '@/contracts/reports.ts';
import { rejectInvalidInput } from '../../lib/validation.ts';
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
import { sendReportFile } from './send-report-file.ts';
import { reportV1Routes } from './v1-routes.ts';
import { uploadLogo } from './upload-logo.ts';
import { WhatChangedCache } from './what-changed-cache.ts';

/** Base64 of a 500 KB logo inside a JSON body, with room to answer "too large" ourselves (400) rather than with a bare 413. */
const LOGO_BODY_LIMIT_BYTES = 1_536 * 1024;

/**
 * Board reports of a completed assessment: the report model as JSON (for
 * /presentation), the PDF, the PowerPoint deck, the verification workbook and the
 * what-changed waterfall; and the organisation's logo they carry.
 */
export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = { access: 'user' } as const;
  const params = ReportParamsSchema;
  // One per app: completed assessments never change, so their waterfalls are computed once (ADR 125).
  const whatChangedCache = new WhatChangedCache();
  // Its engine re-runs go to the app's engine runner, off the event loop (ADR 128, ADR 263).
  const { engine } = app;
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
    reports: app.reports,
    organizationId: requireAuth(request).user.organizationId,
    now: app.now(),
  });

  // The public API's reports (ADR 228) share this cache and engine.
  await app.register(reportV1Routes, { operationOptions });

  app.get('/api/assessments/:id/report', { config: access, schema: { params, querystring: ReportQuerySchema, response: { 200: ReportResponseSchema } } }, async (request) => {
    const options = operationOptions(request);
    return readReport({ ...options, assessmentId: request.params.id, against: request.query.against });
  });

  app.get('/api/assessments/:id/what-changed', { config: access, schema: { params, querystring: ReportQuerySchema, response: { 200: WhatChangedResponseSchema } } }, async (request) => {
    const options = operationOptions(request);
    return readWhatChanged({ ...options, assessmentId: request.params.id, against: request.query.against });
  });

  app.get('/api/reports/latest', { config: access, schema: { querystring: LatestReportQuerySchema, response: { 200: LatestReportResponseSchema } } }, async (request) => {
    const options = operationOptions(request);
    return readLatestReport({ ...options, whatChanged: request.query.whatChanged ?? 'wait' });
  });

  // Files: their input is declared, their answer is not JSON, so no response schema.
  const fileRoute = (path: string, kind: ReportFileKind) =>
    app.get(path, { config: access, schema: { params, querystring: ReportQuerySchema } }, async (request, reply) => {
      const options = operationOptions(request);
      const { file, fileName } = await renderReportFile({ ...options, assessmentId: request.params.id, against: request.query.against, kind, log: request.log });
      return sendReportFile(reply, file, kind, fileName);
    });
  fileRoute('/api/assessments/:id/report.pdf', 'pdf');
  fileRoute('/api/assessments/:id/report.pptx', 'pptx');
  fileRoute('/api/assessments/:id/workbook.xlsx', 'xlsx');

  app.get('/api/organization/logo', { config: access, schema: { response: { 200: OrganizationLogoResponseSchema } } }, async (request) => readOrganizationLogo({ db: app.db, auth: requireAuth(request) }));

  app.get('/api/organization/logo/image', { config: access }, async (request, reply) => {
    const logo = await readLogoImage({ db: app.db, organizationId: requireAuth(request).user.organizationId });
    return reply.header('content-type', logo.contentType).header('content-length', String(logo.data.length)).send(logo.data);
  });

  // Who may manage the logo is checked (403) before the body is read (400), as ever (ADR 064, 210).
  const uploadSchema = { body: UploadLogoBodySchema, response: { 200: OrganizationLogoResponseSchema } };
  app.put('/api/organization/logo', { config: access, bodyLimit: LOGO_BODY_LIMIT_BYTES, schema: uploadSchema, attachValidation: true }, async (request) => {
    const auth = requireAuth(request);
    requireLogoManager(auth);
    rejectInvalidInput(request);
    return uploadLogo({ db: app.db, user: auth.user, body: request.body, now: app.now(), log: request.log });
  });

  app.delete('/api/organization/logo', { config: access, schema: { response: { 204: z.undefined() } } }, async (request, reply) => {
    const auth = requireAuth(request);
    requireLogoManager(auth);
    await removeLogo({ db: app.db, organizationId: auth.user.organizationId });
    return reply.status(204).send();
  });
}
