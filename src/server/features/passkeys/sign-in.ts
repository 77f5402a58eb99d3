import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { SSO_REQUIRED_MESSAGE } from '@/contracts/sso.ts';
import { PASSKEY_MESSAGES, WEBAUTHN_CHALLENGE_LIFETIME_MS, type PasskeyAssertionInput, type WebAuthnOptions } from '@/contracts/passkeys.ts';
import { AppError } from '../../errors.ts';
import { toRole, type PaymentRule } from '../../sessions/auth-context.ts';
import { createSession, deleteSession, type SessionMeta } from '../../sessions/session-store.ts';
import { findRequiredSso } from '../../sessions/sso-policy.ts';
import { storeChallenge } from './challenge-store.ts';
import type { PasskeyOperationOptions } from './operation-options.ts';
import { findSignInAccount } from './passkey-store.ts';
import { verifyAssertion } from './verify-assertion.ts';

/**
 * Passwordless sign-in (ADR 226): a discoverable passkey with user verification is something the
 * user has and something they are or know, so it opens a session with both factors complete.
 */

/** POST /api/auth/passkey/options: no credentials listed, the authenticator offers the passkeys it holds. */
export async function startSignIn(options: PasskeyOperationOptions): Promise<WebAuthnOptions> {
  const { db, relyingParty, now } = options;
  const requestOptions = await generateAuthenticationOptions({ rpID: relyingParty.id, userVerification: 'required', timeout: WEBAUTHN_CHALLENGE_LIFETIME_MS });
  await storeChallenge(db, requestOptions.challenge, 'sign_in', null, now);
  return { ...requestOptions };
}

/**
 * POST /api/auth/passkey/login: verifies the assertion, refuses an account that may not sign in
 * with the same answer as an unknown passkey, and opens a fully verified session. Returns its
 * token for the cookie.
 */
export async function signIn(
  options: PasskeyOperationOptions & {
    input: PasskeyAssertionInput;
    client: SessionMeta;
    /** A session presented with the request: it ends here (fixation, SES-04). */
    presentedSessionId: string | null;
    paymentRule: PaymentRule;
  },
): Promise<{ sessionToken: string; requiresPayment: boolean }> {
  const { db, now, audit, log, input, client, presentedSessionId, paymentRule } = options;
  const passkey = await verifyAssertion({
    ...options,
    response: input.response,
    purpose: 'sign_in',
    owner: null,
    failureMessage: PASSKEY_MESSAGES.signInFailed,
    unknownCredentialMessage: PASSKEY_MESSAGES.notRecognised,
  });
  const account = await findSignInAccount(db, passkey.userId);
  if (!account || account.status !== 'active') {
    await audit({ action: 'login.failure', actorUserId: null, targetUserId: passkey.userId, details: { method: 'passkey', reason: `status_${account?.status ?? 'missing'}` } });
    throw new AppError('unauthorized', PASSKEY_MESSAGES.notRecognised);
  }
  // Where the directory decides who signs in, a passkey must not outlive the directory account (ADR 227).
  if (account.role !== 'super_admin' && (await findRequiredSso(db, account.email))) {
    await audit({ action: 'login.failure', actorUserId: null, targetUserId: account.id, details: { method: 'passkey', reason: 'sso_required' } });
    throw new AppError('forbidden', SSO_REQUIRED_MESSAGE);
  }

  if (presentedSessionId) await deleteSession(db, presentedSessionId);
  const sessionToken = await createSession(db, account.id, now, client, { mfaVerifiedAt: now });
  log.info({ userId: account.id, method: 'passkey' }, 'signed in with a passkey');
  await audit({ action: 'login.success', actorUserId: account.id, targetUserId: account.id, details: { method: 'passkey' } });
  await audit({ action: 'passkey.used', actorUserId: account.id, targetUserId: account.id, details: { purpose: 'sign_in', passkeyId: passkey.id } });

  // Billing's rule, as every later request of this session will apply it (ADR 132).
  const requiresPayment = paymentRule({ role: toRole(account.role), subscriptionStatus: account.subscriptionStatus, subscriptionAccessUntil: account.subscriptionAccessUntil }, now);
  return { sessionToken, requiresPayment };
}
