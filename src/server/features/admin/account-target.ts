import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import { can } from '@/contracts/permissions.ts';
import { actorOf, isAdminRole, type AuthContext } from '../../sessions/auth-context.ts';
import type { AccountChangeResult } from '../../sessions/revocation.ts';
import { findTargetAccount } from './user-repository.ts';

/**
 * The account actions of /account-management (ADR 144, 190; docs/privilege-matrix.md), one operation per file. Rules:
 * nobody acts on their own account here; only a super admin acts on an admin or super admin, or
 * changes any role; the last active super admin is never demoted or disabled; every action is
 * audited with before and after.
 */
export interface AccountActionOptions {
  db: Database;
  /** The administrator acting. */
  auth: AuthContext;
  /** The account acted on (the :id of the route). */
  targetId: string;
  /** The route template, recorded with a refusal. */
  route: string | undefined;
  now: Date;
  audit: Audit;
}

export interface Target {
  id: string;
  email: string;
  firstName: string;
  role: string;
  status: string;
  isPartner: boolean;
}

/** The account acted on: 404 when unknown, 403 (audited) when it is the caller's own or an administrator's and the caller is not a super admin. */
export async function loadTarget(options: AccountActionOptions): Promise<Target> {
  const { db, auth, targetId, route, audit } = options;
  const target = await findTargetAccount(db, targetId);
  if (!target) throw new AppError('not_found', 'User not found');
  if (target.id === auth.user.id) {
    await audit({ action: 'admin.self_action_refused', targetUserId: target.id, details: { url: route } });
    throw new AppError('forbidden', 'You cannot change your own account from account management');
  }
  if (isAdminRole(target.role) && !can(actorOf(auth), 'platform.manage-staff')) {
    await audit({ action: 'admin.action_refused', targetUserId: target.id, details: { url: route, reason: 'target_is_admin' } });
    throw new AppError('forbidden', 'Only a super administrator can manage administrator accounts');
  }
  return target;
}

export function refuseLastSuperAdmin(result: AccountChangeResult): asserts result is Extract<AccountChangeResult, { ok: true }> {
  if (result.ok) return;
  if (result.reason === 'not_found') throw new AppError('not_found', 'User not found');
  throw new AppError('conflict', 'The last active super administrator cannot be demoted or disabled');
}
