import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.ts';
import { createRedisClient, isRedisReady } from '../lib/redis-client.ts';

/**
 * A generous ceiling on the whole API per client address (ADR 176):
 * API_IP_LIMIT_PER_MINUTE requests per fixed one-minute window (default 3,000, i.e. 50 per second
 * sustained; 0 turns it off). It must not cost a round trip per request, so each instance counts in
 * memory and, with REDIS_URL, adds its counts to a shared Redis counter once a second (INCRBY),
 * learning the total of every instance in the same call. A burst spread over instances can
 * therefore overshoot by at most one second of traffic. Without Redis the count is per instance
 * (PGlite is one process; several PostgreSQL instances without Redis each allow the limit).
 */
export const GLOBAL_IP_WINDOW_MS = 60_000;
/** What the ceiling counts: the API, and the OAuth (ADR 294) and SCIM (ADR 296) endpoints beside it. */
const CEILED_PREFIXES = ['/api/', '/oauth/', '/scim/'];
const FLUSH_INTERVAL_MS = 1_000;

interface Counter {
  window: number;
  /** Requests counted here and not yet added to the shared total. */
  pending: number;
  /** The shared total as last read (this instance's flushed counts included). */
  shared: number;
}

export interface GlobalIpLimiter {
  /** Counts one request; false when the address is over the limit in this window. */
  allow(ip: string): { allowed: boolean; retryAfterSeconds: number };
  /** Pushes local counts to the shared store now (tests; the timer does it every second). */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    globalIpLimiter: GlobalIpLimiter;
    /** The same counting per API token (API_TOKEN_LIMIT_PER_MINUTE, ADR 228), checked by plugins/access.ts. */
    apiTokenLimiter: GlobalIpLimiter;
  }
}

export function createGlobalIpLimiter(options: {
  limit: number;
  now: () => Date;
  redis?: Redis;
  namespace: string;
  onError: (error: unknown) => void;
  /** What is counted, in the shared key: 'global-ip' (per address), 'api-token' (per token, ADR 228). */
  kind?: string;
}): GlobalIpLimiter {
  const counters = new Map<string, Counter>();
  let currentWindow = -1;

  function windowOf(ms: number) {
    return Math.floor(ms / GLOBAL_IP_WINDOW_MS);
  }

  return {
    allow(ip) {
      const nowMs = options.now().getTime();
      const window = windowOf(nowMs);
      if (window !== currentWindow) {
        currentWindow = window;
        for (const [key, counter] of counters) if (counter.window !== window) counters.delete(key);
      }
      let counter = counters.get(ip);
      if (!counter) {
        counter = { window, pending: 0, shared: 0 };
        counters.set(ip, counter);
      }
      counter.pending += 1;
      const allowed = counter.shared + counter.pending <= options.limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(((window + 1) * GLOBAL_IP_WINDOW_MS - nowMs) / 1000)) };
    },
    async flush() {
      const redis = options.redis;
      // While Redis is away the counts stay pending here: this instance limits alone (ADR 200).
      if (!redis || !isRedisReady(redis)) return;
      const batch = [...counters.entries()].filter(([, counter]) => counter.pending > 0);
      if (batch.length === 0) return;
      const pipeline = redis.pipeline();
      const sent = batch.map(([ip, counter]) => {
        const amount = counter.pending;
        counter.pending = 0;
        const key = `${options.namespace}:${options.kind ?? 'global-ip'}:${counter.window}:${ip}`;
        pipeline.incrby(key, amount);
        pipeline.pexpire(key, GLOBAL_IP_WINDOW_MS * 2);
        return { counter, amount };
      });
      try {
        const results = (await pipeline.exec()) ?? [];
        sent.forEach(({ counter }, index) => {
          const [error, total] = results[index * 2] ?? [null, null];
          if (!error && typeof total === 'number') counter.shared = total;
        });
      } catch (error) {
        // Keep counting locally: the counts go back to pending and are sent with the next flush.
        for (const { counter, amount } of sent) counter.pending += amount;
        options.onError(error);
      }
    },
  };
}

async function globalIpLimitPlugin(app: FastifyInstance) {
  const limit = app.env.API_IP_LIMIT_PER_MINUTE;
  let redis: Redis | undefined;
  if (limit > 0 && app.env.REDIS_URL) {
    redis = createRedisClient(app.env.REDIS_URL, { purpose: 'global per-IP limit', log: app.log });
  }
  const namespace = app.env.RATE_LIMIT_NAMESPACE ?? 'cifer';
  const limiter = createGlobalIpLimiter({ limit, now: app.now, ...(redis ? { redis } : {}), namespace, onError: (error) => app.log.warn({ err: error }, 'global per-IP limit: shared count not updated') });
  app.decorate('globalIpLimiter', limiter);
  // A token's budget is counted the same way: a shared database counter row per token would make
  // every call of one integration wait for the previous one's commit (docs/benchmarks.md).
  const tokenRedis = app.env.REDIS_URL ? createRedisClient(app.env.REDIS_URL, { purpose: 'API token limit', log: app.log }) : undefined;
  const tokenLimiter = createGlobalIpLimiter({
    limit: app.env.API_TOKEN_LIMIT_PER_MINUTE,
    now: app.now,
    ...(tokenRedis ? { redis: tokenRedis } : {}),
    namespace,
    kind: 'api-token',
    onError: (error) => app.log.warn({ err: error }, 'API token limit: shared count not updated'),
  });
  app.decorate('apiTokenLimiter', tokenLimiter);
  const flushAll = async () => {
    await limiter.flush();
    await tokenLimiter.flush();
  };
  if (redis || tokenRedis) {
    const timer = setInterval(() => void flushAll(), FLUSH_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await flushAll();
      redis?.disconnect();
      tokenRedis?.disconnect();
    });
  }
  if (limit <= 0) return;
  app.addHook('onRequest', async (request) => {
    if (!CEILED_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    const { allowed, retryAfterSeconds } = limiter.allow(request.ip);
    if (!allowed) throw new AppError('rate_limited', 'Too many requests from your address. Please slow down and try again shortly.', { retryAfterSeconds });
  });
}

export const globalIpLimit = fp(globalIpLimitPlugin, { name: 'global-ip-limit' });
