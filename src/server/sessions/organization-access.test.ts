import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { users } from '../db/schema.ts';
import { createSignedInUser, get } from '../test/helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { changeOrganizationAccess, writeOrganizationAccess } from './organization-access.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BILLING: 'required' });
});
afterAll(async () => {
  await t.close();
});

async function organizationOf(userId: string): Promise<string> {
  const [row] = await t.app.db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, userId));
  return row!.organizationId;
}

test('an access change reaches a cached session on its next request, and only after the commit', async () => {
  const user = await createSignedInUser(t);
  const organizationId = await organizationOf(user.userId);
  const grant = (status: string) =>
    changeOrganizationAccess(t.app.db, (tx) => writeOrganizationAccess(tx, organizationId, { status, accessUntil: null }));

  expect((await get(t, '/api/assessments', { cookie: user.cookie })).statusCode).toBe(402);
  await grant('active');
  // Twice: the second answer comes from the session cache.
  expect((await get(t, '/api/assessments', { cookie: user.cookie })).statusCode).toBe(200);
  expect((await get(t, '/api/assessments', { cookie: user.cookie })).statusCode).toBe(200);

  await expect(
    changeOrganizationAccess(t.app.db, async (tx) => {
      await writeOrganizationAccess(tx, organizationId, { status: 'canceled', accessUntil: null });
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect((await get(t, '/api/assessments', { cookie: user.cookie })).statusCode, 'a rolled-back change changed nothing').toBe(200);

  await grant('canceled');
  expect((await get(t, '/api/assessments', { cookie: user.cookie })).statusCode).toBe(402);
});

test('organisation access cannot be written outside changeOrganizationAccess, so no write can skip the cache', async () => {
  const user = await createSignedInUser(t);
  const organizationId = await organizationOf(user.userId);
  await expect(
    t.app.db.transaction((tx) => writeOrganizationAccess(tx, organizationId, { status: 'active', accessUntil: null })),
  ).rejects.toThrow('organisation access is written only inside changeOrganizationAccess');
});
