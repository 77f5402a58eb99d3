import type { AdminActionResponse } from '@/contracts/admin.ts';
import { unlockMfa } from '../../lib/mfa-unlock.ts';
import { loadTarget, type AccountActionOptions } from './account-target.ts';
import { clearPasswordLock } from './user-repository.ts';

/** POST /api/admin/users/:id/unlock: lifts the two-factor lock-out and the password sign-in lock (the 15-minute throttle ends on its own). */
export async function unlockUser(options: AccountActionOptions): Promise<AdminActionResponse> {
  const { db, now, audit } = options;
  const target = await loadTarget(options);
  await unlockMfa(db, target.id, now);
  await clearPasswordLock(db, target.id, now);
  await audit({ action: 'admin.user_unlocked', targetUserId: target.id, details: { before: { locked: 'as found' }, after: { locked: false } } });
  return { message: 'Account unlocked' };
}
