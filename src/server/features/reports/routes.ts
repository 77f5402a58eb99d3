import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OrganizationLogoResponseSchema, ReportQuerySchema, UploadLogoBodySchema, type OrganizationLogoResponse } from '@/contracts/reports.ts';
import { renderReportPdf, type ReportLogo } from '@/reports/render-pdf.tsx';
import { renderReportPptx } from '@/reports/render-pptx.ts';
import type { ReportModel } from '@/reports/report-model.ts';
import { renderWorkbook } from '@/reports/render-workbook.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireAuth, type AuthContext } from '../../sessions/auth-context.ts';
import { loadReport, loadReportOf, loadWhatChanged, requireCompleted, toCompleted } from './load-report.ts';
import { deleteLogo, findLogo, saveLogo } from './logo-repository.ts';
import { findLatestCompleted } from './report-repository.ts';
import { validateLogo } from './validate-logo.ts';
import { WhatChangedCache } from './what-changed-cache.ts';

/** Base64 of a 500 KB logo inside a JSON body, with room to answer "too large" ourselves (400) rather than with a bare 413. */
const LOGO_BODY_LIMIT_BYTES = 1_536 * 1024;

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/**
 * Who may change the organisation's logo (ADR 145): an owner of the current organisation, or a
 * platform administrator who is not a viewer of it. Members and viewers are refused (403).
 */
function canManageLogo(auth: AuthContext): boolean {
  if (auth.user.organizationRole === 'owner') return true;
  return auth.user.organizationRole !== 'viewer' && (auth.user.role === 'admin' || auth.user.role === 'super_admin');
}

/** Sends a complete file: built in memory first, so a failure answers an error instead of half a file. */
function sendFile(reply: FastifyReply, file: Buffer, kind: keyof typeof CONTENT_TYPES, fileName: string) {
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

  async function loadLogo(organizationId: string): Promise<ReportLogo | null> {
    const logo = await findLogo(app.db, organizationId);
    return logo ? { data: logo.data, contentType: logo.contentType } : null;
  }

  app.get('/api/assessments/:id/report', { config: access }, async (request) => {
    const auth = requireAuth(request);
    const query = parseInput(ReportQuerySchema, request.query);
    const { model } = await loadReport(app.db, whatChangedCache, auth.user.organizationId, idParam(request), query.against, app.now());
    return model;
  });

  app.get('/api/assessments/:id/what-changed', { config: access }, async (request) => {
    const auth = requireAuth(request);
    const query = parseInput(ReportQuerySchema, request.query);
    const current = await requireCompleted(app.db, auth.user.organizationId, idParam(request));
    return { whatChanged: await loadWhatChanged(app.db, whatChangedCache, auth.user.organizationId, current, query.against) };
  });

  // /presentation asks for this while the page is still loading, before it knows the list of
  // assessments (ADR 125): the report of the organisation's most recently completed assessment.
  app.get('/api/reports/latest', { config: access }, async (request): Promise<{ report: ReportModel | null }> => {
    const auth = requireAuth(request);
    const latest = await findLatestCompleted(app.db, auth.user.organizationId);
    if (!latest || latest.result === null) return { report: null };
    const { model } = await loadReportOf(app.db, whatChangedCache, auth.user.organizationId, toCompleted(latest), undefined, app.now());
    return { report: model };
  });

  app.get('/api/assessments/:id/report.pdf', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    const query = parseInput(ReportQuerySchema, request.query);
    const { model } = await loadReport(app.db, whatChangedCache, auth.user.organizationId, idParam(request), query.against, app.now());
    const file = await renderReportPdf(model, await loadLogo(auth.user.organizationId));
    request.log.info({ assessmentId: model.meta.assessmentId, bytes: file.length }, 'board report PDF generated');
    return sendFile(reply, file, 'pdf', `cifer-board-report-${model.meta.fileStem}.pdf`);
  });

  app.get('/api/assessments/:id/report.pptx', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    const query = parseInput(ReportQuerySchema, request.query);
    const { model } = await loadReport(app.db, whatChangedCache, auth.user.organizationId, idParam(request), query.against, app.now());
    const file = await renderReportPptx(model, await loadLogo(auth.user.organizationId));
    request.log.info({ assessmentId: model.meta.assessmentId, bytes: file.length }, 'board deck generated');
    return sendFile(reply, file, 'pptx', `cifer-board-deck-${model.meta.fileStem}.pptx`);
  });

  app.get('/api/assessments/:id/workbook.xlsx', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    const query = parseInput(ReportQuerySchema, request.query);
    const { model, source } = await loadReport(app.db, whatChangedCache, auth.user.organizationId, idParam(request), query.against, app.now());
    const file = await renderWorkbook(model, source);
    request.log.info({ assessmentId: model.meta.assessmentId, bytes: file.length }, 'verification workbook generated');
    return sendFile(reply, file, 'xlsx', `cifer-verification-workbook-${model.meta.fileStem}.xlsx`);
  });

  app.get('/api/organization/logo', { config: access }, async (request): Promise<OrganizationLogoResponse> => {
    const auth = requireAuth(request);
    const logo = await findLogo(app.db, auth.user.organizationId);
    const canManage = canManageLogo(auth);
    return OrganizationLogoResponseSchema.parse({
      canManage,
      logo: logo ? { contentType: logo.contentType, byteLength: logo.byteLength, width: logo.width, height: logo.height, updatedAt: logo.updatedAt.toISOString(), canManage } : null,
    });
  });

  app.get('/api/organization/logo/image', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    const logo = await findLogo(app.db, auth.user.organizationId);
    if (!logo) throw new AppError('not_found', 'This organisation has no logo');
    return reply.header('content-type', logo.contentType).header('content-length', String(logo.data.length)).send(logo.data);
  });

  app.put('/api/organization/logo', { config: access, bodyLimit: LOGO_BODY_LIMIT_BYTES }, async (request) => {
    const auth = requireAuth(request);
    if (!canManageLogo(auth)) throw new AppError('forbidden', 'Only an owner of this organisation can change its logo.');
    const body = parseInput(UploadLogoBodySchema, request.body);
    const data = Buffer.from(body.dataBase64, 'base64');
    const { width, height } = validateLogo(data, body.contentType);
    await saveLogo(app.db, { organizationId: auth.user.organizationId, contentType: body.contentType, data, width, height, uploadedById: auth.user.id, now: app.now() });
    request.log.info({ organizationId: auth.user.organizationId, bytes: data.length, width, height }, 'organisation logo saved');
    return { logo: { contentType: body.contentType, byteLength: data.length, width, height, updatedAt: app.now().toISOString(), canManage: true }, canManage: true };
  });

  app.delete('/api/organization/logo', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    if (!canManageLogo(auth)) throw new AppError('forbidden', 'Only an owner of this organisation can change its logo.');
    const deleted = await deleteLogo(app.db, auth.user.organizationId);
    if (!deleted) throw new AppError('not_found', 'This organisation has no logo');
    return reply.status(204).send();
  });
}
