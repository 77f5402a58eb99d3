import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MessageResponseSchema } from '@/contracts/api.ts';
import {
  AcceptInvitationResponseSchema,
  ChangeMemberRoleInputSchema,
  CreateOrganizationInputSchema,
  InvitationParamsSchema,
  InvitationPreviewSchema,
  InvitationTokenInputSchema,
  InviteMemberInputSchema,
  MemberParamsSchema,
  MyOrganizationSchema,
  MyOrganizationsResponseSchema,
  OrganizationAuditListSchema,
  OrganizationIdParamsSchema,
  OrganizationMembersResponseSchema,
  PendingInvitationSchema,
  SwitchOrganizationInputSchema,
  SwitchOrganizationResponseSchema,
} from '@/contracts/organizations.ts';
import { auditFor } from '../../lib/audit.ts';
import { rejectInvalidInput, rejectInvalidParams } from '../../lib/validation.ts';
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

/** An owner's invitation, from the Members page or /api/v1 alike: counted against the hourly limit, then sent. */
export async function inviteWithinLimit(app: FastifyInstance, request: FastifyRequest, organization: { id: string; name: string }, input: z.output<typeof InviteMemberInputSchema>) {
  const auth = requireAuth(request);
  await enforceRateLimit(app, `invite:user:${auth.user.id}`, INVITES_PER_HOUR, 60 * 60_000, 'Too many invitations. Please try again later.');
  return inviteMember({ db: app.db, mailer: app.mailer, appUrl: app.env.APP_URL, user: auth.user, organization, input, now: app.now(), audit: auditFor(request) });
}
/** Invitation links are tried per address: previews and acceptances together. */
const INVITATION_TRIES_PER_MINUTE = 30;

/**
 * Organisations, memberships and invitations (ADR 140-142). Everything here checks
 * membership on the server: an organisation the caller does not belong to answers 404.
 * A write that finds its member or checks the caller's ownership, or counts an attempt, before it
 * reads its body keeps that order (ADR 064): its schemas are declared with attachValidation (ADR 210).
 */
export async function organizationRoutes(fastify: FastifyInstance) {
  myOrganizationRoutes(fastify);
  memberRoutes(fastify);
  invitationLinkRoutes(fastify);
}

const user = { access: 'user' } as const;
// Ways into another organisation: open to a member whose current organisation has not paid (ADR 196).
const toPaidOrganization = { access: 'user', payment: 'any-organization' } as const;
const message = { 200: MessageResponseSchema };

/** The caller's organisations: list, create, switch. */
function myOrganizationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/organizations', { config: toPaidOrganization, schema: { response: { 200: MyOrganizationsResponseSchema } } }, async (request) => {
    const auth = requireAuth(request);
    return { organizations: await listMyOrganizations(app.db, auth), currentOrganizationId: auth.user.organizationId, canCreateOrganizations: auth.user.isPartner };
  });

  app.post('/api/organizations', { config: user, schema: { body: CreateOrganizationInputSchema, response: { 201: MyOrganizationSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const organization = await createClientOrganization({ db: app.db, user: auth.user, name: request.body.name, now: app.now(), audit: auditFor(request) });
    return reply.code(201).send(organization);
  });

  const switchSchema = { body: SwitchOrganizationInputSchema, response: { 200: SwitchOrganizationResponseSchema } };
  app.post('/api/organizations/current', { config: toPaidOrganization, schema: switchSchema }, async (request) => {
    const auth = requireAuth(request);
    return switchOrganization({ db: app.db, auth, organizationId: request.body.organizationId, audit: auditFor(request) });
  });
}

/** An owner's members, invitations and audit trail. */
function memberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const membersSchema = { params: OrganizationIdParamsSchema, response: { 200: OrganizationMembersResponseSchema } };
  app.get('/api/organizations/:id/members', { config: user, schema: membersSchema }, async (request) => {
    const auth = requireAuth(request);
    const { id } = request.params;
    const name = await requireOwnerOf(app.db, auth, id);
    return readMembers({ db: app.db, organization: { id, name }, now: app.now() });
  });

  const memberRoleSchema = { params: MemberParamsSchema, body: ChangeMemberRoleInputSchema, response: message };
  app.patch('/api/organizations/:id/members/:userId', { config: user, schema: memberRoleSchema, attachValidation: true }, async (request) => {
    const auth = requireAuth(request);
    rejectInvalidParams(request);
    const { id, userId } = request.params;
    const member = await requireChangeableMember(app.db, auth, id, userId);
    rejectInvalidInput(request);
    return changeMemberRole({ db: app.db, member, role: request.body.role, now: app.now(), audit: auditFor(request) });
  });

  app.delete('/api/organizations/:id/members/:userId', { config: user, schema: { params: MemberParamsSchema, response: message } }, async (request) => {
    const auth = requireAuth(request);
    const { id, userId } = request.params;
    const member = await requireChangeableMember(app.db, auth, id, userId);
    return removeMember({ db: app.db, member, audit: auditFor(request) });
  });

  const inviteSchema = { params: OrganizationIdParamsSchema, body: InviteMemberInputSchema, response: { 201: PendingInvitationSchema } };
  app.post('/api/organizations/:id/invitations', { config: user, schema: inviteSchema, attachValidation: true }, async (request, reply) => {
    const auth = requireAuth(request);
    rejectInvalidParams(request);
    const { id } = request.params;
    const name = await requireOwnerOf(app.db, auth, id);
    rejectInvalidInput(request);
    return reply.code(201).send(await inviteWithinLimit(app, request, { id, name }, request.body));
  });

  app.delete('/api/organizations/:id/invitations/:invitationId', { config: user, schema: { params: InvitationParamsSchema, response: message } }, async (request) => {
    const auth = requireAuth(request);
    const { id, invitationId } = request.params;
    await requireOwnerOf(app.db, auth, id);
    return revokeInvitation({ db: app.db, organizationId: id, invitationId, now: app.now(), audit: auditFor(request) });
  });

  app.get('/api/organizations/:id/audit', { config: user, schema: { params: OrganizationIdParamsSchema, response: { 200: OrganizationAuditListSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const { id } = request.params;
    await requireOwnerOf(app.db, auth, id);
    return listOrganizationAudit(app.db, id, 200);
  });
}

/** An invitation link: preview it, accept it. */
function invitationLinkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Every try at an invitation link counts against the limit, a malformed one too, so the 400 waits for it.
  const previewSchema = { body: InvitationTokenInputSchema, response: { 200: InvitationPreviewSchema } };
  app.post('/api/invitations/preview', { config: { access: 'public' }, schema: previewSchema, attachValidation: true }, async (request) => {
    await enforceRateLimit(app, `invitation:ip:${request.ip}`, INVITATION_TRIES_PER_MINUTE, 60_000);
    rejectInvalidInput(request);
    return previewInvitation({ db: app.db, token: request.body.token, now: app.now() });
  });

  const acceptSchema = { body: InvitationTokenInputSchema, response: { 200: AcceptInvitationResponseSchema } };
  app.post('/api/invitations/accept', { config: toPaidOrganization, schema: acceptSchema, attachValidation: true }, async (request) => {
    const auth = requireAuth(request);
    await enforceRateLimit(app, `invitation:ip:${request.ip}`, INVITATION_TRIES_PER_MINUTE, 60_000);
    rejectInvalidInput(request);
    return acceptInvitation({ db: app.db, auth, token: request.body.token, now: app.now(), audit: auditFor(request) });
  });
}
