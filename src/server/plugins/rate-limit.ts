import { randomBytes } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { createRedisClient, isRedisReady } from '../lib/redis-client.ts';

/**
 * The one rate limiter (RL-01..05, ADR 022): fixed windows counted in Redis when REDIS_URL is
 * set, else in the database's `rate_limits` table, so every app instance shares one budget. While
 * Redis is away the windows are counted in the database instead (ADR 200), so log-in and sign-up
 * keep working and stay limited. Windows follow `app.now()`, so tests move them with the fake clock.
 *
 * Use it from any feature:
 *   await enforceRateLimit(app, `help:ip:${request.ip}`, 5, 60 * 60_000);   // throws 429 + Retry-After
 *   const { allowed } = await app.rateLimiter.hit(`help:addr:${email}`, 3, 60 * 60_000); // decide yourself
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (0 when allowed and unused). */
  retryAfterSeconds: number;
  remaining: number;
  /** Hits counted in the current window, this one included. */
  count: number;
}

export interface RateLimitStore {
  /** Counts one hit and returns the window's count and reset time. */
  increment(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: number }>;
  /** Reads the window without counting. */
  read(key: string, now: Date): Promise<{ count: number; resetAt: number } | null>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** The state of a window without counting a hit (e.g. "is this address locked out?"). */
  peek(key: string, limit: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

function toResult(count: number, resetAt: number, limit: number, nowMs: number, counted: boolean): RateLimitResult {
  const allowed = counted ? count <= limit : count < limit;
  return {
    allowed,
    count,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: allowed && count === 0 ? 0 : Math.max(1, Math.ceil((resetAt - nowMs) / 1000)),
  };
}

export function createRateLimiter(store: RateLimitStore, namespace: string, now: () => Date, onStoreError?: (error: unknown) => void): RateLimiter {
  const fullKey = (key: string) => `${namespace}:${key}`;
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // Fail closed (RL-05): when no counter store answers (the database too), refuse rather than let guesses through.
      if (error instanceof AppError) throw error;
      onStoreError?.(error);
      throw new AppError('unavailable', 'The service is temporarily unavailable. Please try again shortly.', { retryAfterSeconds: 30 });
    }
  }
  return {
    hit: (key, limit, windowMs) =>
      guarded(async () => {
        const at = now();
        const { count, resetAt } = await store.increment(fullKey(key), windowMs, at);
        return toResult(count, resetAt, limit, at.getTime(), true);
      }),
    peek: (key, limit) =>
      guarded(async () => {
        const at = now();
        const state = await store.read(fullKey(key), at);
        return state ? toResult(state.count, state.resetAt, limit, at.getTime(), false) : toResult(0, at.getTime(), limit, at.getTime(), false);
      }),
    reset: (key) => guarded(() => store.reset(fullKey(key))),
  };
}

/** Counts a hit and throws 429 with Retry-After once the limit is passed (`app`, or an operation's `{ rateLimiter }`). */
export async function enforceRateLimit(app: { rateLimiter: RateLimiter }, key: string, limit: number, windowMs: number, message = 'Too many requests. Please try again later.'): Promise<RateLimitResult> {
  const result = await app.rateLimiter.hit(key, limit, windowMs);
  if (!result.allowed) throw new AppError('rate_limited', message, { retryAfterSeconds: result.retryAfterSeconds });
  return result;
}

/** PostgreSQL/PGlite store: one UPSERT per hit, atomic across instances sharing the database. */
export function createDatabaseRateLimitStore(db: Database): RateLimitStore {
  let hitsSinceSweep = 0;
  return {
    async increment(key, windowMs, now) {
      const nowIso = now.toISOString();
      const resetIso = new Date(now.getTime() + windowMs).toISOString();
      const expired = sql`${rateLimits.resetAt} <= ${nowIso}::timestamptz`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: new Date(resetIso) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${expired} then ${resetIso}::timestamptz else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (!row) throw new Error('rate limit upsert returned no row');
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= 500) {
        hitsSinceSweep = 0;
        await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date(now.getTime() - 24 * 60 * 60_000)));
      }
      return { count: row.count, resetAt: new Date(row.resetAt).getTime() };
    },
    async read(key, now) {
      const [row] = await db.select().from(rateLimits).where(sql`${rateLimits.key} = ${key}`).limit(1);
      if (!row || new Date(row.resetAt).getTime() <= now.getTime()) return null;
      return { count: row.count, resetAt: new Date(row.resetAt).getTime() };
    },
    async reset(key) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
    async close() {},
  };
}

