import { SSO_REQUIRED_MESSAGE } from '@/contracts/sso.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import { needsRehash, passwordHasher, verifyAgainstDummy } from '../../lib/passwords.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { toRole, type PaymentRule } from '../../sessions/auth-context.ts';
import { createSession, deleteSession } from '../../sessions/session-store.ts';
import { findRequiredSso } from '../../sessions/sso-policy.ts';
import { countFailedSignIn, findUserByEmail, markSignInLocked, normalizeEmail, recordSignIn } from './accounts.ts';
import { accountLockedEmail } from './auth-mail.ts';
import { LOGIN_ACCOUNT_FAILURE_LIMIT, LOGIN_ACCOUNT_WINDOW_MS, LOGIN_HARD_LOCK_FAILURES, loginFailureKey } from './limits.ts';
import type { AuthOperationOptions, RequestClient } from './operation-options.ts';

/** The one failure answer for unknown, wrong-password, pending, rejected and disabled accounts (AUTH-01). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const ACCOUNT_THROTTLED_MESSAGE = 'Too many failed login attempts. Please wait and try again, or reset your password.';
export const ACCOUNT_LOCKED_MESSAGE = 'This account is locked after too many failed login attempts. Reset your password to unlock it.';

/**
 * POST /api/auth/login (after the per-IP limit in routes.ts): checks the password with a
 * per-address throttle and a hard lock, and opens a new session. Returns its token for the cookie.
 */
export async function logIn(
  options: AuthOperationOptions & {
    input: { email: string; password: string };
    client: RequestClient;
    /** A session presented with the request: it ends here (fixation, SES-04). */
    presentedSessionId: string | null;
    paymentRule: PaymentRule;
  },
): Promise<{ sessionToken: string; requiresPayment: boolean }> {
  const { db, mailer, rateLimiter, appUrl, now, audit, input, client, presentedSessionId, paymentRule } = options;
  const email = normalizeEmail(input.email);

  // Per-address throttle, the same for known and unknown addresses so it reveals nothing.
  const failureKey = loginFailureKey(email);
  const throttle = await rateLimiter.peek(failureKey, LOGIN_ACCOUNT_FAILURE_LIMIT);
  if (!throttle.allowed) {
    await audit({ action: 'login.throttled', actorUserId: null, details: { email } });
    throw new AppError('rate_limited', ACCOUNT_THROTTLED_MESSAGE, { retryAfterSeconds: throttle.retryAfterSeconds });
  }

  const user = await findUserByEmail(db, email);
  // Exactly one argon2id verification on every path (timing parity, AUTH-02).
  const passwordOk = user ? await passwordHasher.verify(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);

  if (!user || !passwordOk) {
    await rateLimiter.hit(failureKey, LOGIN_ACCOUNT_FAILURE_LIMIT, LOGIN_ACCOUNT_WINDOW_MS);
    if (user) await countFailure({ db, mailer, appUrl, now, audit, userId: user.id, email: user.email });
    await audit({ action: 'login.failure', actorUserId: null, targetUserId: user?.id ?? null, details: { email, reason: user ? 'password' : 'unknown_email' } });
    throw new AppError('unauthorized', INVALID_CREDENTIALS_MESSAGE);
  }
  if (user.status !== 'active') {
    await audit({ action: 'login.failure', actorUserId: null, targetUserId: user.id, details: { email, reason: `status_${user.status}` } });
    throw new AppError('unauthorized', INVALID_CREDENTIALS_MESSAGE);
  }
  if (user.failedLoginCount >= LOGIN_HARD_LOCK_FAILURES) {
    // Revealed only after a correct password; the fix is a password reset.
    await audit({ action: 'login.failure', actorUserId: null, targetUserId: user.id, details: { email, reason: 'locked' } });
    throw new AppError('forbidden', ACCOUNT_LOCKED_MESSAGE);
  }
  await refuseWhenSsoRequired(db, audit, user);

  const passwordHash = needsRehash(user.passwordHash) ? await passwordHasher.hash(input.password) : null;
  await recordSignIn(db, user.id, passwordHash);
  await rateLimiter.reset(failureKey);

  // A new token at every login; a session presented with the request ends here (fixation, SES-04).
  if (presentedSessionId) await deleteSession(db, presentedSessionId);
  const sessionToken = await createSession(db, user.id, now, { ip: client.ip, userAgent: client.userAgent });
  await audit({ action: 'login.success', actorUserId: user.id, targetUserId: user.id });

  // Billing's rule, as every later request of this session will apply it (ADR 132).
  const requiresPayment = paymentRule({ role: toRole(user.role), subscriptionStatus: user.subscriptionStatus, subscriptionAccessUntil: user.subscriptionAccessUntil }, now);
  return { sessionToken, requiresPayment };
}

async function countFailure(options: { db: Database; mailer: Mailer; appUrl: string; now: Date; audit: Audit; userId: string; email: string }) {
  const { db, mailer, appUrl, now, audit, userId, email } = options;
  const failures = await countFailedSignIn(db, userId);
  if (failures === LOGIN_HARD_LOCK_FAILURES) {
    await markSignInLocked(db, userId, now);
    await audit({ action: 'login.locked', actorUserId: null, targetUserId: userId, details: { failures } });
    await mailer.send(accountLockedEmail(email, appUrl));
  }
}

/**
 * Asked only after the password was right, so it tells nothing to someone without it (ADR 227):
 * a person whose verified domain requires SSO signs in there. A super_admin still gets in with a
 * password (break-glass, audited), so a broken identity provider cannot lock the platform out.
 */
async function refuseWhenSsoRequired(db: Database, audit: Audit, user: { id: string; email: string; role: string }) {
  const required = await findRequiredSso(db, user.email);
  if (!required) return;
  if (user.role === 'super_admin') {
    await audit({ action: 'login.break_glass', actorUserId: user.id, targetUserId: user.id, details: { organizationName: required.organizationName } });
    return;
  }
  await audit({ action: 'login.failure', actorUserId: null, targetUserId: user.id, details: { email: user.email, reason: 'sso_required' } });
  throw new AppError('forbidden', SSO_REQUIRED_MESSAGE);
}
