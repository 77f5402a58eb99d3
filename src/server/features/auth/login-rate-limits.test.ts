import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { STRONG_PASSWORD, createUser, post, uniqueEmail } from '../../test/helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDatabaseRateLimitStore, createRateLimiter } from '../../plugins/rate-limit.ts';
import { LOGIN_ACCOUNT_FAILURE_LIMIT, LOGIN_IP_LIMIT } from './limits.ts';

const redisUrl = process.env.REDIS_URL;

describe('RL-04 two app instances share one login-attempt budget', () => {
  test.runIf(redisUrl)('with REDIS_URL: alternating requests to two instances hit 429 after the global per-IP budget', async () => {
    const shared = { REDIS_URL: redisUrl!, RATE_LIMIT_NAMESPACE: `shared-${randomBytes(5).toString('hex')}` };
    const first = await createTestApp(shared);
    const second = await createTestApp(shared, { clock: first.clock });
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
    const second = await createTestApp(shared, { clock: first.clock });
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
