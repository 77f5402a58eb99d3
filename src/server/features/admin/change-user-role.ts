import type { AdminActionResponse, PlatformRole } from '@/contracts/admin.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import { can } from '@/contracts/permissions.ts';
import { actorOf, type AuthContext } from '../../sessions/auth-context.ts';
import { setUserRole } from '../../sessions/revocation.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import { loadTarget, refuseLastSuperAdmin, type AccountActionOptions } from './account-target.ts';

/**
 * Only a super admin changes roles (every change grants or removes an administrator role).
 * routes.ts applies it before it reads the account id, so any other caller is refused (and
 * audited) whatever the id.
 */
export async function requireSuperAdminToChangeRoles(options: { auth: AuthContext; role: PlatformRole; audit: Audit }): Promise<void> {
  if (can(actorOf(options.auth), 'platform.manage-staff')) return;
  await options.audit({ action: 'admin.role_change_refused', details: { requestedRole: options.role, reason: 'not_super_admin' } });
  throw new AppError('forbidden', 'Only a super administrator can grant or remove administrator roles');
}

/**
 * POST /api/admin/users/:id/role (a super admin, see above), confirmed with a fresh code of their
 * own (step-up, 5 minutes) like a two-factor reset: a role grants or removes administration.
 */
export async function changeUserRole(options: AccountActionOptions & { role: PlatformRole }): Promise<AdminActionResponse> {
  const { db, role, now, audit, auth } = options;
  const target = await loadTarget(options);
  requireFreshVerification(auth, now);
  if (target.role === role) throw new AppError('conflict', `This account already has the role ${role}`);
  const result = await setUserRole(db, target.id, role, now);
  refuseLastSuperAdmin(result);
  await audit({ action: 'admin.role_changed', targetUserId: target.id, details: { before: { role: result.before.role }, after: { role } } });
  return { message: 'Role changed' };
}
