import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const distDir = mkdtempSync(join(tmpdir(), 'cifer-dist-'));

beforeAll(async () => {
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>CIFER test shell</title>');
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ CLIENT_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
});

const origin = () => ({ origin: t.env.APP_URL });

test('any non-API page path gets the client shell (SPA fallback), revalidated on each load', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/history/some-id' });
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('CIFER test shell');
  expect(response.headers['cache-control']).toBe('no-cache');
});

test('hashed assets are cached for a year', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('an unknown hashed asset (a page older than the deployment asks for it) is a JSON 404, never the client shell (ADR 281)', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/assets/auth-page-OLD123.js' });
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toContain('application/json');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.body).not.toContain('CIFER test shell');
});

test('an unknown API path is a JSON 404, never the client shell', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toContain('application/json');
});

test('unsafe API calls with a non-JSON body get 415 with a clear message', async () => {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...origin(), 'content-type': 'text/plain' }, payload: 'hello' });
  expect(response.statusCode).toBe(415);
  expect(response.json().message).toMatch(/JSON/);
});

test('form-encoded bodies get 415', async () => {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...origin(), 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
  expect(response.statusCode).toBe(415);
});

test('malformed JSON gets 400 with a clear message and is logged once', async () => {
  const before = t.logs.length;
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...origin(), 'content-type': 'application/json' }, payload: '{"a":' });
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe('Request body is not valid JSON');
  const refusals = t.logs.slice(before).filter((line) => line.includes('request refused'));
  expect(refusals).toHaveLength(1);
});

test('bodies over the limit get 413', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { ...origin(), 'content-type': 'application/json' },
    payload: JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
  });
  expect(response.statusCode).toBe(413);
});

test('every API route declares its access level', () => {
  expect(t.app.registeredApiRoutes.length).toBeGreaterThan(0);
  for (const route of t.app.registeredApiRoutes) expect(['public', 'session', 'user', 'admin', 'super_admin']).toContain(route.access);
});

test('a route without an access declaration stops the app from starting', async () => {
  const { default: Fastify } = await import('fastify');
  const { accessControl } = await import('../../plugins/access.ts');
  const app = Fastify();
  await app.register(accessControl);
  await expect(
    app.register(async (scoped) => {
      scoped.get('/api/undeclared', async () => ({}));
    }),
  ).rejects.toThrow(/does not declare config.access/);
});