/** Same fixed window as the database store, in one Lua script so concurrent hits stay atomic. */
const INCREMENT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local reset = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
if reset <= now then
  redis.call('HSET', KEYS[1], 'c', 1, 'r', now + window)
  redis.call('PEXPIRE', KEYS[1], window + 60000)
  return {1, now + window}
end
local count = redis.call('HINCRBY', KEYS[1], 'c', 1)
return {count, reset}
`;

export function createRedisRateLimitStore(redis: Redis): RateLimitStore {
  return {
    async increment(key, windowMs, now) {
      const [count, resetAt] = (await redis.eval(INCREMENT_SCRIPT, 1, key, String(now.getTime()), String(windowMs))) as [number, number];
      return { count: Number(count), resetAt: Number(resetAt) };
    },
    async read(key, now) {
      const [count, resetAt] = await redis.hmget(key, 'c', 'r');
      if (!count || !resetAt || Number(resetAt) <= now.getTime()) return null;
      return { count: Number(count), resetAt: Number(resetAt) };
    },
    async reset(key) {
      await redis.del(key);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * Redis while it answers, the database while it does not (ADR 200). A command is sent to Redis only
 * when its connection is ready, so an outage costs no waiting; a command that fails mid-way is
 * counted in the database. A window counted partly in each store may allow up to one extra
 * budget per outage: refusing every log-in instead is worse.
 */
export function createFailoverRateLimitStore(primary: RateLimitStore, fallback: RateLimitStore, isPrimaryReady: () => boolean): RateLimitStore {
  async function either<T>(work: (store: RateLimitStore) => Promise<T>): Promise<T> {
    if (!isPrimaryReady()) return work(fallback);
    try {
      return await work(primary);
    } catch {
      return work(fallback);
    }
  }
  return {
    increment: (key, windowMs, now) => either((store) => store.increment(key, windowMs, now)),
    read: (key, now) => either((store) => store.read(key, now)),
    // Both: a reset (a successful log-in clears its failures) must not leave a count in the other.
    async reset(key) {
      await Promise.all([either((store) => store.reset(key)), fallback.reset(key)]);
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the shared counters live in Redis now: 'ok', 'degraded' (counting in the database), or 'not_configured'. */
    redisStatus(): 'ok' | 'degraded' | 'not_configured';
  }
}

async function rateLimitPlugin(app: FastifyInstance) {
  let store: RateLimitStore;
  if (app.env.REDIS_URL) {
    const redis = createRedisClient(app.env.REDIS_URL, { purpose: 'rate limits', log: app.log });
    store = createFailoverRateLimitStore(createRedisRateLimitStore(redis), createDatabaseRateLimitStore(app.db), () => isRedisReady(redis));
    app.decorate('redisStatus', () => (isRedisReady(redis) ? 'ok' : 'degraded'));
  } else {
    store = createDatabaseRateLimitStore(app.db);
    app.decorate('redisStatus', () => 'not_configured' as const);
  }
  // Tests get a private namespace per app unless they ask to share one (two instances, one budget).
  const namespace = app.env.RATE_LIMIT_NAMESPACE ?? (app.env.NODE_ENV === 'test' ? `test-${randomBytes(6).toString('hex')}` : 'cifer');
  app.decorate('rateLimiter', createRateLimiter(store, namespace, app.now, (error) => app.log.error({ err: error }, 'rate limit store failed')));
  app.addHook('onClose', async () => store.close());
}

export const rateLimit = fp(rateLimitPlugin, { name: 'rate-limit' });
