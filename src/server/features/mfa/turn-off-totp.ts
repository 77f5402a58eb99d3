import { resetUserSessionsToPasswordOnly, rotateSession } from '../../sessions/session-store.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import type { MfaOperationOptions } from './enrolment.ts';
import { clearTotpEnrolment } from '../../sessions/two-factor-state.ts';
import { sendMfaNotice } from './notices.ts';

/**
 * POST /api/mfa/totp/disable (fresh step-up needed): back to "not enrolled"; the other sessions
 * end and this one becomes password-only under a new token (returned for the cookie, or null).
 */
export async function turnOffTotp(options: Omit<MfaOperationOptions, 'encryptionKey'>): Promise<{ sessionToken: string | null }> {
  const { db, mailer, auth, now, audit, log } = options;
  requireFreshVerification(auth, now);
  await clearTotpEnrolment(db, auth.user.id, now, { clearFailureLocks: false });
  await resetUserSessionsToPasswordOnly(db, auth.user.id, auth.session.id, now);
  const sessionToken = await rotateSession(db, auth.session.id, now);
  log.info({ userId: auth.user.id }, 'totp disabled');
  await audit({ action: 'mfa.totp_disabled', targetUserId: auth.user.id });
  await sendMfaNotice(mailer, auth.user.email, { kind: 'disabled' });
  return { sessionToken };
}
