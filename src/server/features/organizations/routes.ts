import type { FastifyInstance } from 'fastify';
import {
  CreateOrganizationInputSchema,
  OrganizationIdParamsSchema,
  SwitchOrganizationInputSchema,
  type MyOrganization,
  type MyOrganizationsResponse,
  type OrganizationAuditEvent,
} from '@/contracts/organizations.ts';
import { AppError } from '../../errors.ts';
import { auditRequest } from '../../lib/audit.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { selectSessionOrganization } from '../../sessions/revocation.ts';
import { acceptInvitation, inviteMember, previewInvitation, revokeInvitation } from './invitations.ts';
import { changeMemberRole, getMembers, removeMember } from './members.ts';
import { requireMemberOf, requireOwnerOf } from './organization-access.ts';
import { countOwnedOrganizations, insertClientOrganization, listMyOrganizations, listOrganizationAudit } from './organization-repository.ts';

/** A partner looking after many clinics is expected; this only stops runaway creation. */
export const MAX_OWNED_ORGANIZATIONS = 500;

/**
 * Organisations, memberships and invitations (issue #15, ADR 140-142). Everything here checks
 * membership on the server: an organisation the caller does not belong to answers 404.
 */
export async function organizationRoutes(app: FastifyInstance) {
  app.get('/api/organizations', { config: { access: 'user' } }, async (request): Promise<MyOrganizationsResponse> => {
    const auth = requireAuth(request);
    return { organizations: await listMyOrganizations(app.db, auth), currentOrganizationId: auth.user.organizationId, canCreateOrganizations: auth.user.isPartner };
  });

  app.post('/api/organizations', { config: { access: 'user' } }, async (request, reply): Promise<MyOrganization> => {
    const auth = requireAuth(request);
    const { name } = parseInput(CreateOrganizationInputSchema, request.body);
    if (!auth.user.isPartner) throw new AppError('forbidden', 'Only approved partners can create client organisations');
    if ((await countOwnedOrganizations(app.db, auth.user.id)) >= MAX_OWNED_ORGANIZATIONS) {
      throw new AppError('conflict', `You already own ${MAX_OWNED_ORGANIZATIONS} organisations. Contact support to raise the limit.`);
    }
    const organization = await insertClientOrganization(app.db, auth.user.id, name, app.now());
    await auditRequest(request, { action: 'organization.created', targetUserId: auth.user.id, organizationId: organization.id, details: { name } });
    void reply.code(201);
    return { ...organization, role: 'owner', isHome: false, isCurrent: false };
  });

  app.post('/api/organizations/current', { config: { access: 'user' } }, async (request) => {
    const auth = requireAuth(request);
    const { organizationId } = parseInput(SwitchOrganizationInputSchema, request.body);
    const role = await requireMemberOf(app.db, auth, organizationId);
    await selectSessionOrganization(app.db, auth.session.id, auth.user.id, organizationId === auth.user.homeOrganizationId ? null : organizationId);
    await auditRequest(request, { action: 'organization.switched', targetUserId: auth.user.id, organizationId, details: { before: auth.user.organizationId, after: organizationId } });
    return { message: 'Organisation switched', organizationId, role };
  });

  app.get('/api/organizations/:id/members', { config: { access: 'user' } }, getMembers);
  app.patch('/api/organizations/:id/members/:userId', { config: { access: 'user' } }, changeMemberRole);
  app.delete('/api/organizations/:id/members/:userId', { config: { access: 'user' } }, removeMember);
  app.post('/api/organizations/:id/invitations', { config: { access: 'user' } }, async (request, reply) => {
    const invitation = await inviteMember(request);
    void reply.code(201);
    return invitation;
  });
  app.delete('/api/organizations/:id/invitations/:invitationId', { config: { access: 'user' } }, revokeInvitation);

  app.get('/api/organizations/:id/audit', { config: { access: 'user' } }, async (request): Promise<OrganizationAuditEvent[]> => {
    const auth = requireAuth(request);
    const { id } = parseInput(OrganizationIdParamsSchema, request.params);
    await requireOwnerOf(app.db, auth, id);
    return listOrganizationAudit(app.db, id, 200);
  });

  app.post('/api/invitations/preview', { config: { access: 'public' } }, previewInvitation);
  app.post('/api/invitations/accept', { config: { access: 'user' } }, acceptInvitation);
}
