import type { z } from 'zod';
import type { AdminUserDetail, AdminUserList, AdminUserListQuerySchema } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { listUserSessions } from '../../sessions/session-store.ts';
import { listRecentEventsFor } from './audit-repository.ts';
import { findUserPage, findUserWithLocks, listUserOrganizations } from './user-repository.ts';

/** GET /api/admin/users: search by e-mail or name; filter by role, status, two-factor and last sign-in. */
export async function listUsers(options: { db: Database; query: z.output<typeof AdminUserListQuerySchema>; now: Date }): Promise<AdminUserList> {
  const { db, query, now } = options;
  const { users, total } = await findUserPage(db, query, now);
  return { users, total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/admin/users/:id: the account, its organisations, open sessions and recent events. */
export async function getUserDetail(options: { db: Database; id: string; now: Date }): Promise<AdminUserDetail> {
  const { db, id, now } = options;
  const row = await findUserWithLocks(db, id);
  if (!row) throw new AppError('not_found', 'User not found');
  const organizations = await listUserOrganizations(db, id);
  const sessions = await listUserSessions(db, id);
  const { summary, failedLoginCount, passwordLockedAt, mfaHardLocked, mfaLockedUntil } = row;
  return {
    ...summary,
    mfaLocked: Boolean(mfaHardLocked) || (mfaLockedUntil !== null && mfaLockedUntil > now),
    passwordLocked: passwordLockedAt !== null,
    failedLoginCount,
    organizations,
    sessions: sessions.map((s) => ({ createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString(), ip: s.ip, userAgent: s.userAgent, mfaVerified: s.mfaVerifiedAt !== null })),
    recentEvents: await listRecentEventsFor(db, id, 20),
  };
}
