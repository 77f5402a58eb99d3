import type { AdminActionResponse } from '@/contracts/admin.ts';
import { revokeAllUserSessions } from '../../sessions/revocation.ts';
import { loadTarget, type AccountActionOptions } from './account-target.ts';

/** POST /api/admin/users/:id/revoke-sessions: every session of the account ends. */
export async function revokeUserSessions(options: AccountActionOptions): Promise<AdminActionResponse> {
  const target = await loadTarget(options);
  const ended = await revokeAllUserSessions(options.db, target.id);
  await options.audit({ action: 'admin.sessions_revoked', targetUserId: target.id, details: { before: { sessions: ended }, after: { sessions: 0 } } });
  return { message: ended === 1 ? '1 session ended' : `${ended} sessions ended` };
}
