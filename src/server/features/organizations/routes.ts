import type { FastifyInstance } from 'fastify';
import {
  ChangeMemberRoleInputSchema,
  CreateOrganizationInputSchema,
  InvitationParamsSchema,
  InvitationTokenInputSchema,
  InviteMemberInputSchema,
  MemberParamsSchema,
  OrganizationIdParamsSchema,
  SwitchOrganizationInputSchema,
  type AcceptInvitationResponse,
  type InvitationPreview,
  type MyOrganization,
  type MyOrganizationsResponse,
  type OrganizationAuditEvent,
  type OrganizationMembersResponse,
  type PendingInvitation,
} from '@/contracts/organizations.ts';
import { auditFor } from '../../lib/audit.ts';
import { parseInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { changeMemberRole } from './change-member-role.ts';
import { createClientOrganization } from './create-client-organization.ts';
import { inviteMember } from './invite-member.ts';
import { requireChangeableMember, requireOwnerOf } from './organization-access.ts';
import { listMyOrganizations, listOrganizationAudit } from './organization-repository.ts';
import { previewInvitation } from './preview-invitation.ts';
import { readMembers } from './read-members.ts';
import { removeMember } from './remove-member.ts';
import { revokeInvitation } from './revoke-invitation.ts';
import { switchOrganization } from './switch-organization.ts';

/** Each invitation sends an e-mail; an owner inviting a whole practice stays well under this. */
const INVITES_PER_HOUR = 50;
/** Invitation links are tried per address: previews and acceptances together. */
const INVITATION_TRIES_PER_MINUTE = 30;

/**
 * Organisations, memberships and invitations (ADR 140-142). Everything here checks
 * membership on the server: an organisation the caller does not belong to answers 404.
 */
export async function organizationRoutes(app: FastifyInstance) {
  const user = { config: { access: 'user' } } as const;
  // Ways into another organisation: open to a member whose current organisation has not paid (ADR 196).
  const toPaidOrganization = { config: { access: 'user', payment: 'any-organization' } } as const;

  app.get('/api/organizations', toPaidOrganization, async (request): Promise<MyOrganizationsResponse> => {
    const auth = requireAuth(request);
    return { organizations: await listMyOrganizations(app.db, auth), currentOrganizationId: auth.user.organizationId, canCreateOrganizations: auth.user.isPartner };
  });

  app.post('/api/organizations', user, async (request, reply): Promise<MyOrganization> => {
    const auth = requireAuth(request);
    const { name } = parseInput(CreateOrganizationInputSchema, request.body);
    const organization = await createClientOrganization({ db: app.db, user: auth.user, name, now: app.now(), audit: auditFor(request) });
    void reply.code(201);
    return organization;
  });

  app.post('/api/organizations/current', toPaidOrganization, async (request) => {
    const auth = requireAuth(request);
    const { organizationId } = parseInput(SwitchOrganizationInputSchema, request.body);
    return switchOrganization({ db: app.db, auth, organizationId, audit: auditFor(request) });
  });

  app.get('/api/organizations/:id/members', user, async (request): Promise<OrganizationMembersResponse> => {
    const auth = requireAuth(request);
    const { id } = parseInput(OrganizationIdParamsSchema, request.params);
    const name = await requireOwnerOf(app.db, auth, id);
    return readMembers({ db: app.db, organization: { id, name }, now: app.now() });
  });

  app.patch('/api/organizations/:id/members/:userId', user, async (request) => {
    const auth = requireAuth(request);
    const { id, userId } = parseInput(MemberParamsSchema, request.params);
    const member = await requireChangeableMember(app.db, auth, id, userId);
    const { role } = parseInput(ChangeMemberRoleInputSchema, request.body);
    return changeMemberRole({ db: app.db, member, role, now: app.now(), audit: auditFor(request) });
  });

  app.delete('/api/organizations/:id/members/:userId', user, async (request) => {
    const auth = requireAuth(request);
    const { id, userId } = parseInput(MemberParamsSchema, request.params);
    const member = await requireChangeableMember(app.db, auth, id, userId);
    return removeMember({ db: app.db, member, audit: auditFor(request) });
  });

  app.post('/api/organizations/:id/invitations', user, async (request, reply): Promise<PendingInvitation> => {
    const auth = requireAuth(request);
    const { id } = parseInput(OrganizationIdParamsSchema, request.params);
    const name = await requireOwnerOf(app.db, auth, id);
    const input = parseInput(InviteMemberInputSchema, request.body);
    await enforceRateLimit(app, `invite:user:${auth.user.id}`, INVITES_PER_HOUR, 60 * 60_000, 'Too many invitations. Please try again later.');
    const invitation = await inviteMember({ db: app.db, mailer: app.mailer, appUrl: app.env.APP_URL, user: auth.user, organization: { id, name }, input, now: app.now(), audit: auditFor(request) });
    void reply.code(201);
    return invitation;
  });

  app.delete('/api/organizations/:id/invitations/:invitationId', user, async (request) => {
    const auth = requireAuth(request);
    const { id, invitationId } = parseInput(InvitationParamsSchema, request.params);
    await requireOwnerOf(app.db, auth, id);
    return revokeInvitation({ db: app.db, organizationId: id, invitationId, now: app.now(), audit: auditFor(request) });
  });

  app.get('/api/organizations/:id/audit', user, async (request): Promise<OrganizationAuditEvent[]> => {
    const auth = requireAuth(request);
    const { id } = parseInput(OrganizationIdParamsSchema, request.params);
    await requireOwnerOf(app.db, auth, id);
    return listOrganizationAudit(app.db, id, 200);
  });

  app.post('/api/invitations/preview', { config: { access: 'public' } }, async (request): Promise<InvitationPreview> => {
    await enforceRateLimit(app, `invitation:ip:${request.ip}`, INVITATION_TRIES_PER_MINUTE, 60_000);
    const { token } = parseInput(InvitationTokenInputSchema, request.body);
    return previewInvitation({ db: app.db, token, now: app.now() });
  });

  app.post('/api/invitations/accept', toPaidOrganization, async (request): Promise<AcceptInvitationResponse> => {
    const auth = requireAuth(request);
    await enforceRateLimit(app, `invitation:ip:${request.ip}`, INVITATION_TRIES_PER_MINUTE, 60_000);
    const { token } = parseInput(InvitationTokenInputSchema, request.body);
    return acceptInvitation({ db: app.db, auth, token, now: app.now(), audit: auditFor(request) });
  });
}
