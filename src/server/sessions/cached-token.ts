import type { Database } from '../db/client.ts';
import { sessionCacheFor, type SessionCache } from './session-cache.ts';

/** The session cache around a bearer credential's one query (API tokens, ADR 243; assistants' OAuth tokens, ADR 294). */

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
