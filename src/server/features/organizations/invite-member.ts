import { randomBytes } from 'node:crypto';
import { INVITATION_LIFETIME_DAYS, type OrganizationRole, type PendingInvitation } from '@/contracts/organizations.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { replaceOpenInvitation } from './invitation-repository.ts';
import { findMember, findUserIdByEmail } from './organization-repository.ts';
import { invitationEmail } from './organizations-mail.ts';

const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60_000;

/**
 * POST /api/organizations/:id/invitations (owners of that organisation, ADR 142; the caller passed
 * requireOwnerOf): a 256-bit token, stored as its SHA-256, e-mailed once, valid 7 days; a new
 * invitation to the same address replaces the open one.
 */
export async function inviteMember(options: {
  db: Database;
  mailer: Mailer;
  /** APP_URL: the link of the invitation e-mail. */
  appUrl: string;
  user: AuthContext['user'];
  organization: { id: string; name: string };
  input: { email: string; role: OrganizationRole };
  now: Date;
  audit: Audit;
}): Promise<PendingInvitation> {
  const { db, mailer, appUrl, user, organization, input, now, audit } = options;
  const organizationId = organization.id;
  const email = input.email.trim().toLowerCase();
  const existingUser = await findUserIdByEmail(db, email);
  if (existingUser && (await findMember(db, organizationId, existingUser.id))) {
    throw new AppError('conflict', 'This person is already a member of the organisation.');
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const row = await replaceOpenInvitation(db, { organizationId, email, role: input.role, tokenHash: hashToken(token), invitedById: user.id, expiresAt }, now);
  await mailer.send(
    invitationEmail(email, appUrl, { organizationName: organization.name, inviterName: `${user.firstName} ${user.lastName}`.trim(), token, days: INVITATION_LIFETIME_DAYS }),
  );
  await audit({ action: 'organization.invited', targetUserId: existingUser?.id ?? null, organizationId, details: { email, role: input.role, invitationId: row.id } });
  return { id: row.id, email, role: input.role, expiresAt: expiresAt.toISOString(), createdAt: now.toISOString() };
}
