/** Rate limits and lock-out thresholds of the account endpoints (ADR 022). */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** Login: per client IP, every attempt. */
export const LOGIN_IP_LIMIT = 10;
export const LOGIN_IP_WINDOW_MS = MINUTE_MS;
/** Login: failures per address (known or not) before a 15-minute throttle. */
export const LOGIN_ACCOUNT_FAILURE_LIMIT = 5;
export const LOGIN_ACCOUNT_WINDOW_MS = 15 * MINUTE_MS;
/** Consecutive failures after which password sign-in stays locked until a reset (RL-01). */
export const LOGIN_HARD_LOCK_FAILURES = 100;

/** Sign-up and access requests share the per-IP budget; each address has its own. */
/** The default of REGISTER_IP_LIMIT_PER_HOUR (env.ts). */
export const REGISTER_IP_LIMIT = 10;
export const REGISTER_ADDRESS_LIMIT = 3;
export const REGISTER_WINDOW_MS = HOUR_MS;

export const RESET_IP_LIMIT = 10;
export const RESET_ADDRESS_LIMIT = 3;
export const RESET_WINDOW_MS = HOUR_MS;
export const RESET_FINISH_IP_LIMIT = 20;
export const RESET_TOKEN_LIFETIME_MS = HOUR_MS;

export const CHANGE_PASSWORD_LIMIT = 5;
export const CHANGE_PASSWORD_WINDOW_MS = 15 * MINUTE_MS;

export const loginFailureKey = (email: string) => `login:fail:${email}`;

export const TOO_MANY_REGISTRATIONS = 'Too many registration attempts. Please try again later.';
