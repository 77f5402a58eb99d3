import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createInProcessRunner } from '../../lib/engine-worker/engine-runner.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { healthRoutes } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

test('healthz answers 200 while the process is up', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok' });
});

test('readyz answers 200 when the database answers, with the clock skew against the database', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/readyz' });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ clockSkewMs: number; clockSkewOk: boolean }>();
  expect(Math.abs(body.clockSkewMs)).toBeLessThan(2_000);
  expect(body.clockSkewOk).toBe(true);
  // This app has no REDIS_URL: readiness says so (ADR 200; the outage case is redis-outage.test.ts).
  expect(response.json()).toMatchObject({ redis: t.env.REDIS_URL ? 'ok' : 'not_configured' });
  // Move the app clock ten minutes ahead: the database's clock now lags by that much.
  t.clock.advance(10 * 60_000);
  const skewed = (await t.app.inject({ method: 'GET', url: '/readyz' })).json<{ clockSkewMs: number; clockSkewOk: boolean }>();
  expect(skewed.clockSkewMs).toBeLessThan(-9 * 60_000);
  expect(skewed.clockSkewOk).toBe(false);
  t.clock.advance(-10 * 60_000);
});

test('unknown /api path answers a JSON 404 with a message', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ code: 'not_found', message: expect.stringContaining('/api/no-such-thing') });
});

test('api responses carry no-store and the security headers, and no X-Powered-By', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
  expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-powered-by']).toBeUndefined();
});

// Last in this file: draining cannot be undone, and the file's tests run in order on one app.
test('once draining begins, readyz answers 503 while liveness and other routes keep answering', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  t.app.drain.begin();
  expect(t.app.drain.draining).toBe(true);
  const readiness = await t.app.inject({ method: 'GET', url: '/readyz' });
  expect(readiness.statusCode).toBe(503);
  expect(readiness.json()).toEqual({ status: 'unavailable', message: 'Shutting down' });
  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  // Requests are still served until the listener closes (ADR 236).
  expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);
});

test('readyz answers 503 until a probe run of the model passes, then 200 (engine-probe.ts, ADR 276)', async () => {
  // An engine that cannot run (as a worker that cannot load the engine's TypeScript), then one that can.
  let engineWorks = false;
  const inProcess = createInProcessRunner();
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('engine', { ...inProcess, expectedLoss: async (run: Parameters<typeof inProcess.expectedLoss>[0]) => (engineWorks ? inProcess.expectedLoss(run) : Promise.reject(new Error('Unknown file extension ".ts"'))) });
  app.decorate('database', t.app.database);
  app.decorate('now', () => new Date());
  app.decorate('redisStatus', () => 'not_configured' as const);
  await app.register(healthRoutes);
  await app.ready();
  const failing = await app.inject('/readyz');
  expect(failing.statusCode).toBe(503);
  expect(failing.json()).toEqual({ status: 'unavailable', message: 'The risk model is not ready yet' });
  engineWorks = true;
  const ready = await app.inject('/readyz');
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toMatchObject({ status: 'ready' });
  await app.close();
});
