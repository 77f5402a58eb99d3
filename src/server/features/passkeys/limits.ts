/** Rate limits of the passkey endpoints: a signature cannot be guessed, so these only bound the work and the stored challenges. */
const MINUTE_MS = 60_000;

/** Options (each stores a challenge) per user: registration and two-factor verification together. */
export const PASSKEY_OPTIONS_USER_LIMIT = 30;
export const PASSKEY_OPTIONS_USER_WINDOW_MS = 15 * MINUTE_MS;

/** Two-factor verifications with a passkey per user. */
export const PASSKEY_VERIFY_USER_LIMIT = 10;
export const PASSKEY_VERIFY_USER_WINDOW_MS = 15 * MINUTE_MS;

/** Passwordless sign-in, per client IP: options and log-in each (the same budget as the password log-in). */
export const PASSKEY_SIGN_IN_IP_LIMIT = 10;
export const PASSKEY_SIGN_IN_IP_WINDOW_MS = MINUTE_MS;

export const TOO_MANY_PASSKEY_ATTEMPTS = 'Too many passkey attempts. Please wait a few minutes and try again.';
export const TOO_MANY_PASSKEY_SIGN_INS = 'Too many sign-in attempts from this network. Please wait a minute and try again.';
