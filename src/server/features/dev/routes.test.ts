import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cookieFor, createEnrolledUser, get } from '../../test/helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEV_BYPASS_DISABLED_MESSAGE } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('development bypass', () => {
  test('CFG-01 AUTH-11 GET /api/dev/super-admin-auth never authenticates anyone', async () => {
    const admin = await createEnrolledUser(t, { role: 'super_admin' });
    for (const cookie of [null, admin.cookie, cookieFor(t, 'forged')]) {
      const response = await get(t, '/api/dev/super-admin-auth', { cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: DEV_BYPASS_DISABLED_MESSAGE });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const route = t.app.registeredApiRoutes.find((r) => r.url === '/api/dev/super-admin-auth');
    expect(route?.access).toBe('public');
    // A production build answers the same.
    const production = await createTestApp({ NODE_ENV: 'production', DATA_DIR: './.tmp/test-data' });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api/dev/super-admin-auth?email=admin@example.com' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(DEV_BYPASS_DISABLED_MESSAGE);
      expect(response.headers['set-cookie']).toBeUndefined();
    } finally {
      await production.close();
    }
  }, 120_000);
});
