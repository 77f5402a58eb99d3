import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { PASSKEY_MESSAGES, WEBAUTHN_CHALLENGE_LIFETIME_MS, type PasskeyAssertionInput, type WebAuthnOptions } from '@/contracts/passkeys.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { rotateSession } from '../../sessions/session-store.ts';
import { storeChallenge } from './challenge-store.ts';
import type { PasskeyOperationOptions } from './operation-options.ts';
import { countUserPasskeys, listUserPasskeys } from './passkey-store.ts';
import { verifyAssertion } from './verify-assertion.ts';

/**
 * A passkey as the session's second factor (ADR 226): it completes the session exactly as a TOTP
 * code does, and its verification time counts as fresh for step-up. TOTP set-up stays mandatory,
 * so an account without it is sent to set it up first.
 */
function refuseWithoutTotp(auth: AuthContext): void {
  if (!auth.totpEnabled) throw new AppError('mfa_setup_required', 'Two-factor authentication must be set up first');
}

/** POST /api/mfa/passkey/options: a challenge only this user's passkeys may answer, for this session. */
export async function startSecondFactor(options: PasskeyOperationOptions & { auth: AuthContext }): Promise<WebAuthnOptions> {
  const { db, relyingParty, now, auth } = options;
  refuseWithoutTotp(auth);
  const own = await listUserPasskeys(db, auth.user.id);
  if (own.length === 0) throw new AppError('bad_request', PASSKEY_MESSAGES.noPasskeys);
  const requestOptions = await generateAuthenticationOptions({
    rpID: relyingParty.id,
    allowCredentials: own.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    userVerification: 'required',
    timeout: WEBAUTHN_CHALLENGE_LIFETIME_MS,
  });
  await storeChallenge(db, requestOptions.challenge, 'verify', { userId: auth.user.id, sessionId: auth.session.id }, now);
  return { ...requestOptions };
}

/**
 * POST /api/mfa/passkey/verify: an assertion of one of this user's passkeys marks the session
 * MFA-verified under a new token (the old one dies at once), returned for the cookie.
 */
export async function completeSecondFactor(options: PasskeyOperationOptions & { auth: AuthContext; input: PasskeyAssertionInput }): Promise<{ sessionToken: string }> {
  const { db, now, audit, log, auth, input } = options;
  refuseWithoutTotp(auth);
  const passkey = await verifyAssertion({
    ...options,
    response: input.response,
    purpose: 'verify',
    owner: { userId: auth.user.id, sessionId: auth.session.id },
    failureMessage: PASSKEY_MESSAGES.failed,
    unknownCredentialMessage: PASSKEY_MESSAGES.failed,
  });
  const sessionToken = await rotateSession(db, auth.session.id, now, { mfaVerifiedAt: now });
  if (!sessionToken) throw new AppError('unauthorized', 'Your session has ended. Please log in again.');
  log.info({ userId: auth.user.id, method: 'passkey' }, 'mfa verified');
  await audit({ action: 'passkey.used', targetUserId: auth.user.id, details: { purpose: 'mfa', passkeyId: passkey.id } });
  return { sessionToken };
}

/** GET /api/mfa/passkeys: whether the verification card offers a passkey. */
export async function countOwnPasskeys(options: Pick<PasskeyOperationOptions, 'db'> & { auth: AuthContext }): Promise<{ count: number }> {
  return { count: await countUserPasskeys(options.db, options.auth.user.id) };
}
