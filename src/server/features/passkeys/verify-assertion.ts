import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { PASSKEY_MESSAGES, type PasskeyAssertionInput } from '@/contracts/passkeys.ts';
import { AppError } from '../../errors.ts';
import { challengeOfResponse, claimChallenge, type ChallengeOwner } from './challenge-store.ts';
import type { PasskeyOperationOptions } from './operation-options.ts';
import { findPasskeyByCredentialId, recordPasskeyUse, type PasskeyRow } from './passkey-store.ts';

export interface AssertionCheck {
  response: PasskeyAssertionInput['response'];
  purpose: 'verify' | 'sign_in';
  /** The signed-in session that asked for the challenge; null for a passwordless sign-in. Its user's passkeys are the only ones accepted. */
  owner: ChallengeOwner | null;
  /** The 401 message of a response that does not verify. */
  failureMessage: string;
  /** The 401 message of a credential that is not (this user's) passkey. */
  unknownCredentialMessage: string;
}

/** The WebAuthn user handle CIFER registers: the user's id, so a discoverable passkey names its owner. */
export function userHandleOf(userId: string): string {
  return isoBase64URL.fromUTF8String(userId);
}

/**
 * The one check of an assertion (ADR 226): its challenge is claimed first (single use, whatever
 * follows), then the credential is found, the signature, origin, RP ID and user verification are
 * checked by @simplewebauthn/server, and the counter must move forward. Returns the passkey used,
 * its counter and last use already stored.
 */
export async function verifyAssertion(options: PasskeyOperationOptions & AssertionCheck): Promise<PasskeyRow> {
  const { db, now, audit, response, purpose, owner } = options;
  const challenge = challengeOfResponse(response, options.failureMessage);
  await claimChallenge(db, challenge, purpose, owner, now);

  const passkey = await findPasskeyByCredentialId(db, response.id, owner?.userId);
  if (!passkey || !userHandleMatches(response, passkey.userId)) {
    await audit({ action: 'passkey.failure', targetUserId: owner?.userId ?? passkey?.userId ?? null, details: { purpose, reason: 'unknown_credential' } });
    throw new AppError('unauthorized', options.unknownCredentialMessage);
  }

  const newCounter = await checkSignature(options, challenge, passkey);
  await refuseClone(options, passkey, newCounter);
  return { ...passkey, counter: newCounter, lastUsedAt: now };
}

/** A discoverable passkey reports whose it is; it must be the owner of the credential found. */
function userHandleMatches(response: AssertionCheck['response'], userId: string): boolean {
  const userHandle = response.response.userHandle;
  if (userHandle === undefined || userHandle === null || userHandle === '') return true;
  return typeof userHandle === 'string' && Buffer.from(userHandle, 'base64url').toString('utf8') === userId;
}

/** Returns the counter the authenticator signed. */
async function checkSignature(options: PasskeyOperationOptions & AssertionCheck, challenge: string, passkey: PasskeyRow): Promise<number> {
  const { relyingParty, audit, log, response, purpose } = options;
  let reason: string;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      requireUserVerification: true,
      // The counter is compared after the signature (refuseClone), so only a genuinely signed
      // assertion can raise the clone alarm: anyone can send a made-up low counter.
      credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: 0, transports: passkey.transports },
    });
    if (result.verified) return result.authenticationInfo.newCounter;
    reason = 'signature';
  } catch (error) {
    reason = error instanceof Error ? error.message.slice(0, 200) : 'unreadable';
  }
  log.info({ userId: passkey.userId, passkeyId: passkey.id, purpose, reason }, 'passkey verification failed');
  await audit({ action: 'passkey.failure', targetUserId: passkey.userId, details: { purpose, passkeyId: passkey.id, reason: 'verification' } });
  throw new AppError('unauthorized', options.failureMessage);
}

/**
 * A counter that does not move past the stored one (once either is non-zero) means a second
 * authenticator holds the same key: the use is refused and recorded (WebAuthn §6.1.1).
 */
async function refuseClone(options: PasskeyOperationOptions & AssertionCheck, passkey: PasskeyRow, newCounter: number): Promise<void> {
  const { db, now, audit, log, purpose } = options;
  const goesBackwards = (newCounter > 0 || passkey.counter > 0) && newCounter <= passkey.counter;
  if (!goesBackwards && (await recordPasskeyUse(db, passkey.id, newCounter, now))) return;
  log.warn({ userId: passkey.userId, passkeyId: passkey.id, purpose, storedCounter: passkey.counter, presentedCounter: newCounter }, 'passkey clone detected');
  await audit({ action: 'passkey.clone_detected', targetUserId: passkey.userId, details: { purpose, passkeyId: passkey.id, storedCounter: passkey.counter, presentedCounter: newCounter } });
  throw new AppError('unauthorized', PASSKEY_MESSAGES.cloned);
}
