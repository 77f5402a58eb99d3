import type { SessionSummary } from '@/contracts/auth.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { listUserSessions } from '../../sessions/session-store.ts';
import { publicSessionId } from './session-handle.ts';

/** GET /api/auth/sessions: your own sessions, this one marked. */
export async function listOwnSessions(options: { db: Database; auth: AuthContext }): Promise<SessionSummary[]> {
  const { db, auth } = options;
  const rows = await listUserSessions(db, auth.user.id);
  return rows.map((row) => ({
    id: publicSessionId(row.id),
    createdAt: new Date(row.createdAt).toISOString(),
    lastSeenAt: new Date(row.lastSeenAt).toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    mfaVerified: row.mfaVerifiedAt !== null,
    current: row.id === auth.session.id,
  }));
}
