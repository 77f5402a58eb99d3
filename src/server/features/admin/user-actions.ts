import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AdminUserIdParamsSchema, ChangeRoleInputSchema, EmptyAdminBodySchema, SetPartnerInputSchema, type AdminActionResponse } from '@/contracts/admin.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { auditRequest } from '../../lib/audit.ts';
import { unlockMfa } from '../../lib/mfa-unlock.ts';
import { parseInput } from '../../lib/validation.ts';
import { isAdminRole, requireAuth, type AuthContext } from '../../sessions/auth-context.ts';
import { resetUserMfa, revokeAllUserSessions, setUserPartner, setUserRole, setUserStatus, type AccountChangeResult } from '../../sessions/revocation.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import { mfaResetEmail } from './admin-mail.ts';

/**
 * The account actions of /account-management (issue #15, ADR 144). Rules: nobody acts on their
 * own account here; only a super admin acts on an admin or super admin, or changes any role; the
 * last active super admin is never demoted or disabled; every action is audited with before and after.
 */

interface Target {
  id: string;
  email: string;
  firstName: string;
  role: string;
  status: string;
  isPartner: boolean;
}

async function loadTarget(request: FastifyRequest): Promise<{ auth: AuthContext; target: Target }> {
  const auth = requireAuth(request);
  const { id } = parseInput(AdminUserIdParamsSchema, request.params);
  const [target] = await request.server.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, role: users.role, status: users.status, isPartner: users.isPartner })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!target) throw new AppError('not_found', 'User not found');
  if (target.id === auth.user.id) {
    await auditRequest(request, { action: 'admin.self_action_refused', targetUserId: target.id, details: { url: request.routeOptions.url } });
    throw new AppError('forbidden', 'You cannot change your own account from account management');
  }
  if (isAdminRole(target.role) && auth.user.role !== 'super_admin') {
    await auditRequest(request, { action: 'admin.action_refused', targetUserId: target.id, details: { url: request.routeOptions.url, reason: 'target_is_admin' } });
    throw new AppError('forbidden', 'Only a super administrator can manage administrator accounts');
  }
  return { auth, target };
}

function refuseLastSuperAdmin(result: AccountChangeResult): asserts result is Extract<AccountChangeResult, { ok: true }> {
  if (result.ok) return;
  if (result.reason === 'not_found') throw new AppError('not_found', 'User not found');
  throw new AppError('conflict', 'The last active super administrator cannot be demoted or disabled');
}

export async function disableUser(request: FastifyRequest): Promise<AdminActionResponse> {
  parseInput(EmptyAdminBodySchema, request.body ?? {});
  const { target } = await loadTarget(request);
  if (target.status === 'disabled') throw new AppError('conflict', 'This account is already disabled');
  const result = await setUserStatus(request.server.db, target.id, 'disabled', request.server.now());
  refuseLastSuperAdmin(result);
  await auditRequest(request, { action: 'admin.user_disabled', targetUserId: target.id, details: { before: { status: result.before.status }, after: { status: 'disabled' } } });
  return { message: 'Account disabled; its sessions have ended' };
}

export async function enableUser(request: FastifyRequest): Promise<AdminActionResponse> {
  parseInput(EmptyAdminBodySchema, request.body ?? {});
  const { target } = await loadTarget(request);
  if (target.status !== 'disabled') throw new AppError('conflict', 'Only a disabled account can be enabled');
  const result = await setUserStatus(request.server.db, target.id, 'active', request.server.now());
  refuseLastSuperAdmin(result);
  await auditRequest(request, { action: 'admin.user_enabled', targetUserId: target.id, details: { before: { status: 'disabled' }, after: { status: 'active' } } });
  return { message: 'Account enabled' };
}

/** The admin confirms with a fresh code of their own (step-up, 5 minutes); the user enrols again at next sign-in and is told by e-mail. */
export async function resetUserTwoFactor(request: FastifyRequest): Promise<AdminActionResponse> {
  parseInput(EmptyAdminBodySchema, request.body ?? {});
  const { auth, target } = await loadTarget(request);
  const app = request.server;
  requireFreshVerification(auth, app.now());
  await resetUserMfa(app.db, target.id, app.now());
  await auditRequest(request, { action: 'admin.mfa_reset', targetUserId: target.id, details: { before: { mfa: 'as enrolled' }, after: { mfa: 'not enrolled', sessions: 'ended' } } });
  await app.mailer.send(mfaResetEmail(target.email, app.env.APP_URL, target.firstName));
  return { message: 'Two-factor authentication reset; the user must enrol again at next sign-in' };
}

export async function revokeUserSessions(request: FastifyRequest): Promise<AdminActionResponse> {
  parseInput(EmptyAdminBodySchema, request.body ?? {});
  const { target } = await loadTarget(request);
  const ended = await revokeAllUserSessions(request.server.db, target.id);
  await auditRequest(request, { action: 'admin.sessions_revoked', targetUserId: target.id, details: { before: { sessions: ended }, after: { sessions: 0 } } });
  return { message: ended === 1 ? '1 session ended' : `${ended} sessions ended` };
}

/** Lifts the two-factor lock-out and the password sign-in lock (the 15-minute throttle ends on its own). */
export async function unlockUser(request: FastifyRequest): Promise<AdminActionResponse> {
  parseInput(EmptyAdminBodySchema, request.body ?? {});
  const { target } = await loadTarget(request);
  const app = request.server;
  const now = app.now();
  await unlockMfa(app.db, target.id, now);
  await app.db.update(users).set({ failedLoginCount: 0, lockedUntil: null, updatedAt: now }).where(eq(users.id, target.id));
  await auditRequest(request, { action: 'admin.user_unlocked', targetUserId: target.id, details: { before: { locked: 'as found' }, after: { locked: false } } });
  return { message: 'Account unlocked' };
}

/** Only a super admin changes roles (every change grants or removes an administrator role). */
export async function changeUserRole(request: FastifyRequest): Promise<AdminActionResponse> {
  const { role } = parseInput(ChangeRoleInputSchema, request.body);
  const auth = requireAuth(request);
  if (auth.user.role !== 'super_admin') {
    await auditRequest(request, { action: 'admin.role_change_refused', details: { requestedRole: role, reason: 'not_super_admin' } });
    throw new AppError('forbidden', 'Only a super administrator can grant or remove administrator roles');
  }
  const { target } = await loadTarget(request);
  if (target.role === role) throw new AppError('conflict', `This account already has the role ${role}`);
  const result = await setUserRole(request.server.db, target.id, role, request.server.now());
  refuseLastSuperAdmin(result);
  await auditRequest(request, { action: 'admin.role_changed', targetUserId: target.id, details: { before: { role: result.before.role }, after: { role } } });
  return { message: 'Role changed' };
}

export async function setPartner(request: FastifyRequest): Promise<AdminActionResponse> {
  const { partner } = parseInput(SetPartnerInputSchema, request.body);
  const { target } = await loadTarget(request);
  await setUserPartner(request.server.db, target.id, partner, request.server.now());
  await auditRequest(request, { action: 'admin.partner_changed', targetUserId: target.id, details: { before: { partner: target.isPartner }, after: { partner } } });
  return { message: partner ? 'Marked as partner' : 'Partner status removed' };
}
