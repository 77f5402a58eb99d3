import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OrganizationLogoResponseSchema, ReportQuerySchema, UploadLogoBodySchema, type OrganizationLogoResponse } from '@/contracts/reports.ts';
import { renderReportPdf, type ReportLogo } from '@/reports/render-pdf.tsx';
import { renderReportPptx } from '@/reports/render-pptx.ts';
import { renderWorkbook } from '@/reports/render-workbook.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { loadReport, loadWhatChanged, requireCompleted } from './load-report.ts';
import { deleteLogo, findLogo, saveLogo } from './logo-repository.ts';
import { countOrganizationUsers } from './report-repository.ts';
import { validateLogo } from './validate-logo.ts';

/** Base64 of a 500 KB logo inside a JSON body, with room to answer "too large" ourselves (400) rather than with a bare 413. */
const LOGO_BODY_LIMIT_BYTES = 1_536 * 1024;

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthorized', 'Unauthorized');
  return request.auth;
}

function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/**
 * Who may change the organisation's logo: an admin (role admin or super_admin) or the
 * organisation's only user (a one-person organisation has nobody else to ask). ADR 123;
 * organisation owners (#15) will refine this.
 */
async function canManageLogo(app: FastifyInstance, auth: AuthContext): Promise<boolean> {
  // A viewer of the organisation reads only (ADR 140).
  if (auth.user.organizationRole === 'viewer') return false;
  if (auth.user.role === 'admin' || auth.user.role === 'super_admin') return true;
  return (await countOrganizationUsers(app.db, auth.user.organizationId)) === 1;
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

  async function loadLogo(organizationId: string): Promise<ReportLogo | null> {
    const logo = await findLogo(app.db, organizationId);
    return logo ? { data: logo.data, contentType: logo.contentType } : null;
  }

  app.get('/api/assessments/:id/report', { config: access }, async (request) => {
    const auth = requireAuth(request);
    const query = parseInput(ReportQuerySchema, request.query);
    const { model } = await loadReport(app.db, auth.user.organizationId, idParam(request), query.against, app.now());
    return model;
  });

  app.get('/api/assessments/:id/what-changed', { config: access }, async (request) => {
    const auth = requireAuth(request);
    const query = parseInput(ReportQuerySchema, request.query);
    const { compared } = await requireCompleted(app.db, auth.user.organizationId, idParam(request));
    return { whatChanged: await loadWhatChanged(app.db, auth.user.organizationId, compared, query.against) };
  });

  app.get('/api/assessments/:id/report.pdf', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    const query = parseInput(ReportQuerySchema, request.query);
    const { model } = await loadReport(app.db, auth.user.organizationId, idParam(request), query.against, app.now());
    const file = await renderReportPdf(model, await loadLogo(auth.user.organizationId));
    request.log.info({ assessmentId: model.meta.assessmentId, bytes: file.length }, 'board report PDF generated');
    return sendFile(reply, file, 'pdf', `cifer-board-report-${model.meta.fileStem}.pdf`);
  });

  app.get('/api/assessments/:id/report.pptx', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    const query = parseInput(ReportQuerySchema, request.query);
    const { model } = await loadReport(app.db, auth.user.organizationId, idParam(request), query.against, app.now());
    const file = await renderReportPptx(model, await loadLogo(auth.user.organizationId));
    request.log.info({ assessmentId: model.meta.assessmentId, bytes: file.length }, 'board deck generated');
    return sendFile(reply, file, 'pptx', `cifer-board-deck-${model.meta.fileStem}.pptx`);
  });

  app.get('/api/assessments/:id/workbook.xlsx', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    const query = parseInput(ReportQuerySchema, request.query);
    const { model, source } = await loadReport(app.db, auth.user.organizationId, idParam(request), query.against, app.now());
    const file = await renderWorkbook(model, source);
    request.log.info({ assessmentId: model.meta.assessmentId, bytes: file.length }, 'verification workbook generated');
    return sendFile(reply, file, 'xlsx', `cifer-verification-workbook-${model.meta.fileStem}.xlsx`);
  });

  app.get('/api/organization/logo', { config: access }, async (request): Promise<OrganizationLogoResponse> => {
    const auth = requireAuth(request);
    const [logo, canManage] = await Promise.all([findLogo(app.db, auth.user.organizationId), canManageLogo(app, auth)]);
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
    if (!(await canManageLogo(app, auth))) throw new AppError('forbidden', 'Only an administrator of your organisation can change its logo.');
    const body = parseInput(UploadLogoBodySchema, request.body);
    const data = Buffer.from(body.dataBase64, 'base64');
    const { width, height } = validateLogo(data, body.contentType);
    await saveLogo(app.db, { organizationId: auth.user.organizationId, contentType: body.contentType, data, width, height, uploadedById: auth.user.id, now: app.now() });
    request.log.info({ organizationId: auth.user.organizationId, bytes: data.length, width, height }, 'organisation logo saved');
    return { logo: { contentType: body.contentType, byteLength: data.length, width, height, updatedAt: app.now().toISOString(), canManage: true }, canManage: true };
  });

  app.delete('/api/organization/logo', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    if (!(await canManageLogo(app, auth))) throw new AppError('forbidden', 'Only an administrator of your organisation can change its logo.');
    const deleted = await deleteLogo(app.db, auth.user.organizationId);
    if (!deleted) throw new AppError('not_found', 'This organisation has no logo');
    return reply.status(204).send();
  });
}
