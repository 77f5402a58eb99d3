import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { V1AuditLogPageSchema, V1AuditLogQuerySchema, V1OrganizationListSchema, type V1AuditLogQuery, type V1Organization } from '@/contracts/public-api.ts';
import { actsInOneOrganization, requireAuth, type AuthContext } from '../../sessions/auth-context.ts';
import { listMyOrganizations } from './organization-repository.ts';
import { exportAuditLogCsv, readAuditPage } from './v1-audit-log.ts';
import { auditFor } from '../../lib/audit.ts';
import { requireOwnerOf } from './organization-access.ts';
import { readMembers } from './read-members.ts';
import { requireActingOwner } from '../../sessions/organization-owner.ts';
import { OrganizationMembersResponseSchema } from '@/contracts/organizations.ts';

/**
 * The organisations an API caller may act in (ADR 228): a browser session and a personal token
 * see every organisation of the account (a personal token picks one with `CIFER-Organization`);
 * an organisation token, like an assistant connected through OAuth (ADR 294), acts in its own
 * organisation only, so it sees that one alone.
 */
async function listActingOrganizations(app: FastifyInstance, auth: AuthContext): Promise<V1Organization[]> {
  const mine = await listMyOrganizations(app.db, auth);
  const visible = actsInOneOrganization(auth) ? mine.filter((o) => o.isCurrent) : mine;
  return visible.map((o) => ({ id: o.id, name: o.name, role: o.role, acting: o.isCurrent }));
}

/** A client that asks for CSV first (`Accept: text/csv`) gets the file rather than a page of JSON. */
function wantsCsv(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /^\s*text\/csv\b/i.test(accept);
}

export async function organizationV1Routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Like GET /api/organizations, it may lead into another (paid) organisation, so it does not ask that this one has paid (ADR 196).
  const read = { access: 'user', api: 'read', payment: 'any-organization' } as const;

  // Administration (ADR 293): the acting organisation's members, open invitations and audit log, for its owner.
  const ownerRead = { access: 'user', api: 'read' } as const;
  app.get('/api/v1/members', { config: ownerRead, schema: { response: { 200: OrganizationMembersResponseSchema } } }, async (request) => {
    const organizationId = requireActingOwner(requireAuth(request));
    const name = await requireOwnerOf(app.db, requireAuth(request), organizationId);
    return readMembers({ db: app.db, organization: { id: organizationId, name }, now: app.now() });
  });
  // The audit log, filtered and paged (ADR 293); as CSV when asked for by `Accept: text/csv` or by the .csv path.
  const exportCsv = async (request: FastifyRequest<{ Querystring: V1AuditLogQuery }>, reply: FastifyReply) => {
    const organizationId = requireActingOwner(requireAuth(request));
    const { csv, fileName } = await exportAuditLogCsv({ db: app.db, organizationId, query: request.query, now: app.now(), audit: auditFor(request) });
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
  };
  const auditSchema = { querystring: V1AuditLogQuerySchema, response: { 200: V1AuditLogPageSchema } };
  app.get('/api/v1/audit-log', { config: ownerRead, schema: auditSchema }, async (request, reply) => {
    if (wantsCsv(request)) return exportCsv(request, reply);
    const organizationId = requireActingOwner(requireAuth(request));
    return readAuditPage({ db: app.db, organizationId, query: request.query });
  });
  // A file: its query is declared, its answer is not (ADR 210).
  app.get('/api/v1/audit-log.csv', { config: ownerRead, schema: { querystring: V1AuditLogQuerySchema } }, exportCsv);

  app.get('/api/v1/organizations', { config: read, schema: { response: { 200: V1OrganizationListSchema } } }, async (request) => ({
    organizations: await listActingOrganizations(app, requireAuth(request)),
  }));
}
