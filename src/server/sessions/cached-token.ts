import type { Database } from '../db/client.ts';
import { memberships, organizations, userMfa, users } from '../db/schema.ts';
import { sessionCacheFor, type SessionCache } from './session-cache.ts';

/**
 * What the bearer lookups share (API tokens, ADR 243; assistants' OAuth tokens, ADR 294): the
 * user columns a token's row carries, and the session cache around the row's one query.
 */

/** The token owner's columns, as `toCallerUser` (auth-context.ts) reads them. */
export const callerUserColumns = {
  id: users.id,
  homeOrganizationId: users.organizationId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isPartner: users.isPartner,
};

/**
 * What a token's row carries besides the token itself: its acting organisation, owner, role there,
 * second factor and the organisation's billing (joined as users, organizations, memberships and user_mfa).
 */
export const callerFactColumns = {
  organizationId: organizations.id,
  user: callerUserColumns,
  membershipRole: memberships.role,
  totpEnabledAt: userMfa.totpEnabledAt,
  subscriptionStatus: organizations.subscriptionStatus,
  subscriptionAccessUntil: organizations.subscriptionAccessUntil,
};

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
