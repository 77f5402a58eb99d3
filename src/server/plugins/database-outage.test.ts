import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { createDatabaseHealth } from '../db/database-health.ts';
import { databaseOutage } from './database-outage.ts';
import { errorHandler } from './error-handler.ts';

/** An app with the plugin, a health flag this test lowers, and a route whose "query" waits until told. */
async function appWithHealth() {
  const health = createDatabaseHealth({ ping: () => Promise.reject(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })), onDown() {}, onPingTimeout() {}, downIntervalMs: 60_000 });
  const app = Fastify();
  app.decorate('database', { health } as never);
  app.decorate('env', { NODE_ENV: 'test' } as never);
  await app.register(errorHandler);
  await app.register(databaseOutage);
  let releaseQuery: (rows: unknown) => void = () => {};
  app.get('/api/slow', async () => new Promise((resolve) => (releaseQuery = resolve)));
  app.get('/api/query-fails', async () => {
    throw new Error('Failed query: select 1', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.ready();
  return { app, health, releaseQuery: (rows: unknown) => releaseQuery(rows) };
}

test('a query that cannot reach the database is a retryable 503 and lowers the flag: the next request is answered before its handler, the probes still answer (ADR 278)', async () => {
  const { app, health } = await appWithHealth();
  const failed = await app.inject('/api/query-fails');
  expect(failed.statusCode).toBe(503);
  expect(failed.headers['retry-after']).toBe('2');
  expect(failed.json()).toEqual({ code: 'unavailable', message: expect.stringContaining('may not have completed') });
  expect(health.up).toBe(false);
  const next = await app.inject('/api/slow');
  expect(next.statusCode).toBe(503);
  expect(next.headers['retry-after']).toBe('2');
  expect((await app.inject('/healthz')).statusCode).toBe(200);
  health.stop();
  await app.close();
});

test('a request under way when the flag goes down is answered 503 at once, not when its query would return', async () => {
  const { app, health, releaseQuery } = await appWithHealth();
  const underWay = app.inject('/api/slow');
  await new Promise((resolve) => setTimeout(resolve, 20));
  health.reportUnreachable();
  const answer = await underWay;
  expect(answer.statusCode).toBe(503);
  expect(answer.headers['retry-after']).toBe('2');
  // Its handler ends later on a reply already sent: nothing else is sent.
  releaseQuery({ late: true });
  health.stop();
  await app.close();
});
