import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedInUser, createUser, get, outboxFor, post } from './helpers.ts';
import { createCaller, send } from './organization-members.ts';
import { claimTokenFromOutbox, createBillingTestApp, type BillingTestApp } from '../features/billing/test-support.ts';

/**
 * The three takeovers an attack audit found, replayed step by step (ADR 190): each now fails at
 * the step that must fail, reading another person's secret link in the outbox. No outbox answer,
 * for an admin or a super admin, holds a reset, claim, invitation or unlock token.
 */
let t: BillingTestApp;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let superAdmin: Awaited<ReturnType<typeof createSignedInUser>>;
const createdSecrets: string[] = [];

beforeAll(async () => {
  t = await createBillingTestApp();
  admin = await createSignedInUser(t, { role: 'admin' });
  superAdmin = await createSignedInUser(t, { role: 'super_admin' });
});
afterAll(async () => {
  await t.close();
});

async function outboxAs(cookie: string): Promise<string> {
  const response = await get(t, '/api/admin/outbox?limit=200', { cookie });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** What the recipient received (SMTP would deliver it), to know which token the outbox must not show. */
async function deliveredToken(to: string, pattern: RegExp): Promise<string> {
  const texts = (await outboxFor(t, to)).map((mail) => mail.text).join('\n');
  const token = pattern.exec(texts)?.[1];
  if (!token) throw new Error(`no token for ${to}`);
  createdSecrets.push(token);
  return token;
}

describe('takeover paths', () => {
  test('1. account takeover: the reset link never reaches the admin, so the reset and the MFA reset that followed cannot happen', async () => {
    const victim = await createUser(t);
    // Step 1 (anyone): ask for a reset of the victim's password.
    expect((await post(t, '/api/request-password-reset', { email: victim.email }, { ip: '10.50.0.1' })).statusCode).toBe(200);
    const token = await deliveredToken(victim.email, /reset-password#token=([A-Za-z0-9_-]+)/);
    // Step 2 (must fail): the admin reads the reset link in the outbox.
    const seen = await outboxAs(admin.cookie);
    expect(seen).toContain(victim.email);
    expect(seen).toContain('[password-reset link: only the recipient can use it]');
    expect(seen).not.toContain(token);
    expect(/reset-password#token=/.exec(seen)).toBeNull();
    // Step 4 would need a fresh second factor of the admin even then (step-up: 5 minutes, ADR 031).
    t.clock.advance(6 * 60_000);
    const mfaReset = await post(t, `/api/admin/users/${victim.userId}/reset-mfa`, {}, { cookie: admin.cookie });
    expect(mfaReset.statusCode).toBe(403);
    expect(mfaReset.json().code).toBe('step_up_required');
  });

  test('2. stolen subscription: the claim link and code never reach the admin, and a claim by another account is refused', async () => {
    const buyer = `buyer-${Date.now()}@example.com`;
    const started = await post(t, '/api/billing/checkout', { plan: 'monthly', email: buyer, company: 'Buyer Ltd' });
    expect(started.statusCode, started.body).toBe(200);
    await t.stripe.completeCheckout(started.json<{ checkoutSessionId: string }>().checkoutSessionId);
    const token = await claimTokenFromOutbox(t, buyer);
    createdSecrets.push(token);
    const seen = await outboxAs(admin.cookie);
    expect(seen).toContain('[claim link: only the recipient can use it]');
    expect(seen).not.toContain(token);
    // Even with the link in hand (a leak), the admin's own account cannot claim it (ADR 195).
    const claim = await post(t, '/api/billing/claim', { token }, { cookie: admin.cookie });
    expect(claim.statusCode).toBe(403);
  });

  test('3. super-admin lock-out: the reset link of a super admin never reaches an admin, and an admin cannot act on a super admin', async () => {
    expect((await post(t, '/api/request-password-reset', { email: superAdmin.email }, { ip: '10.50.0.3' })).statusCode).toBe(200);
    const token = await deliveredToken(superAdmin.email, /reset-password#token=([A-Za-z0-9_-]+)/);
    expect(await outboxAs(admin.cookie)).not.toContain(token);
    for (const action of ['reset-mfa', 'disable', 'revoke-sessions', 'unlock']) {
      const response = await post(t, `/api/admin/users/${superAdmin.userId}/${action}`, {}, { cookie: admin.cookie });
      expect(response.statusCode, action).toBe(403);
    }
    expect((await post(t, `/api/admin/users/${superAdmin.userId}/role`, { role: 'user' }, { cookie: admin.cookie })).statusCode).toBe(403);
  });

  test('no outbox answer, for an admin or a super admin, holds any token created here (invitations included)', async () => {
    const owner = await createCaller(t);
    const invitee = `invitee-${Date.now()}@example.com`;
    expect((await send(t, 'POST', `/api/organizations/${owner.organizationId}/invitations`, owner.cookie, { email: invitee, role: 'member' })).statusCode).toBe(201);
    await deliveredToken(invitee, /\/invitation#token=([A-Za-z0-9_-]+)/);
    expect(createdSecrets.length).toBeGreaterThanOrEqual(4);
    for (const cookie of [admin.cookie, superAdmin.cookie]) {
      const seen = await outboxAs(cookie);
      expect(seen).toContain('[invitation link: only the recipient can use it]');
      for (const secret of createdSecrets) expect(seen).not.toContain(secret);
      expect(seen).not.toContain('sealed');
    }
  });
});
