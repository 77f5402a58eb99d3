import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  INVITATION_LIFETIME_DAYS,
  InvitationParamsSchema,
  InvitationTokenInputSchema,
  InviteMemberInputSchema,
  OrganizationIdParamsSchema,
  type AcceptInvitationResponse,
  type InvitationPreview,
  type PendingInvitation,
} from '@/contracts/organizations.ts';
import { invitations, organizations, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { auditRequest } from '../../lib/audit.ts';
import { parseInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth, toOrganizationRole } from '../../sessions/auth-context.ts';
import { selectSessionOrganization, upsertMembership } from '../../sessions/revocation.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { findMember } from './organization-repository.ts';
import { invitationEmail } from './organizations-mail.ts';
import { requireOwnerOf } from './organization-access.ts';

const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60_000;
const INVITES_PER_HOUR = 50;
const INVALID_INVITATION = 'This invitation is invalid, has expired or was already used.';

/**
 * POST /api/organizations/:id/invitations (owners of that organisation, ADR 142): a 256-bit
 * token, stored as its SHA-256, e-mailed once, valid 7 days; a new invitation to the same address
 * replaces the open one.
 */
export async function inviteMember(request: FastifyRequest): Promise<PendingInvitation> {
  const app = request.server;
  const auth = requireAuth(request);
  const { id: organizationId } = parseInput(OrganizationIdParamsSchema, request.params);
  const organizationName = await requireOwnerOf(app.db, auth, organizationId);
  const input = parseInput(InviteMemberInputSchema, request.body);
  await enforceRateLimit(app, `invite:user:${auth.user.id}`, INVITES_PER_HOUR, 60 * 60_000, 'Too many invitations. Please try again later.');
  const email = input.email.trim().toLowerCase();
  const [existingUser] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existingUser && (await findMember(app.db, organizationId, existingUser.id))) {
    throw new AppError('conflict', 'This person is already a member of the organisation.');
  }
  const now = app.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const row = await app.db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.organizationId, organizationId), eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
    const [inserted] = await tx
      .insert(invitations)
      .values({ organizationId, email, role: input.role, tokenHash: hashToken(token), invitedById: auth.user.id, expiresAt, createdAt: now })
      .returning({ id: invitations.id });
    return inserted;
  });
  if (!row) throw new Error('invitation insert returned no row');
  await app.mailer.send(
    invitationEmail(email, app.env.APP_URL, { organizationName, inviterName: `${auth.user.firstName} ${auth.user.lastName}`.trim(), token, days: INVITATION_LIFETIME_DAYS }),
  );
  await auditRequest(request, { action: 'organization.invited', targetUserId: existingUser?.id ?? null, organizationId, details: { email, role: input.role, invitationId: row.id } });
  return { id: row.id, email, role: input.role, expiresAt: expiresAt.toISOString(), createdAt: now.toISOString() };
}

/** DELETE /api/organizations/:id/invitations/:invitationId: the link stops working at once. */
export async function revokeInvitation(request: FastifyRequest): Promise<{ message: string }> {
  const app = request.server;
  const auth = requireAuth(request);
  const { id: organizationId, invitationId } = parseInput(InvitationParamsSchema, request.params);
  await requireOwnerOf(app.db, auth, organizationId);
  const revoked = await app.db
    .update(invitations)
    .set({ revokedAt: app.now() })
    .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ email: invitations.email });
  if (revoked.length !== 1) throw new AppError('not_found', 'Invitation not found');
  await auditRequest(request, { action: 'organization.invitation_revoked', organizationId, details: { invitationId, email: revoked[0]!.email } });
  return { message: 'Invitation withdrawn' };
}

async function findOpenInvitation(request: FastifyRequest, token: string) {
  const app = request.server;
  const [row] = await app.db
    .select({ invitation: invitations, organizationName: organizations.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, app.now())))
    .limit(1);
  return row ?? null;
}

/** POST /api/invitations/preview (public): who invited this address where, so the page can offer sign-up or log-in. */
export async function previewInvitation(request: FastifyRequest): Promise<InvitationPreview> {
  await enforceRateLimit(request.server, `invitation:ip:${request.ip}`, 30, 60_000);
  const { token } = parseInput(InvitationTokenInputSchema, request.body);
  const found = await findOpenInvitation(request, token);
  if (!found) throw new AppError('not_found', INVALID_INVITATION);
  return {
    organizationName: found.organizationName,
    email: found.invitation.email,
    role: toOrganizationRole(found.invitation.role) ?? 'viewer',
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
}

/**
 * POST /api/invitations/accept (signed in and MFA-verified): only the invited address may accept;
 * the token is claimed with one conditional update, so it works once; the session then works in
 * the new organisation.
 */
export async function acceptInvitation(request: FastifyRequest): Promise<AcceptInvitationResponse> {
  const app = request.server;
  const auth = requireAuth(request);
  await enforceRateLimit(app, `invitation:ip:${request.ip}`, 30, 60_000);
  const { token } = parseInput(InvitationTokenInputSchema, request.body);
  const found = await findOpenInvitation(request, token);
  if (!found) throw new AppError('not_found', INVALID_INVITATION);
  if (found.invitation.email !== auth.user.email.toLowerCase()) {
    await auditRequest(request, { action: 'organization.invitation_wrong_account', organizationId: found.invitation.organizationId, details: { invitationId: found.invitation.id } });
    throw new AppError('forbidden', `This invitation was sent to another e-mail address. Sign in as ${found.invitation.email} to accept it.`);
  }
  const now = app.now();
  const claimed = await app.db
    .update(invitations)
    .set({ acceptedAt: now, acceptedById: auth.user.id })
    .where(and(eq(invitations.id, found.invitation.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  if (claimed.length !== 1) throw new AppError('not_found', INVALID_INVITATION);
  const organizationId = found.invitation.organizationId;
  const existing = await findMember(app.db, organizationId, auth.user.id);
  // Accepting never lowers a role the user already holds there.
  if (!existing) await upsertMembership(app.db, auth.user.id, organizationId, toOrganizationRole(found.invitation.role) ?? 'viewer', now);
  await selectSessionOrganization(app.db, auth.session.id, auth.user.id, organizationId);
  await auditRequest(request, { action: 'organization.joined', targetUserId: auth.user.id, organizationId, details: { invitationId: found.invitation.id, role: found.invitation.role } });
  return { message: `You joined ${found.organizationName}`, organizationId, organizationName: found.organizationName };
}
