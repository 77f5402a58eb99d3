import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CLIENT_ERROR_LIMIT_PER_ADDRESS } from './routes.ts';
import { scrubMessage, scrubPath } from './scrub.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@operator.example' });
});
afterAll(async () => {
  await t.close();
});

function report(payload: unknown, ip = '203.0.113.7') {
  return t.app.inject({ method: 'POST', url: '/api/client-errors', remoteAddress: ip, headers: { origin: t.env.APP_URL }, payload: payload as object });
}

const reportLines = () => t.logs.filter((line) => line.includes('interface error reported by a browser')).map((line) => JSON.parse(line) as { level: number; clientError: Record<string, string> });

test('a report is logged scrubbed, counted by kind, and answered with the configured support address', async () => {
  const message = 'Failed to fetch dynamically imported module: http://cifer.example:5000/assets/auth-page-9f8e7d.js?reset=abcdef0123456789abcdef0123456789 for jane.doe@clinic.example';
  const response = await report({ kind: 'chunk_load', message, path: '/assessments/42/edit?email=jane.doe@clinic.example#top' });
  expect(response.statusCode).toBe(202);
  expect(response.json()).toEqual({ reported: true, supportEmail: 'help@operator.example' });

  const [line] = reportLines();
  expect(line?.clientError).toEqual({ kind: 'chunk_load', message: 'Failed to fetch dynamically imported module: /assets/auth-page-9f8e7d.js for [email]', path: '/assessments/:id/edit' });
  const everything = t.logs.join('\n');
  for (const secret of ['jane.doe', 'abcdef0123456789', 'cifer.example:5000', 'email=']) expect(everything).not.toContain(secret);

  const metrics = await t.app.metrics.registry.getSingleMetricAsString('cifer_client_errors_total');
  expect(metrics).toContain('cifer_client_errors_total{kind="chunk_load"} 1');
});

test('a malformed report is a 400 naming the field, and a flood from one address is cut off with a 429', async () => {
  const bad = await report({ kind: 'meltdown', message: 'x', path: '/' }, '198.51.100.1');
  expect(bad.statusCode).toBe(400);
  expect(bad.body).toContain('kind');

  const ip = '198.51.100.2';
  for (let i = 0; i < CLIENT_ERROR_LIMIT_PER_ADDRESS; i += 1) expect((await report({ kind: 'render', message: `boom ${i}`, path: '/' }, ip)).statusCode).toBe(202);
  const limited = await report({ kind: 'render', message: 'boom again', path: '/' }, ip);
  expect(limited.statusCode).toBe(429);
  // Another address is not affected.
  expect((await report({ kind: 'render', message: 'elsewhere', path: '/' }, '198.51.100.3')).statusCode).toBe(202);
});

test('the interface reads the support address from the configuration', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/client-config' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ supportEmail: 'help@operator.example' });
});

test('scrubbing: tokens, addresses and control characters go, the length is bounded', () => {
  expect(scrubMessage('Bearer cfr_9a8b7c6d5e4f3a2b1c0d9e8f and\nnew line')).toBe('Bearer [token] and new line');
  expect(scrubMessage('x'.repeat(1000)).length).toBe(300);
  expect(scrubMessage('Cannot read properties of undefined (reading \'name\')')).toBe("Cannot read properties of undefined (reading 'name')");
  expect(scrubPath('/reset-password/8c1f2a3b-0000-4000-8000-123456789abc?x=1')).toBe('/reset-password/:id');
});
