import type { FastifyRequest } from 'fastify';
import { ChangeMemberRoleInputSchema, MemberParamsSchema, OrganizationIdParamsSchema, type OrganizationMembersResponse } from '@/contracts/organizations.ts';
import { AppError } from '../../errors.ts';
import { auditRequest } from '../../lib/audit.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { removeMembership, upsertMembership } from '../../sessions/revocation.ts';
import { requireOwnerOf } from './organization-access.ts';
import { countOwners, findMember, listMembers, listPendingInvitations } from './organization-repository.ts';

/** GET /api/organizations/:id/members (owners). */
export async function getMembers(request: FastifyRequest): Promise<OrganizationMembersResponse> {
  const app = request.server;
  const auth = requireAuth(request);
  const { id } = parseInput(OrganizationIdParamsSchema, request.params);
  const name = await requireOwnerOf(app.db, auth, id);
  return { organization: { id, name }, members: await listMembers(app.db, id), invitations: await listPendingInvitations(app.db, id, app.now()) };
}

/** Guards shared by role change and removal: the organisation always keeps an owner. */
async function requireChangeableMember(request: FastifyRequest) {
  const app = request.server;
  const auth = requireAuth(request);
  const { id, userId } = parseInput(MemberParamsSchema, request.params);
  await requireOwnerOf(app.db, auth, id);
  const member = await findMember(app.db, id, userId);
  if (!member) throw new AppError('not_found', 'Member not found');
  return { app, auth, id, userId, member };
}

/** PATCH /api/organizations/:id/members/:userId. */
export async function changeMemberRole(request: FastifyRequest): Promise<{ message: string }> {
  const { app, id, userId, member } = await requireChangeableMember(request);
  const { role } = parseInput(ChangeMemberRoleInputSchema, request.body);
  if (member.role === 'owner' && role !== 'owner' && (await countOwners(app.db, id)) <= 1) {
    throw new AppError('conflict', 'An organisation must keep at least one owner.');
  }
  await upsertMembership(app.db, userId, id, role, app.now());
  await auditRequest(request, { action: 'organization.member_role_changed', targetUserId: userId, organizationId: id, details: { before: member.role, after: role } });
  return { message: 'Role updated' };
}

/** DELETE /api/organizations/:id/members/:userId: their sessions leave the organisation at once. */
export async function removeMember(request: FastifyRequest): Promise<{ message: string }> {
  const { app, id, userId, member } = await requireChangeableMember(request);
  if (member.homeOrganizationId === id) throw new AppError('conflict', 'This is the member’s home organisation; an administrator can disable the account instead.');
  if (member.role === 'owner' && (await countOwners(app.db, id)) <= 1) throw new AppError('conflict', 'An organisation must keep at least one owner.');
  await removeMembership(app.db, userId, id);
  await auditRequest(request, { action: 'organization.member_removed', targetUserId: userId, organizationId: id, details: { before: member.role, after: null } });
  return { message: 'Member removed' };
}
