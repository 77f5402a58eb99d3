import type { AdminActionResponse } from '@/contracts/admin.ts';
import { AppError } from '../../errors.ts';
import { setUserStatus } from '../../sessions/revocation.ts';
import { loadTarget, refuseLastSuperAdmin, type AccountActionOptions } from './account-target.ts';

/** POST /api/admin/users/:id/disable: the account can no longer sign in and its sessions end. */
export async function disableUser(options: AccountActionOptions): Promise<AdminActionResponse> {
  const target = await loadTarget(options);
  if (target.status === 'disabled') throw new AppError('conflict', 'This account is already disabled');
  const result = await setUserStatus(options.db, target.id, 'disabled', options.now);
  refuseLastSuperAdmin(result);
  await options.audit({ action: 'admin.user_disabled', targetUserId: target.id, details: { before: { status: result.before.status }, after: { status: 'disabled' } } });
  return { message: 'Account disabled; its sessions have ended' };
}
