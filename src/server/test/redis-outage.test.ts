import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOGIN_IP_LIMIT } from '../features/auth/limits.ts';
import { createUser, post, sessionCookie, uniqueEmail } from './helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createFailoverRateLimitStore, createDatabaseRateLimitStore, type RateLimitStore } from '../plugins/rate-limit.ts';

/**
 * Redis away must not stop log-in, sign-up or any rate-limited route (ADR 200). The machine's Redis
 * is shared with the other test files, so the outage is made by a loopback TCP proxy between this
 * app and Redis that the test cuts and restores.
 */
interface RedisProxy {
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

async function startRedisProxy(target: URL): Promise<RedisProxy> {
  const sockets = new Set<net.Socket>();
  const createServer = () =>
    net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  let server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: stop,
    async restore() {
      server = createServer();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: stop,
  };
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.runIf(process.env.REDIS_URL)('Redis outage (PostgreSQL + Redis)', () => {
  let t: TestApp;
  let proxy: RedisProxy;
  let redis: Redis;
  const namespace = `outage-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    proxy = await startRedisProxy(new URL(process.env.REDIS_URL!));
    redis = new Redis(process.env.REDIS_URL!);
    t = await createTestApp({ REDIS_URL: proxy.url, RATE_LIMIT_NAMESPACE: namespace });
    await waitFor(() => t.app.redisStatus() === 'ok', 5_000);
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  test('RL-05 with Redis away, log-in and sign-up answer at once, limits still hold, readiness says degraded, the log says so once; with Redis back it is used again', async () => {
    const user = await createUser(t);
    expect((await post(t, '/api/auth/login', { email: user.email, password: user.password }, { ip: '10.77.0.1' })).statusCode).toBe(200);
    expect((await redis.keys(`${namespace}:*`)).length).toBeGreaterThan(0);

    await proxy.cut();
    await waitFor(() => t.app.redisStatus() === 'degraded', 5_000);

    const started = performance.now();
    const login = await post(t, '/api/auth/login', { email: user.email, password: user.password }, { ip: '10.77.0.2' });
    const loginMs = performance.now() - started;
    expect(login.statusCode).toBe(200);
    expect(sessionCookie(t, login)).toBeTruthy();
    // Before the fix this waited for Redis (2.1 s) and answered 503.
    expect(loginMs).toBeLessThan(1_000);

    const signUp = await post(t, '/api/auth/register', { email: uniqueEmail('outage'), password: 'Correct-Horse-Battery-9', firstName: 'Ada', lastName: 'Lovelace', company: 'Engines' }, { ip: '10.77.0.3' });
    expect(signUp.statusCode).toBe(200);

    // The per-IP login limit is still counted (in the database now): the attempt past it is refused.
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LOGIN_IP_LIMIT; attempt += 1) {
      statuses.push((await post(t, '/api/auth/login', { email: uniqueEmail('nobody'), password: 'Wrong-Password-123456' }, { ip: '10.77.0.4' })).statusCode);
    }
    expect(statuses.slice(0, LOGIN_IP_LIMIT).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', redis: 'degraded' });

    // One line per Redis connection that went away, not one per request or retry.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const awayLines = t.logs.filter((line) => line.includes('Redis unreachable'));
    const purposes = awayLines.map((line) => (JSON.parse(line) as { purpose: string }).purpose);
    expect(purposes.length).toBeGreaterThan(0);
    expect(new Set(purposes).size).toBe(purposes.length);
    expect(t.logs.some((line) => line.includes('rate limit store failed'))).toBe(false);

    await proxy.restore();
    await waitFor(() => t.app.redisStatus() === 'ok', 10_000);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ redis: 'ok' });
    const before = new Set(await redis.keys(`${namespace}:*`));
    expect((await post(t, '/api/auth/login', { email: user.email, password: user.password }, { ip: '10.77.0.5' })).statusCode).toBe(200);
    const added = (await redis.keys(`${namespace}:*`)).filter((key) => !before.has(key));
    expect(added.some((key) => key.includes('10.77.0.5'))).toBe(true);
    expect(t.logs.some((line) => line.includes('Redis reachable again'))).toBe(true);
  });
});

describe('failover rate-limit store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const failing: RateLimitStore = {
    increment: () => Promise.reject(new Error('redis down')),
    read: () => Promise.reject(new Error('redis down')),
    reset: () => Promise.reject(new Error('redis down')),
    close: async () => {},
  };

  test('counts in the database when the primary is not ready, and when a command to it fails', async () => {
    const database = createDatabaseRateLimitStore(t.app.db);
    let calls = 0;
    const counting: RateLimitStore = { ...failing, increment: () => ((calls += 1), Promise.reject(new Error('redis down'))) };
    const now = t.clock.now();
    const notReady = createFailoverRateLimitStore(counting, database, () => false);
    expect((await notReady.increment('k1', 60_000, now)).count).toBe(1);
    expect((await notReady.increment('k1', 60_000, now)).count).toBe(2);
    // Not ready: the primary is never asked, so nothing waits for it.
    expect(calls).toBe(0);
    const readyButFailing = createFailoverRateLimitStore(counting, database, () => true);
    expect((await readyButFailing.increment('k1', 60_000, now)).count).toBe(3);
    expect(calls).toBe(1);
    expect((await readyButFailing.read('k1', now))?.count).toBe(3);
    await readyButFailing.reset('k1');
    expect(await database.read('k1', now)).toBeNull();
  });
});
