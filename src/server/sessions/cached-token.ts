import { isNull, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { toCallerUser, type AuthContext, type CallerUserRow, type OrganizationRole, type PaymentRule } from './auth-context.ts';
import { sessionCacheFor, type SessionCache } from './session-cache.ts';

/**
 * What every bearer credential shares around its one query (caller-query.ts `findBearerCaller`):
 * the session cache (API tokens, ADR 243; assistants' OAuth tokens, ADR 294), the once-a-minute
 * lastUsedAt, and the caller it answers.
 */

export interface LoadedToken<T> {
  usable: T;
  key: string;
  cache: SessionCache<T> | undefined;
}

/**
 * The usable answer under `key`: from this instance's session cache (ADR 173, ADR 243), else `read`
 * and, when usable, cached under its owner and acting organisation, so every invalidation of either
 * drops it on every instance. The expiry is checked on every hit; an entry that looks expired is
 * re-read, never refused from memory (the database decides).
 */
export async function loadCachedToken<T extends { row: { expiresAt: Date; user: { id: string }; organizationId: string } }>(
  db: Database,
  key: string,
  now: Date,
  read: () => Promise<T | null>,
): Promise<LoadedToken<T> | null> {
  const cache = sessionCacheFor(db) as SessionCache<T> | undefined;
  const cached = cache?.get(key, now.getTime());
  if (cached && cached.row.expiresAt.getTime() > now.getTime()) return { usable: cached, key, cache };
  if (cached) cache?.forget(key);
  const readEpoch = cache?.epoch() ?? 0;
  const usable = await read();
  if (!usable) return null;
  cache?.set(key, usable, { userId: usable.row.user.id, organizationId: usable.row.organizationId }, readEpoch, now.getTime());
  return { usable, key, cache };
}

/** lastUsedAt is written at most this often per credential (a busy integration is not a write per call). */
const LAST_USED_TOUCH_INTERVAL_MS = 60_000;

/** A credential's lastUsedAt as it was read, the usable answer with it moved to now, and the write. */
export interface LastUse<T> {
  lastUsedAt: Date | null;
  touched: (usable: T) => T;
  /** Updates the row only where `notTouchedSince(column, dueBefore)`. */
  write: (dueBefore: Date) => Promise<unknown>;
}

/**
 * lastUsedAt at most once a minute per credential: the cached copy is moved first, so the concurrent
 * calls of a busy integration do not all write, and the write's condition keeps other instances (and
 * other organisations' keys of one personal token) from writing again within the minute.
 */
export async function touchLastUsed<T>(loaded: LoadedToken<T>, now: Date, use: LastUse<T>): Promise<void> {
  if (use.lastUsedAt && now.getTime() - use.lastUsedAt.getTime() < LAST_USED_TOUCH_INTERVAL_MS) return;
  loaded.cache?.update(loaded.key, use.touched(loaded.usable));
  await use.write(new Date(now.getTime() - LAST_USED_TOUCH_INTERVAL_MS + 1));
}

/** The write's condition: a lastUsedAt never set, or set before `dueBefore`. */
export function notTouchedSince(lastUsedAt: PgColumn, dueBefore: Date): SQL | undefined {
  return or(isNull(lastUsedAt), lt(lastUsedAt, dueBefore));
}

/** Far outside any step-up window (sessions/step-up.ts), yet set: what a token's "verification time" reads. */
const TOKEN_VERIFIED_AT = new Date(0);

/** What a credential's row carries of its caller (`callerFactColumns`, caller-query.ts). */
interface BearerCallerRow {
  organizationId: string;
  user: CallerUserRow;
  totpEnabledAt: Date | null;
  subscriptionStatus: string;
  subscriptionAccessUntil: Date | null;
}

/**
 * The caller behind a usable token, an API token's and an assistant's alike. A token was created
 * with a fresh second factor (a grant is given from a verified session), so it passes the MFA check;
 * but no person is present, so it never counts as a fresh verification (step-up refuses it, even
 * just after creation), and it answers no backup codes.
 */
export function bearerAuthContext(
  row: BearerCallerRow,
  organizationRole: OrganizationRole,
  credential: { session: { id: string; createdAt: Date }; apiToken: NonNullable<AuthContext['apiToken']> },
  now: Date,
  paymentRule: PaymentRule,
): AuthContext {
  const user = toCallerUser(row.user, row.organizationId, organizationRole);
  return {
    user,
    session: { ...credential.session, mfaVerifiedAt: TOKEN_VERIFIED_AT },
    totpEnabled: row.totpEnabledAt !== null,
    backupCodesCount: 0,
    requiresPayment: paymentRule(
      { role: user.role, subscriptionStatus: row.subscriptionStatus, subscriptionAccessUntil: row.subscriptionAccessUntil },
      now,
    ),
    apiToken: credential.apiToken,
  };
}
