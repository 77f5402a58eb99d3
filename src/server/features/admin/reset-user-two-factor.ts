import type { AdminActionResponse } from '@/contracts/admin.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { resetUserMfa } from '../../sessions/revocation.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import { loadTarget, type AccountActionOptions } from './account-target.ts';
import { mfaResetEmail } from './admin-mail.ts';

/**
 * POST /api/admin/users/:id/reset-mfa: the admin confirms with a fresh code of their own (step-up,
 * 5 minutes); the user enrols again at next sign-in and is told by e-mail.
 */
export async function resetUserTwoFactor(options: AccountActionOptions & { mailer: Mailer; appUrl: string }): Promise<AdminActionResponse> {
  const { db, auth, now, audit, mailer, appUrl } = options;
  const target = await loadTarget(options);
  requireFreshVerification(auth, now);
  await resetUserMfa(db, target.id, now);
  await audit({ action: 'admin.mfa_reset', targetUserId: target.id, details: { before: { mfa: 'as enrolled' }, after: { mfa: 'not enrolled', sessions: 'ended' } } });
  await mailer.send(mfaResetEmail(target.email, appUrl, target.firstName));
  return { message: 'Two-factor authentication reset; the user must enrol again at next sign-in' };
}
