import type { AcceptInvitationResponse } from '@/contracts/organizations.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import { toOrganizationRole, type AuthContext } from '../../sessions/auth-context.ts';
import { selectSessionOrganization, upsertMembership } from '../../sessions/revocation.ts';
import { claimInvitation } from './invitation-repository.ts';
import { INVALID_INVITATION, requireOpenInvitation } from './invitations.ts';
import { findMember } from './organization-repository.ts';

/**
 * POST /api/invitations/accept (signed in and MFA-verified): only the invited address may accept;
 * the token is claimed with one conditional update, so it works once; the session then works in
 * the new organisation.
 */
export async function acceptInvitation(options: { db: Database; auth: AuthContext; token: string; now: Date; audit: Audit }): Promise<AcceptInvitationResponse> {
  const { db, auth, token, now, audit } = options;
  const found = await requireOpenInvitation(db, token, now);
  if (found.invitation.email !== auth.user.email.toLowerCase()) {
    await audit({ action: 'organization.invitation_wrong_account', organizationId: found.invitation.organizationId, details: { invitationId: found.invitation.id } });
    throw new AppError('forbidden', `This invitation was sent to another e-mail address. Sign in as ${found.invitation.email} to accept it.`);
  }
  if (!(await claimInvitation(db, found.invitation.id, auth.user.id, now))) throw new AppError('not_found', INVALID_INVITATION);
  const organizationId = found.invitation.organizationId;
  const existing = await findMember(db, organizationId, auth.user.id);
  // Accepting never lowers a role the user already holds there.
  if (!existing) await upsertMembership(db, auth.user.id, organizationId, toOrganizationRole(found.invitation.role) ?? 'viewer', now);
  await selectSessionOrganization(db, auth.session.id, auth.user.id, organizationId);
  await audit({ action: 'organization.joined', targetUserId: auth.user.id, organizationId, details: { invitationId: found.invitation.id, role: found.invitation.role } });
  return { message: `You joined ${found.organizationName}`, organizationId, organizationName: found.organizationName };
}
