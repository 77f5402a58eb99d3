import type { SignUpInput } from '@/contracts/auth.ts';
import { AppError } from '../../errors.ts';
import { assertPasswordAcceptable, passwordHasher } from '../../lib/passwords.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import type { PaymentRule } from '../../sessions/auth-context.ts';
import { createSession, deleteSession } from '../../sessions/session-store.ts';
import { createAccount, normalizeEmail } from './accounts.ts';
import { existingAccountEmail } from './auth-mail.ts';
import { REGISTER_ADDRESS_LIMIT, REGISTER_WINDOW_MS, TOO_MANY_REGISTRATIONS } from './limits.ts';
import type { AuthOperationOptions, RequestClient } from './operation-options.ts';

export const SIGN_UP_FAILED_MESSAGE = 'We could not create an account with these details. If you already have an account, log in or reset your password.';

/**
 * POST /api/auth/register without `confirmPassword` (spec section 7): a sign-up, an active account
 * with its own organisation, signed in at once. Returns the new session's token for the cookie.
 */
export async function signUp(
  options: AuthOperationOptions & { input: SignUpInput; client: RequestClient; presentedSessionId: string | null; paymentRule: PaymentRule },
): Promise<{ sessionToken: string; requiresPayment: boolean }> {
  const { db, mailer, rateLimiter, appUrl, now, audit, input, client, presentedSessionId, paymentRule } = options;
  const email = normalizeEmail(input.email);
  assertPasswordAcceptable(input.password, { email });
  await enforceRateLimit({ rateLimiter }, `register:addr:${email}`, REGISTER_ADDRESS_LIMIT, REGISTER_WINDOW_MS, TOO_MANY_REGISTRATIONS);

  // Hash first, so a taken address costs the same time as a new one.
  const passwordHash = await passwordHasher.hash(input.password);
  const created = await createAccount(
    db,
    { email, passwordHash, firstName: input.firstName, lastName: input.lastName, organizationName: input.company, status: 'active' },
    now,
  );
  if (!created) {
    // Decision 2: a taken address gets a generic failure; its owner is told by e-mail.
    await mailer.send(existingAccountEmail(email, appUrl, 'sign-up'));
    await audit({ action: 'signup.refused', actorUserId: null, details: { email, reason: 'address_taken' } });
    throw new AppError('bad_request', SIGN_UP_FAILED_MESSAGE);
  }

  if (presentedSessionId) await deleteSession(db, presentedSessionId);
  const sessionToken = await createSession(db, created.userId, now, { ip: client.ip, userAgent: client.userAgent });
  await audit({ action: 'signup', actorUserId: created.userId, targetUserId: created.userId });
  // A new organisation has no subscription yet.
  return { sessionToken, requiresPayment: paymentRule({ role: 'user', subscriptionStatus: 'none', subscriptionAccessUntil: null }, now) };
}
