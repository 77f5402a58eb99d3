import { z } from 'zod';
import { text } from './text.ts';

/**
 * Passkeys (WebAuthn, ADR 226): registration and management in /mfa-settings, the session's second
 * factor on the verification card, and passwordless sign-in on /auth. The browser's option and
 * response objects are @simplewebauthn's JSON shapes; the server library checks them, so the
 * contracts only make sure they are objects of bounded size.
 */

export const PASSKEY_NAME_MAX_LENGTH = 60;
export const MAX_PASSKEYS_PER_USER = 10;
/** How long a challenge handed to the browser stays valid. */
export const WEBAUTHN_CHALLENGE_LIFETIME_MS = 5 * 60_000;

export const PasskeyNameSchema = text().trim().min(1, 'Give the passkey a name').max(PASSKEY_NAME_MAX_LENGTH, `Must be at most ${PASSKEY_NAME_MAX_LENGTH} characters`);

/** A WebAuthn JSON object from @simplewebauthn/browser (RegistrationResponseJSON, AuthenticationResponseJSON). */
const WebAuthnResponseSchema = z.looseObject({
  id: text().min(1).max(1400),
  rawId: text().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({}),
});

/** Options handed to @simplewebauthn/browser (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON). */
export const WebAuthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebAuthnOptions = z.infer<typeof WebAuthnOptionsSchema>;

export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** 'multiDevice' passkeys are synced (a phone or password manager); 'singleDevice' stay on one security key. */
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** GET /api/passkeys */
export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

/** POST /api/passkeys/registration/verify */
export const PasskeyRegistrationInputSchema = z.strictObject({ name: PasskeyNameSchema, response: WebAuthnResponseSchema });
export type PasskeyRegistrationInput = z.input<typeof PasskeyRegistrationInputSchema>;

/** PATCH /api/passkeys/:id */
export const PasskeyRenameInputSchema = z.strictObject({ name: PasskeyNameSchema });
export const PasskeyParamsSchema = z.strictObject({ id: z.uuid('Unknown passkey') });

/** POST /api/mfa/passkey/verify and POST /api/auth/passkey/login */
export const PasskeyAssertionInputSchema = z.strictObject({ response: WebAuthnResponseSchema });
export type PasskeyAssertionInput = z.input<typeof PasskeyAssertionInputSchema>;

/** GET /api/mfa/passkeys: whether the verification card offers "Use a passkey". */
export const PasskeyAvailabilitySchema = z.object({ count: z.number().int().min(0) });
export type PasskeyAvailability = z.infer<typeof PasskeyAvailabilitySchema>;

/** POST /api/mfa/passkey/verify */
export const PasskeyVerifyResponseSchema = z.object({ method: z.literal('passkey') });

export const PASSKEY_MESSAGES = {
  notRecognised: 'This passkey is not registered with CIFER. Use another passkey or sign in with your e-mail and password.',
  failed: 'The passkey could not be verified. Try again, or use your authenticator app or a backup code.',
  cloned: 'This passkey was refused: its signature counter went backwards, which is what a copied authenticator does. Remove it and register it again.',
  challengeExpired: 'The passkey request expired. Try again.',
  tooMany: `You can register at most ${MAX_PASSKEYS_PER_USER} passkeys. Remove one first.`,
  noPasskeys: 'No passkey is registered for this account. Use your authenticator app or a backup code.',
  registrationFailed: 'The passkey could not be registered. Try again, and confirm with your fingerprint, face or PIN when asked.',
  alreadyRegistered: 'This passkey is already registered with CIFER.',
  signInFailed: 'The passkey could not be verified. Try again, or sign in with your e-mail and password.',
  notFound: 'Unknown passkey',
} as const;
