import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { V1OrganizationListSchema, type V1Organization } from '@/contracts/public-api.ts';
import { actsInOneOrganization, requireAuth, type AuthContext } from '../../sessions/auth-context.ts';
import { listMyOrganizations, listOrganizationAudit } from './organization-repository.ts';
import { requireOwnerOf } from './organization-access.ts';
import { readMembers } from './read-members.ts';
import { requireActingOwner } from '../../sessions/organization-owner.ts';
import { OrganizationAuditListSchema, OrganizationMembersResponseSchema } from '@/contracts/organizations.ts';

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
  app.get('/api/v1/audit-log', { config: ownerRead, schema: { response: { 200: OrganizationAuditListSchema } } }, async (request) => {
    const organizationId = requireActingOwner(requireAuth(request));
    return listOrganizationAudit(app.db, organizationId, 200);
  });

  app.get('/api/v1/organizations', { config: read, schema: { response: { 200: V1OrganizationListSchema } } }, async (request) => ({
    organizations: await listActingOrganizations(app, requireAuth(request)),
  }));
}
