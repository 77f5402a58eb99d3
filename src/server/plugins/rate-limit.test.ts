import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STRONG_PASSWORD, createUser, post, uniqueEmail } from '../features/auth/test-support.ts';
import { LOGIN_ACCOUNT_FAILURE_LIMIT, LOGIN_IP_LIMIT } from '../features/auth/limits.ts';
import { createTestApp, createTestClock, type TestApp } from '../test/test-app.ts';
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

describe('RL-04 two app instances share one login-attempt budget', () => {
  test.runIf(redisUrl)('with REDIS_URL: alternating requests to two instances hit 429 after the global per-IP budget', async () => {
    const shared = { REDIS_URL: redisUrl!, RATE_LIMIT_NAMESPACE: `shared-${randomBytes(5).toString('hex')}` };
    const first = await createTestApp(shared);
    const second = await createTestApp(shared);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_IP_LIMIT + 1; i += 1) {
        const instance: TestApp = i % 2 === 0 ? first : second;
        statuses.push((await post(instance, '/api/auth/login', { email: uniqueEmail('spray'), password: 'Wrong-Password-123456' }, { ip: '10.7.0.1' })).statusCode);
      }
      expect(statuses.slice(0, LOGIN_IP_LIMIT).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });

  test.runIf(redisUrl)('with REDIS_URL: per-account failures on one instance lock the address on the other', async () => {
    const shared = { REDIS_URL: redisUrl!, RATE_LIMIT_NAMESPACE: `shared-${randomBytes(5).toString('hex')}` };
    const first = await createTestApp(shared);
    const second = await createTestApp(shared);
    try {
      const email = uniqueEmail('target');
      for (let i = 0; i < LOGIN_ACCOUNT_FAILURE_LIMIT; i += 1) {
        expect((await post(first, '/api/auth/login', { email, password: `Wrong-Password-${i}xx` }, { ip: `10.7.1.${i}` })).statusCode).toBe(401);
      }
      const response = await post(second, '/api/auth/login', { email, password: STRONG_PASSWORD }, { ip: '10.7.1.200' });
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await first.close();
      await second.close();
    }
  });

  test('with the database store: every instance on one database shares the counters (rate_limits table)', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t);
      // A second limiter over the same database stands in for a second instance.
      const other = createRateLimiter(createDatabaseRateLimitStore(t.app.db), t.env.RATE_LIMIT_NAMESPACE ?? 'unused', t.app.now);
      const sharedA = createRateLimiter(createDatabaseRateLimitStore(t.app.db), 'same', t.app.now);
      const sharedB = createRateLimiter(createDatabaseRateLimitStore(t.app.db), 'same', t.app.now);
      await sharedA.hit('login:ip:1', 2, 60_000);
      await sharedB.hit('login:ip:1', 2, 60_000);
      expect((await sharedA.hit('login:ip:1', 2, 60_000)).allowed).toBe(false);
      expect((await other.peek('login:ip:1', 2)).count).toBe(0);
      expect((await post(t, '/api/auth/login', { email: user.email, password: user.password }, { ip: '10.7.2.1' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
