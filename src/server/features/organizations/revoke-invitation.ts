import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invitations } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';

/** DELETE /api/organizations/:id/invitations/:invitationId (the caller passed requireOwnerOf): the link stops working at once. */
export async function revokeInvitation(options: { db: Database; organizationId: string; invitationId: string; now: Date; audit: Audit }): Promise<{ message: string }> {
  const { db, organizationId, invitationId, now, audit } = options;
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ email: invitations.email });
  if (revoked.length !== 1) throw new AppError('not_found', 'Invitation not found');
  await audit({ action: 'organization.invitation_revoked', organizationId, details: { invitationId, email: revoked[0]!.email } });
  return { message: 'Invitation withdrawn' };
}
