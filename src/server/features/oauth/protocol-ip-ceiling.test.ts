import { afterAll, beforeAll, expect, test } from 'vitest';
import { SCIM_SCHEMAS } from '@/contracts/scim.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The per-address ceiling of the API (API_IP_LIMIT_PER_MINUTE, ADR 176) counts the OAuth endpoints
 * (ADR 294) and SCIM (ADR 296) too, and each says so in its own standard's error format.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_IP_LIMIT_PER_MINUTE: '3' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

test('past the ceiling, /oauth/token answers 429 in OAuth’s format and /scim/v2 in SCIM’s, with Retry-After', async () => {
  const token = () => t.app.inject({ method: 'POST', url: '/oauth/token', remoteAddress: '198.51.100.7', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=refresh_token' });
  for (let index = 0; index < 3; index += 1) expect((await token()).statusCode).not.toBe(429);
  const refused = await token();
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBeDefined();
  expect(refused.json()).toMatchObject({ error: 'temporarily_unavailable' });

  const scim = () => t.app.inject({ method: 'GET', url: '/scim/v2/Users', remoteAddress: '198.51.100.8' });
  for (let index = 0; index < 3; index += 1) expect((await scim()).statusCode).toBe(401);
  const tooMany = await scim();
  expect(tooMany.statusCode).toBe(429);
  expect(tooMany.json()).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '429' });
  // Another address is not affected.
  expect((await t.app.inject({ method: 'GET', url: '/scim/v2/Users', remoteAddress: '198.51.100.9' })).statusCode).toBe(401);
});
