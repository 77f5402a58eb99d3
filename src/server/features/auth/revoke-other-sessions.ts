import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { deleteUserSessions } from '../../sessions/session-store.ts';

/** POST /api/auth/sessions/revoke-others: ends every session but this one. */
export async function revokeOtherSessions(options: { db: Database; auth: AuthContext; audit: Audit }): Promise<{ message: string; revoked: number }> {
  const { db, auth, audit } = options;
  const revoked = await deleteUserSessions(db, auth.user.id, auth.session.id);
  await audit({ action: 'session.revoked', targetUserId: auth.user.id, details: { others: revoked } });
  return { message: revoked === 1 ? '1 other session signed out' : `${revoked} other sessions signed out`, revoked };
}
