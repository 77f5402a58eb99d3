import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invitations, organizations } from '../../db/schema.ts';

/** Invitations as the organisations feature reads and writes them (ADR 142): only their token's hash is stored. */

/** The open (not accepted, not revoked, not expired) invitation of a token hash, with its organisation's name. */
export async function findOpenInvitation(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ invitation: invitations, organizationName: organizations.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Marks an invitation accepted with one conditional update, so of two parallel accepts one wins; false when it was already used or revoked. */
export async function claimInvitation(db: Database, invitationId: string, userId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(invitations)
    .set({ acceptedAt: now, acceptedById: userId })
    .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  return claimed.length === 1;
}

/** Stores a new invitation, revoking the open one to the same address in the same transaction. */
export async function replaceOpenInvitation(
  db: Database,
  invitation: { organizationId: string; email: string; role: string; tokenHash: string; invitedById: string; expiresAt: Date },
  now: Date,
): Promise<{ id: string }> {
  const { organizationId, email } = invitation;
  const row = await db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.organizationId, organizationId), eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
    const [inserted] = await tx
      .insert(invitations)
      .values({ ...invitation, createdAt: now })
      .returning({ id: invitations.id });
    return inserted;
  });
  if (!row) throw new Error('invitation insert returned no row');
  return row;
}

/** Revokes an organisation's open invitation; returns its address, or null when there was none to revoke. */
export async function revokeOpenInvitation(db: Database, organizationId: string, invitationId: string, now: Date): Promise<{ email: string } | null> {
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ email: invitations.email });
  return revoked.length === 1 ? revoked[0]! : null;
}
