import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, createTestClock } from '../test/test-app.ts';
import { createDatabaseRateLimitStore, createRateLimiter, createRedisRateLimitStore, type RateLimitStore } from './rate-limit.ts';

const redisUrl = process.env.REDIS_URL;

function describeStore(name: string, makeStore: () => Promise<{ store: RateLimitStore; done: () => Promise<void> }>) {
  describe(`${name} store`, () => {
    let store: RateLimitStore;
    let done: () => Promise<void>;
    beforeAll(async () => {
      ({ store, done } = await makeStore());
    });
    afterAll(async () => {
      await done();
    });

    test('fixed window: allows `limit` hits, refuses the next with Retry-After, and resets when the window ends', async () => {
      const clock = createTestClock(new Date('2026-01-01T00:00:00Z'));
      const limiter = createRateLimiter(store, `unit-${randomBytes(4).toString('hex')}`, clock.now);
      for (let i = 1; i <= 3; i += 1) expect(await limiter.hit('k', 3, 60_000)).toMatchObject({ allowed: true, remaining: 3 - i, count: i });
      clock.advance(20_000);
      const refused = await limiter.hit('k', 3, 60_000);
      expect(refused).toMatchObject({ allowed: false, remaining: 0, count: 4, retryAfterSeconds: 40 });
      expect(await limiter.peek('k', 3)).toMatchObject({ allowed: false, count: 4 });
      clock.advance(40_000);
      expect(await limiter.peek('k', 3)).toMatchObject({ allowed: true, count: 0 });
      expect(await limiter.hit('k', 3, 60_000)).toMatchObject({ allowed: true, count: 1 });
      await limiter.reset('k');
      expect(await limiter.peek('k', 3)).toMatchObject({ allowed: true, count: 0 });
    });

    test('keys and namespaces are independent', async () => {
      const clock = createTestClock();
      const a = createRateLimiter(store, `unit-${randomBytes(4).toString('hex')}`, clock.now);
      const b = createRateLimiter(store, `unit-${randomBytes(4).toString('hex')}`, clock.now);
      await a.hit('x', 1, 60_000);
      expect((await a.hit('x', 1, 60_000)).allowed).toBe(false);
      expect((await a.hit('y', 1, 60_000)).allowed).toBe(true);
      expect((await b.hit('x', 1, 60_000)).allowed).toBe(true);
    });

    test('concurrent hits are counted atomically', async () => {
      const clock = createTestClock();
      const limiter = createRateLimiter(store, `unit-${randomBytes(4).toString('hex')}`, clock.now);
      const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('burst', 5, 60_000)));
      expect(results.filter((result) => result.allowed)).toHaveLength(5);
      expect(new Set(results.map((result) => result.count)).size).toBe(20);
    });
  });
}

describeStore('database', async () => {
  const t = await createTestApp();
  return { store: createDatabaseRateLimitStore(t.app.db), done: () => t.close() };
});

describe.runIf(redisUrl)('redis', () => {
  describeStore('redis', async () => {
    const redis = new Redis(redisUrl!);
    const store = createRedisRateLimitStore(redis);
    return { store, done: () => store.close() };
  });
});

test('RL-05 the limiter fails closed when its store is down (503, never a free pass)', async () => {
  const broken: RateLimitStore = {
    increment: () => Promise.reject(new Error('connection refused')),
    read: () => Promise.reject(new Error('connection refused')),
    reset: () => Promise.reject(new Error('connection refused')),
    close: async () => {},
  };
  const limiter = createRateLimiter(broken, 'x', () => new Date());
  await expect(limiter.hit('k', 1, 1000)).rejects.toMatchObject({ code: 'unavailable', statusCode: 503 });
});
