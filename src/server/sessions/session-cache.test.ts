import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../db/schema.ts';
import { createVerifiedUserSession, readUntil } from '../test/helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { useSharedTestApp } from '../test/test-app-hooks.ts';
import { createLocalTransport, createSessionCache, SESSION_CACHE_TTL_MS } from './session-cache.ts';

function getUser(t: TestApp, cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
}

describe('the session cache on one instance', () => {
  const t = useSharedTestApp();

  test('SES-08 a signed-in request is answered from the cache; logout drops it at once', async () => {
    const { cookie } = await createVerifiedUserSession(t);
    expect((await getUser(t, cookie)).statusCode).toBe(200);
    const sizeAfterFirst = t.app.sessionCache.size;
    expect(sizeAfterFirst).toBeGreaterThan(0);
    // A change made behind the app's back is not seen while the entry is fresh: proof the database is not read.
    const sessionUserId = (await getUser(t, cookie)).json<{ id: string }>().id;
    await t.app.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, sessionUserId));
    expect((await getUser(t, cookie)).json()).toMatchObject({ firstName: 'Test' });
    // ...until the TTL passes, or an invalidation for the user arrives.
    await t.app.sessionCache.invalidateUser(sessionUserId);
    expect((await getUser(t, cookie)).json()).toMatchObject({ firstName: 'Renamed' });
    await t.app.db.update(users).set({ firstName: 'Again' }).where(eq(users.id, sessionUserId));
    t.clock.advance(SESSION_CACHE_TTL_MS);
    expect((await getUser(t, cookie)).json()).toMatchObject({ firstName: 'Again' });

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: t.env.APP_URL } });
    expect(logout.statusCode).toBe(200);
    expect((await getUser(t, cookie)).statusCode).toBe(401);
  });

  test('a database read that started before an invalidation is not stored (no stale entry put back)', () => {
    const cache = createSessionCache<string>(createLocalTransport());
    const readEpoch = cache.epoch();
    void cache.invalidateUser('u1');
    cache.set('s1', 'stale', { userId: 'u1', organizationId: 'o1' }, readEpoch, Date.now());
    expect(cache.get('s1', Date.now())).toBeUndefined();
    cache.set('s1', 'fresh', { userId: 'u1', organizationId: 'o1' }, cache.epoch(), Date.now());
    expect(cache.get('s1', Date.now())).toBe('fresh');
  });
});

/**
 * Revocation on every instance within one second: two app instances on one
 * PostgreSQL database; a change on the first is refused on the second, which had the session
 * cached. With REDIS_URL the invalidation travels over Redis pub/sub, without it over LISTEN/NOTIFY.
 */
async function expectRevokedOnOther(second: TestApp, cookie: string) {
  const status = await readUntil(async () => (await getUser(second, cookie)).statusCode, (code) => code === 401, 1_000);
  expect(status, 'the second instance still accepted the revoked session after 1 s').toBe(401);
}

for (const transport of ['postgres', 'redis'] as const) {
  const enabled = Boolean(process.env.DATABASE_URL) && (transport === 'postgres' || Boolean(process.env.REDIS_URL));
  describe.runIf(enabled)(`two instances, invalidation over ${transport}`, () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      const env: Record<string, string> =
        transport === 'redis'
          ? { REDIS_URL: process.env.REDIS_URL!, RATE_LIMIT_NAMESPACE: `cache-${randomBytes(5).toString('hex')}` }
          : { REDIS_URL: '' };
      first = await createTestApp(env);
      second = await createTestApp(env, { sameDatabaseAs: first });
      expect(first.app.sessionCache.transport).toBe(transport);
    }, 120_000);
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    test('SES-09 logout on one instance ends the session on the other within one second', async () => {
      const { cookie } = await createVerifiedUserSession(first);
      expect((await getUser(second, cookie)).statusCode).toBe(200);
      expect((await getUser(second, cookie)).statusCode).toBe(200);
      expect(
        (await first.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: first.env.APP_URL } })).statusCode,
      ).toBe(200);
      await expectRevokedOnOther(second, cookie);
    });

    test('disabling the account (status change + invalidateUser, the call the account-management code makes) is refused on the other instance within one second', async () => {
      const { cookie, user } = await createVerifiedUserSession(first);
      expect((await getUser(second, cookie)).statusCode).toBe(200);
      await first.app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
      await first.app.sessionCache.invalidateUser(user.id);
      await expectRevokedOnOther(second, cookie);
    });

    test('a role change reaches the other instance within one second', async () => {
      const { cookie, user } = await createVerifiedUserSession(first, { role: 'admin' });
      expect((await second.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie } })).statusCode).toBe(200);
      await first.app.db.update(users).set({ role: 'user' }).where(eq(users.id, user.id));
      await first.app.sessionCache.invalidateUser(user.id);
      const outbox = async () => (await second.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie } })).statusCode;
      expect(await readUntil(outbox, (code) => code === 403, 1_000)).toBe(403);
    });
  });
}
