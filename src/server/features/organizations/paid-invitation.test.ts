import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { organizations } from '../../db/schema.ts';
import { outboxFor } from '../../test/helpers.ts';
import { createCaller, send } from '../../test/organization-members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * With BILLING=required, access follows the organisation being joined and then the session's
 * current organisation, never the invitee's own unpaid home organisation (ADR 196).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BILLING: 'required' });
});
afterAll(async () => {
  await t.close();
});

test('an invitee whose home organisation has not paid joins a paid organisation and works in it; their unpaid home stays closed', async () => {
  const owner = await createCaller(t);
  const invitee = await createCaller(t, { email: `invitee-${Date.now()}@example.com` });
  await t.app.db.update(organizations).set({ subscriptionStatus: 'none' }).where(eq(organizations.id, invitee.homeOrganizationId));
  await t.app.sessionCache.invalidateOrganization(invitee.homeOrganizationId);
  // The home organisation has not paid: ordinary work is refused there.
  expect((await send(t, 'GET', '/api/assessments', invitee.cookie)).statusCode).toBe(402);

  const invite = await send(t, 'POST', `/api/organizations/${owner.organizationId}/invitations`, owner.cookie, { email: invitee.email, role: 'member' });
  expect(invite.statusCode, invite.body).toBe(201);
  const text = (await outboxFor(t, invitee.email)).at(-1)?.text ?? '';
  const token = /\/invitation#token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

  // Before the fix: 402 here, 20 times out of 20.
  const accepted = await send(t, 'POST', '/api/invitations/accept', invitee.cookie, { token });
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect(accepted.json()).toMatchObject({ organizationId: owner.organizationId });

  // The session now works in the paid organisation.
  const created = await send(t, 'POST', '/api/assessments', invitee.cookie, { title: 'Joined and working' });
  expect(created.statusCode, created.body).toBe(201);
  expect((await send(t, 'GET', '/api/assessments', invitee.cookie)).statusCode).toBe(200);

  // Switching back home: the unpaid organisation is still closed; switching is allowed, work is not.
  expect((await send(t, 'POST', '/api/organizations/current', invitee.cookie, { organizationId: invitee.homeOrganizationId })).statusCode).toBe(200);
  expect((await send(t, 'GET', '/api/assessments', invitee.cookie)).statusCode).toBe(402);
  expect((await send(t, 'POST', '/api/organizations', invitee.cookie, { name: 'Not without paying' })).statusCode).toBe(402);
  expect((await send(t, 'POST', '/api/organizations/current', invitee.cookie, { organizationId: owner.organizationId })).statusCode).toBe(200);
  expect((await send(t, 'GET', '/api/assessments', invitee.cookie)).statusCode).toBe(200);
});
