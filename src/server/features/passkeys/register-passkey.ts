import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { MAX_PASSKEYS_PER_USER, PASSKEY_MESSAGES, WEBAUTHN_CHALLENGE_LIFETIME_MS, type Passkey, type PasskeyRegistrationInput, type WebAuthnOptions } from '@/contracts/passkeys.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { challengeOfResponse, claimChallenge, storeChallenge } from './challenge-store.ts';
import type { PasskeyOperationOptions } from './operation-options.ts';
import { countUserPasskeys, insertPasskey, listUserPasskeys, toPasskey } from './passkey-store.ts';

/** The transports a browser may report; anything else is dropped rather than stored. */
const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

function refuseWhenFull(count: number): void {
  if (count >= MAX_PASSKEYS_PER_USER) throw new AppError('conflict', PASSKEY_MESSAGES.tooMany);
}

/**
 * POST /api/passkeys/registration/options: a discoverable credential (usable for passwordless
 * sign-in) with user verification, no attestation; the caller's own passkeys are excluded so an
 * authenticator is not registered twice.
 */
export async function startRegistration(options: PasskeyOperationOptions & { auth: AuthContext }): Promise<WebAuthnOptions> {
  const { db, relyingParty, now, auth } = options;
  const existing = await listUserPasskeys(db, auth.user.id);
  refuseWhenFull(existing.length);
  const creationOptions = await generateRegistrationOptions({
    rpName: relyingParty.name,
    rpID: relyingParty.id,
    userName: auth.user.email,
    userDisplayName: `${auth.user.firstName} ${auth.user.lastName}`.trim() || auth.user.email,
    // The same handle for every passkey of the user: an authenticator replaces its old credential for it.
    userID: isoUint8Array.fromUTF8String(auth.user.id),
    timeout: WEBAUTHN_CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  await storeChallenge(db, creationOptions.challenge, 'register', { userId: auth.user.id, sessionId: auth.session.id }, now);
  return { ...creationOptions };
}

/** POST /api/passkeys/registration/verify: checks the new credential against the challenge of this session and stores it. */
export async function finishRegistration(options: PasskeyOperationOptions & { auth: AuthContext; input: PasskeyRegistrationInput }): Promise<Passkey> {
  const { db, relyingParty, now, audit, log, auth, input } = options;
  const challenge = challengeOfResponse(input.response, PASSKEY_MESSAGES.registrationFailed);
  await claimChallenge(db, challenge, 'register', { userId: auth.user.id, sessionId: auth.session.id }, now);
  refuseWhenFull(await countUserPasskeys(db, auth.user.id));

  let registration: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    registration = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      requireUserVerification: true,
    });
  } catch (error) {
    log.info({ userId: auth.user.id, reason: error instanceof Error ? error.message.slice(0, 200) : 'unreadable' }, 'passkey registration refused');
    throw new AppError('bad_request', PASSKEY_MESSAGES.registrationFailed);
  }
  if (!registration.verified) throw new AppError('bad_request', PASSKEY_MESSAGES.registrationFailed);

  const { credential, credentialDeviceType, credentialBackedUp } = registration.registrationInfo;
  const stored = await insertPasskey(
    db,
    {
      userId: auth.user.id,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: reportedTransports(input.response),
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: input.name,
    },
    now,
  );
  if (!stored) throw new AppError('conflict', PASSKEY_MESSAGES.alreadyRegistered);
  await audit({ action: 'passkey.registered', targetUserId: auth.user.id, details: { passkeyId: stored.id, name: stored.name, deviceType: stored.deviceType } });
  return toPasskey(stored);
}

function reportedTransports(response: PasskeyRegistrationInput['response']): string[] {
  const transports = response.response.transports;
  if (!Array.isArray(transports)) return [];
  return [...new Set(transports.filter((transport): transport is string => typeof transport === 'string' && KNOWN_TRANSPORTS.has(transport)))];
}
