import { eq } from 'drizzle-orm';
import type { AdminActionResponse } from '@/contracts/admin.ts';
import { users } from '../../db/schema.ts';
import { unlockMfa } from '../../lib/mfa-unlock.ts';
import { loadTarget, type AccountActionOptions } from './account-target.ts';

/** POST /api/admin/users/:id/unlock: lifts the two-factor lock-out and the password sign-in lock (the 15-minute throttle ends on its own). */
export async function unlockUser(options: AccountActionOptions): Promise<AdminActionResponse> {
  const { db, now, audit } = options;
  const target = await loadTarget(options);
  await unlockMfa(db, target.id, now);
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null, updatedAt: now }).where(eq(users.id, target.id));
  await audit({ action: 'admin.user_unlocked', targetUserId: target.id, details: { before: { locked: 'as found' }, after: { locked: false } } });
  return { message: 'Account unlocked' };
}
