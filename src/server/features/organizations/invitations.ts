import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invitations, organizations } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { hashToken } from '../../sessions/session-store.ts';

export const INVALID_INVITATION = 'This invitation is invalid, has expired or was already used.';

/** The open (not accepted, not revoked, not expired) invitation of a token, with its organisation's name: 404 otherwise. */
export async function requireOpenInvitation(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ invitation: invitations, organizationName: organizations.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)))
    .limit(1);
  if (!row) throw new AppError('not_found', INVALID_INVITATION);
  return row;
}
