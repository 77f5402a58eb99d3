import type { Database } from '../db/client.ts';

/**
 * The signed-in request path without a database round trip (ADR 173): the result of a session
 * look-up is kept in process, keyed by the session id (the token's SHA-256), and dropped on every
 * instance as soon as anything revokes or changes it.
 *
 * Rules that keep it honest:
 * - Only positive answers are cached; "no session", "expired", "account not active" always come
 *   from the database, and a cached entry that looks expired is re-read before it is refused.
 * - An entry lives at most SESSION_CACHE_TTL_MS (a bound even if a notification were lost).
 * - Every invalidation bumps an epoch; a database read that started before an invalidation is not
 *   stored (no stale row can be put back by a slow query).
 * - Invalidations are broadcast (Redis pub/sub, else PostgreSQL LISTEN/NOTIFY, else in process:
 *   PGlite is one process per data folder). While the broadcast channel is not connected the cache
 *   is bypassed (fail closed: every request reads the database).
 *
 * Only the session modules clear it (ADR 143): every write to what a session carries is a function
 * of src/server/sessions that clears the cache itself, features call those functions, and a
 * dependency rule keeps this file out of their reach (src/server/test/session-facts-ownership.test.ts
 * holds the writes to it).
 */
export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_MAX_ENTRIES = 20_000;

/** Younger than the TTL, and not from the future (a clock stepped back). */
function isFresh(storedAt: number, nowMs: number): boolean {
  return nowMs >= storedAt && nowMs - storedAt < SESSION_CACHE_TTL_MS;
}

export type Invalidation = { kind: 'session' | 'user' | 'organization'; id: string };

/** How invalidations reach the other instances. */
export interface InvalidationTransport {
  readonly name: 'redis' | 'postgres' | 'local';
  /** Starts listening; `onMessage` is called for every invalidation, this instance's own included. */
  /** Resolves true once listening, false when the channel is not up yet (the cache stays bypassed until it is). */
  start(onMessage: (message: Invalidation) => void, onConnectionChange: (connected: boolean) => void): Promise<boolean>;
  publish(message: Invalidation): Promise<void>;
  close(): Promise<void>;
}

interface Entry<T> {
  value: T;
  userId: string;
  organizationId: string;
  storedAt: number;
}

export interface SessionCache<T = unknown> {
  readonly transport: InvalidationTransport['name'];
  /** A cached value younger than the TTL, or undefined. */
  get(sessionId: string, nowMs: number): T | undefined;
  /** The epoch to pass to `set` after a database read that started now. */
  epoch(): number;
  set(sessionId: string, value: T, owner: { userId: string; organizationId: string }, readEpoch: number, nowMs: number): void;
  /** Replaces the value of an entry that is still cached (e.g. after touching lastSeenAt). */
  update(sessionId: string, value: T): void;
  /** Drops the entry here only (a local re-read, not a revocation). */
  forget(sessionId: string): void;
  invalidateSession(sessionId: string): Promise<void>;
  invalidateUser(userId: string): Promise<void>;
  invalidateOrganization(organizationId: string): Promise<void>;
  readonly size: number;
  close(): Promise<void>;
}

export function createSessionCache<T>(
  transport: InvalidationTransport,
  onError: (error: unknown) => void = () => {},
): SessionCache<T> & { start(): Promise<void> } {
  const entries = new Map<string, Entry<T>>();
  let currentEpoch = 0;
  let connected = transport.name === 'local';

  function apply(message: Invalidation) {
    currentEpoch += 1;
    if (message.kind === 'session') {
      entries.delete(message.id);
      return;
    }
    for (const [key, entry] of entries) {
      if ((message.kind === 'user' ? entry.userId : entry.organizationId) === message.id) entries.delete(key);
    }
  }

  async function invalidate(message: Invalidation) {
    apply(message);
    try {
      await transport.publish(message);
    } catch (error) {
      // The other instances may now hold a stale entry: stop trusting the cache until the channel
      // is back (they do the same when their subscription drops), and clear ours.
      onError(error);
      entries.clear();
    }
  }

  return {
    transport: transport.name,
    async start() {
      const listening = await transport.start(apply, (isConnected) => {
        connected = isConnected;
        currentEpoch += 1;
        entries.clear();
      });
      if (listening) connected = true;
    },
    get(sessionId, nowMs) {
      if (!connected) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (!isFresh(entry.storedAt, nowMs)) {
        entries.delete(sessionId);
        return undefined;
      }
      return entry.value;
    },
    epoch: () => currentEpoch,
    set(sessionId, value, owner, readEpoch, nowMs) {
      if (!connected || readEpoch !== currentEpoch) return;
      if (entries.size >= SESSION_CACHE_MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(sessionId, { value, ...owner, storedAt: nowMs });
    },
    update(sessionId, value) {
      const entry = entries.get(sessionId);
      if (entry) entry.value = value;
    },
    forget(sessionId) {
      entries.delete(sessionId);
    },
    invalidateSession: (id) => invalidate({ kind: 'session', id }),
    invalidateUser: (id) => invalidate({ kind: 'user', id }),
    invalidateOrganization: (id) => invalidate({ kind: 'organization', id }),
    get size() {
      return entries.size;
    },
    async close() {
      connected = false;
      entries.clear();
      await transport.close();
    },
  };
}

export function parseInvalidation(payload: string): Invalidation | null {
  try {
    const value = JSON.parse(payload) as Partial<Invalidation>;
    if ((value.kind === 'session' || value.kind === 'user' || value.kind === 'organization') && typeof value.id === 'string')
      return { kind: value.kind, id: value.id };
  } catch {
    // ignored: not one of ours
  }
  return null;
}

export function createLocalTransport(): InvalidationTransport {
  return { name: 'local', start: async () => true, publish: async () => {}, close: async () => {} };
}

// ---- The registry behind the db-level API ----------------------------------------------------

const cachesByDatabase = new WeakMap<object, SessionCache>();

export function registerSessionCache(db: Database, cache: SessionCache): void {
  cachesByDatabase.set(db, cache);
}

export function unregisterSessionCache(db: Database): void {
  cachesByDatabase.delete(db);
}

export function sessionCacheFor(db: Database): SessionCache | undefined {
  return cachesByDatabase.get(db);
}

export async function invalidateSessionCache(db: Database, sessionId: string): Promise<void> {
  await cachesByDatabase.get(db)?.invalidateSession(sessionId);
}

export async function invalidateUserSessionCache(db: Database, userId: string): Promise<void> {
  await cachesByDatabase.get(db)?.invalidateUser(userId);
}

export async function invalidateOrganizationSessionCache(db: Database, organizationId: string): Promise<void> {
  await cachesByDatabase.get(db)?.invalidateOrganization(organizationId);
}
