import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '@/contracts/api.ts';
import {
  ChangeMemberRoleInputSchema,
  InviteMemberInputSchema,
  PendingInvitationSchema,
  V1InvitationParamsSchema,
  V1MemberParamsSchema,
} from '@/contracts/organizations.ts';
import { auditFor } from '../../lib/audit.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { requireActingOwner } from '../../sessions/organization-owner.ts';
import { changeMemberRole } from './change-member-role.ts';
import { requireChangeableMember, requireOwnerOf } from './organization-access.ts';
import { removeMember } from './remove-member.ts';
import { revokeInvitation } from './revoke-invitation.ts';
import { inviteWithinLimit } from './routes.ts';

/**
 * Members and invitations through /api/v1 (ADR 293): the acting organisation's owner, with a write
 * token, does what the Members page does, through the same operations and so under the same rules
 * (the last owner stays, the same invitation limit) and with the same audit entries.
 */
export async function memberV1Routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ownerWrite = { access: 'user', api: 'write' } as const;
  const message = { 200: MessageResponseSchema };

  app.post(
    '/api/v1/invitations',
    { config: ownerWrite, schema: { body: InviteMemberInputSchema, response: { 201: PendingInvitationSchema } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const id = requireActingOwner(auth);
      const name = await requireOwnerOf(app.db, auth, id);
      return reply.code(201).send(await inviteWithinLimit(app, request, { id, name }, request.body));
    },
  );

  app.delete(
    '/api/v1/invitations/:invitationId',
    { config: ownerWrite, schema: { params: V1InvitationParamsSchema, response: message } },
    async (request) => {
      const auth = requireAuth(request);
      const id = requireActingOwner(auth);
      await requireOwnerOf(app.db, auth, id);
      return revokeInvitation({
        db: app.db,
        organizationId: id,
        invitationId: request.params.invitationId,
        now: app.now(),
        audit: auditFor(request),
      });
    },
  );

  app.patch(
    '/api/v1/members/:userId',
    { config: ownerWrite, schema: { params: V1MemberParamsSchema, body: ChangeMemberRoleInputSchema, response: message } },
    async (request) => {
      const auth = requireAuth(request);
      const member = await requireChangeableMember(app.db, auth, requireActingOwner(auth), request.params.userId);
      return changeMemberRole({ db: app.db, member, role: request.body.role, now: app.now(), audit: auditFor(request) });
    },
  );

  app.delete(
    '/api/v1/members/:userId',
    { config: ownerWrite, schema: { params: V1MemberParamsSchema, response: message } },
    async (request) => {
      const auth = requireAuth(request);
      const member = await requireChangeableMember(app.db, auth, requireActingOwner(auth), request.params.userId);
      return removeMember({ db: app.db, member, audit: auditFor(request) });
    },
  );
}
