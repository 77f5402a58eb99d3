import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import { revokeOpenInvitation } from './invitation-repository.ts';

/** DELETE /api/organizations/:id/invitations/:invitationId (the caller passed requireOwnerOf): the link stops working at once. */
export async function revokeInvitation(options: { db: Database; organizationId: string; invitationId: string; now: Date; audit: Audit }): Promise<{ message: string }> {
  const { db, organizationId, invitationId, now, audit } = options;
  const revoked = await revokeOpenInvitation(db, organizationId, invitationId, now);
  if (!revoked) throw new AppError('not_found', 'Invitation not found');
  await audit({ action: 'organization.invitation_revoked', organizationId, details: { invitationId, email: revoked.email } });
  return { message: 'Invitation withdrawn' };
}
