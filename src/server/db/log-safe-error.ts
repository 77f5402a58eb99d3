/**
 * What an error may say in a log line (ADR 171). Database errors carry the statement's parameters
 * (drizzle's `DrizzleQueryError.params` and its message "params: ..."; postgres.js's
 * `parameters`/`args`; PGlite's `params`) and PostgreSQL puts values into `detail` and into quoted
 * parts of some messages ("Key (email)=(a@b.c) already exists", `invalid input syntax ...: "x"`).
 * Those values are password hashes, e-mail addresses, tokens. This serializer keeps only a
 * whitelist of fields, cuts parameters from messages and stack traces, blanks quoted values in
 * database messages and masks anything shaped like an e-mail address or an argon2 hash. It is the
 * pino `err` serializer of every logger the app builds, so every `log.x({ err })` goes through it.
 */
export interface LogSafeError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  /** PostgreSQL's structured fields: names, never values. */
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  cause?: LogSafeError;
}

const EMAIL = /[^\s@"'<>()[\],;:]+@[^\s@"'<>()[\],;:]+\.[A-Za-z0-9-]{2,}/g;
const ARGON2_HASH = /\$argon2(?:id|i|d)\$[^\s"',)]*/g;
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** Masks e-mail addresses and password hashes in any text. */
export function maskPersonalData(value: string): string {
  return value.replace(ARGON2_HASH, '[hash]').replace(EMAIL, '[email]');
}

function isDatabaseError(error: Record<string, unknown>): boolean {
  const name = typeof error.name === 'string' ? error.name : '';
  return (
    name === 'DrizzleQueryError' ||
    name === 'PostgresError' ||
    name === 'DatabaseError' ||
    'params' in error ||
    'parameters' in error ||
    (typeof error.code === 'string' && SQLSTATE.test(error.code) && ('severity' in error || 'routine' in error))
  );
}

function safeMessage(message: string, database: boolean): string {
  // drizzle: "Failed query: <sql>\nparams: <values>"; keep the statement, drop the values.
  let safe = message.split(/\r?\nparams:/)[0] ?? '';
  // PostgreSQL quotes the offending value in several messages; identifiers live in their own fields.
  if (database) safe = safe.replace(/"[^"]*"/g, '"…"').replace(/\(([^()]*)\)=\(([^()]*)\)/g, '($1)=(…)');
  return maskPersonalData(safe);
}

function safeStack(stack: string, message: string): string {
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [message, ...frames].join('\n');
}

function pickString(error: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = error[key];
    if (typeof value === 'string' && value.length > 0) return maskPersonalData(value);
  }
  return undefined;
}

export function toLogSafeError(value: unknown, depth = 0): LogSafeError {
  if (!(value instanceof Error) && (typeof value !== 'object' || value === null)) {
    const message = maskPersonalData(String(value));
    return { type: typeof value, message, stack: message };
  }
  const error = value as Record<string, unknown> & { name?: unknown; message?: unknown; stack?: unknown };
  const database = isDatabaseError(error);
  const type = typeof error.name === 'string' ? error.name : (value as object).constructor?.name || 'Error';
  const message = safeMessage(typeof error.message === 'string' ? error.message : '', database);
  const safe: LogSafeError = { type, message, stack: safeStack(typeof error.stack === 'string' ? error.stack : '', `${type}: ${message}`) };
  if (typeof error.code === 'string' || typeof error.code === 'number') safe.code = String(error.code);
  if (typeof error.statusCode === 'number') safe.statusCode = error.statusCode;
  if (database) {
    const fields = {
      severity: pickString(error, 'severity'),
      table: pickString(error, 'table_name', 'table'),
      column: pickString(error, 'column_name', 'column'),
      constraint: pickString(error, 'constraint_name', 'constraint'),
      routine: pickString(error, 'routine'),
    };
    for (const [key, field] of Object.entries(fields)) if (field) (safe as unknown as Record<string, string>)[key] = field;
  }
  if (error.cause !== undefined && depth < 3) safe.cause = toLogSafeError(error.cause, depth + 1);
  return safe;
}
