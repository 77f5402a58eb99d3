import { toLogSafeError } from '../db/log-safe-error.ts';

/** Field names whose values never reach a log line, at any depth of a logged request part. */
const SECRET_FIELDS = new Set([
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'token',
  'code',
  'secret',
  'cookie',
  'authorization',
  'set-cookie',
  // OAuth's own names for secrets (ADR 294) and the MCP transport's in-process key.
  'client_secret',
  'code_verifier',
  'access_token',
  'refresh_token',
  'cifer-in-process-call',
]);
const CENSORED = '[redacted]';
/** Deeper than any body the API accepts; past it the value is dropped rather than walked. */
const MAX_DEPTH = 8;

/** A copy of `value` with every secret field's value replaced by "[redacted]". */
export function censorSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return CENSORED;
  if (Array.isArray(value)) return value.map((item) => censorSecrets(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) copy[key] = SECRET_FIELDS.has(key) ? CENSORED : censorSecrets(field, depth + 1);
  return copy;
}

/**
 * pino serializers, the one place that decides what must not be logged (ADR 205). They run only
 * for the keys they name, so the access line and every other plain line pay nothing: request
 * parts (`body`, `query`, `params`, `headers`) are censored field by field, and errors go through
 * one whitelist (no query parameters, values, hashes or e-mail addresses; ADR 171). Code logs a
 * request part only under one of these names.
 */
export const LOG_SERIALIZERS = {
  err: toLogSafeError,
  body: censorSecrets,
  query: censorSecrets,
  params: censorSecrets,
  headers: censorSecrets,
};
