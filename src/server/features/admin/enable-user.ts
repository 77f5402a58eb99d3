import type { AdminActionResponse } from '@/contracts/admin.ts';
import { AppError } from '../../errors.ts';
import { setUserStatus } from '../../sessions/revocation.ts';
import { loadTarget, refuseLastSuperAdmin, type AccountActionOptions } from './account-target.ts';

/** POST /api/admin/users/:id/enable: a disabled account may sign in again. */
export async function enableUser(options: AccountActionOptions): Promise<AdminActionResponse> {
  const target = await loadTarget(options);
  if (target.status !== 'disabled') throw new AppError('conflict', 'Only a disabled account can be enabled');
  const result = await setUserStatus(options.db, target.id, 'active', options.now);
  refuseLastSuperAdmin(result);
  await options.audit({ action: 'admin.user_enabled', targetUserId: target.id, details: { before: { status: 'disabled' }, after: { status: 'active' } } });
  return { message: 'Account enabled' };
}
