/**
 * The self-check answers whether a code matches, so it has its own budget: 10 checks a minute per
 * user, counted by the one rate limiter (plugins/rate-limit.ts) in routes.ts.
 */
export const SELF_CHECK_LIMIT = 10;
export const SELF_CHECK_WINDOW_MS = 60_000;
export const SELF_CHECK_LIMITED_MESSAGE = 'Too many checks. Please wait a minute and try again.';
