import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { deleteSession } from '../../sessions/session-store.ts';

/** POST /api/auth/logout: ends the presented session, if any (routes.ts clears the cookie either way). */
export async function logOut(options: { db: Database; auth: AuthContext | null; audit: Audit }): Promise<void> {
  const { db, auth, audit } = options;
  if (!auth) return;
  await deleteSession(db, auth.session.id);
  await audit({ action: 'session.logout', targetUserId: auth.user.id });
}
