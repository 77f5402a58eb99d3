import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { deleteSession, listUserSessions } from '../../sessions/session-store.ts';
import { publicSessionId } from './session-handle.ts';

/**
 * DELETE /api/auth/sessions/:id: ends one of your own sessions (SES-11). Returns whether it was
 * the current one (then the caller is signed out and routes.ts clears the cookie).
 */
export async function revokeOwnSession(options: { db: Database; auth: AuthContext; handle: string; audit: Audit }): Promise<{ endedCurrent: boolean }> {
  const { db, auth, handle, audit } = options;
  const rows = await listUserSessions(db, auth.user.id);
  const target = rows.find((row) => publicSessionId(row.id) === handle);
  if (!target) throw new AppError('not_found', 'Session not found');
  await deleteSession(db, target.id);
  const endedCurrent = target.id === auth.session.id;
  await audit({ action: 'session.revoked', targetUserId: auth.user.id, details: { current: endedCurrent } });
  return { endedCurrent };
}
