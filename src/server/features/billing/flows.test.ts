import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdminOrganizationList, AdminOrganizationSubscription, BillingOverview, BillingTestRun, OrganizationSubscription } from '@/contracts/billing.ts';
import { auditLog, organizations, sessions, subscriptionClaims } from '../../db/schema.ts';
import { createVerifiedUserSession } from '../../test/helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CLAIM_OTHER_ADDRESS_MESSAGE } from './claims.ts';
import { claimTokenFromOutbox, createBillingTestApp, type BillingTestApp } from './test-support.ts';

const PASSWORD = 'Correct-Horse-Battery-Staple-42';
const DAY_MS = 86_400_000;

function post(t: TestApp, url: string, payload: unknown, cookie?: string) {
  return t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: { origin: t.env.APP_URL, ...(cookie ? { cookie } : {}) } });
}

function cookieOf(t: TestApp, response: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = response.cookies.find((candidate) => candidate.name === t.app.sessionCookieName);
  if (!cookie) throw new Error('no session cookie');
  return `${t.app.sessionCookieName}=${cookie.value}`;
}

async function signUp(t: TestApp, email: string, company = 'Claimers Ltd') {
  const response = await post(t, '/api/auth/register', { email, password: PASSWORD, firstName: 'Ada', lastName: 'Claim', company });
  expect(response.statusCode, response.body).toBe(200);
  return { cookie: cookieOf(t, response), body: response.json<{ requiresPayment: boolean }>() };
}

async function visitorPays(t: BillingTestApp, email: string) {
  const started = await post(t, '/api/billing/checkout', { plan: 'annual', email, company: 'Claimers Ltd' });
  expect(started.statusCode, started.body).toBe(200);
  const { checkoutSessionId } = started.json<{ checkoutSessionId: string }>();
  await t.stripe.completeCheckout(checkoutSessionId);
  return { checkoutSessionId, token: await claimTokenFromOutbox(t, email) };
}

describe('plans and modes', () => {
  test('defaults: $250/month and the annual plan at $2,500; invoice mode without Stripe; checkout refused there', async () => {
    const t = await createTestApp();
    try {
      const overview = (await t.app.inject({ method: 'GET', url: '/api/billing/plans' })).json<BillingOverview>();
      expect(overview).toMatchObject({ mode: 'invoice', billingRequired: false, testMode: false, graceDays: 7 });
      expect(overview.plans.map((plan) => [plan.id, plan.priceUsd, plan.interval])).toEqual([
        ['monthly', 250, 'month'],
        ['annual', 2500, 'year'],
      ]);
      const checkout = await post(t, '/api/billing/checkout', { plan: 'monthly', email: 'a@b.example', company: 'C' });
      expect(checkout.statusCode).toBe(409);
      expect(checkout.json().message).toContain('talk to our sales team');
      const webhook = await t.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=0' }, payload: '{}' });
      expect(webhook.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  test('prices and grace period come from configuration', async () => {
    const t = await createTestApp({ PLAN_MONTHLY_PRICE_USD: '300', PLAN_ANNUAL_PRICE_USD: '3000', BILLING_GRACE_DAYS: '3' });
    try {
      const overview = (await t.app.inject({ method: 'GET', url: '/api/billing/plans' })).json<BillingOverview>();
      expect(overview.plans.map((plan) => plan.priceUsd)).toEqual([300, 3000]);
      expect(overview.graceDays).toBe(3);
    } finally {
      await t.close();
    }
  });
});

describe('paying before having an account: claim links', () => {
  let t: BillingTestApp;
  beforeAll(async () => {
    t = await createBillingTestApp({ BILLING: 'required' });
  });
  afterAll(async () => {
    await t.close();
  });

  test('the claim link attaches the paid subscription to the new account\'s organisation, once', async () => {
    const { token, checkoutSessionId } = await visitorPays(t, 'claimer-one@claimers.example');
    const [stored] = await t.app.db.select().from(subscriptionClaims).where(eq(subscriptionClaims.email, 'claimer-one@claimers.example'));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toContain(token);

    const { cookie, body } = await signUp(t, 'claimer-one@claimers.example');
    expect(body.requiresPayment).toBe(true);
    // Someone else who holds the link (a forwarded e-mail) cannot take it; it stays the payer's (ADR 195).
    const thief = await signUp(t, 'claim-thief@claimers.example', 'Thief Ltd');
    const stolen = await post(t, '/api/billing/claim', { token }, thief.cookie);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toBe(CLAIM_OTHER_ADDRESS_MESSAGE);
    const claimed = await post(t, '/api/billing/claim', { token }, cookie);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toEqual({ message: 'Subscription claimed', plan: 'annual', status: 'active' });
    const view = (await t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie } })).json<OrganizationSubscription>();
    expect(view).toMatchObject({ status: 'active', plan: 'annual', hasAccess: true });
    // The account of the address that paid may read it (ADR 197).
    const status = (await t.app.inject({ method: 'GET', url: `/api/billing/checkout/${checkoutSessionId}`, headers: { cookie } })).json();
    expect(status).toMatchObject({ attached: true, claimEmail: null });

    const login = await post(t, '/api/auth/login', { email: 'claimer-one@claimers.example', password: PASSWORD });
    expect(login.json()).toEqual({ message: 'Login successful', requiresPayment: false });

    const other = await signUp(t, 'claimer-two@claimers.example', 'Other Ltd');
    const again = await post(t, '/api/billing/claim', { token }, other.cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This claim code is invalid, has expired or was already used.');
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'billing.subscription_claimed'));
    expect(audit).toHaveLength(1);
  });

  test('an expired claim link is refused and attaches nothing', async () => {
    const { token } = await visitorPays(t, 'late-claimer@claimers.example');
    t.clock.advance(7 * DAY_MS + 1000);
    const { cookie } = await signUp(t, 'late-claimer@claimers.example');
    const response = await post(t, '/api/billing/claim', { token }, cookie);
    expect(response.statusCode).toBe(400);
    const view = (await t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie } })).json<OrganizationSubscription>();
    expect(view.status).toBe('none');
  });

  test('a claim needs a session and a well-formed code', async () => {
    expect((await post(t, '/api/billing/claim', { token: 'x'.repeat(43) })).statusCode).toBe(401);
    const { cookie } = await signUp(t, 'shorty@claimers.example');
    const short = await post(t, '/api/billing/claim', { token: 'abc' }, cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Enter the code from your e-mail');
  });

  test.runIf(process.env.DATABASE_URL)('two parallel claims of one token: exactly one wins', async () => {
    const { token } = await visitorPays(t, 'racer@claimers.example');
    // Only the payer's account may claim (ADR 195): it races itself from two tabs.
    const payer = await signUp(t, 'racer@claimers.example', 'Racer A');
    const results = await Promise.all([post(t, '/api/billing/claim', { token }, payer.cookie), post(t, '/api/billing/claim', { token }, payer.cookie)]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 400]);
    const [claim] = await t.app.db.select().from(subscriptionClaims).where(eq(subscriptionClaims.email, 'racer@claimers.example'));
    expect(claim?.usedAt).not.toBeNull();
  });

  test('a signed-in member pays for their own organisation (no claim needed) and opens the customer portal', async () => {
    const [organization] = await t.app.db.insert(organizations).values({ name: 'Member Co' }).returning();
    const member = await createVerifiedUserSession(t, { organizationId: organization!.id });
    const started = await post(t, '/api/billing/checkout', { plan: 'monthly' }, member.cookie);
    const { checkoutSessionId } = started.json<{ checkoutSessionId: string }>();
    expect(t.stripe.checkoutSessions.get(checkoutSessionId)?.customer_email).toBe(member.user.email);
    const noPortalYet = await post(t, '/api/billing/portal', {}, member.cookie);
    expect(noPortalYet.statusCode).toBe(404);
    await t.stripe.completeCheckout(checkoutSessionId);
    // A member of the organisation it was bought for may read it.
    const status = (await t.app.inject({ method: 'GET', url: `/api/billing/checkout/${checkoutSessionId}`, headers: { cookie: member.cookie } })).json();
    expect(status).toMatchObject({ status: 'complete', subscriptionStatus: 'active', attached: true, claimEmail: null });
    const twice = await post(t, '/api/billing/checkout', { plan: 'monthly' }, member.cookie);
    expect(twice.statusCode).toBe(409);
    const portal = await post(t, '/api/billing/portal', {}, member.cookie);
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json<{ url: string }>().url).toMatch(new RegExp(`^${t.stripe.url}/p/session/bps_`));
    // The route is reachable without a paid subscription, but never by a session that has not passed MFA.
    await t.app.db.update(sessions).set({ mfaVerifiedAt: null }).where(eq(sessions.userId, member.user.id));
    await t.app.sessionCache.invalidateUser(member.user.id);
    const passwordOnly = await post(t, '/api/billing/portal', {}, member.cookie);
    expect(passwordOnly.statusCode).toBe(403);
    expect(passwordOnly.json()).toMatchObject({ code: 'mfa_required' });
  });
});

describe('invoice mode: admins activate and extend by hand (audited)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BILLING: 'required' });
  });
  afterAll(async () => {
    await t.close();
  });

  test('an admin finds the organisation, activates 12 months, extends 1; the member gets in until the period ends', async () => {
    const admin = await createVerifiedUserSession(t, { role: 'admin' });
    const [organization] = await t.app.db.insert(organizations).values({ name: 'Invoiced Manufacturing' }).returning();
    const member = await createVerifiedUserSession(t, { organizationId: organization!.id, email: 'cfo@invoiced.example' });
    const probe = () => t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: member.cookie } });
    expect((await probe()).statusCode).toBe(402);
    // Staff never pay: the admin's own organisation has no subscription either.
    await t.app.db.update(organizations).set({ subscriptionStatus: 'none' }).where(eq(organizations.id, admin.user.organizationId));

    const search = await t.app.inject({ method: 'GET', url: '/api/admin/billing/organizations?query=cfo@invoiced', headers: { cookie: admin.cookie } });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json<AdminOrganizationList>().organizations.map((row) => row.organizationName)).toEqual(['Invoiced Manufacturing']);

    const url = `/api/admin/billing/organizations/${organization!.id}/subscription`;
    const denied = await post(t, url, { action: 'activate' }, member.cookie);
    expect([402, 403]).toContain(denied.statusCode);
    const activated = await post(t, url, { action: 'activate', plan: 'annual', months: 12, note: 'PO 4471' }, admin.cookie);
    expect(activated.statusCode, activated.body).toBe(200);
    const afterActivate = activated.json<AdminOrganizationSubscription>().subscription;
    expect(afterActivate).toMatchObject({ status: 'active', plan: 'annual', source: 'invoice', hasAccess: true });
    expect((await probe()).statusCode).toBe(200);

    const extended = await post(t, url, { action: 'extend', plan: 'annual', months: 1 }, admin.cookie);
    const until = new Date(extended.json<AdminOrganizationSubscription>().subscription.accessUntil!);
    const expected = new Date(afterActivate.accessUntil!);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(until.toISOString()).toBe(expected.toISOString());

    const audit = await t.app.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, admin.user.id)));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['billing.subscription_activated', 'billing.subscription_extended']));
    expect(audit.find((row) => row.action === 'billing.subscription_activated')?.details).toMatchObject({ organizationId: organization!.id, note: 'PO 4471', months: 12 });

    t.clock.set(new Date(until.getTime() + 1000));
    const late = await createVerifiedUserSession(t, { organizationId: organization!.id });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: late.cookie } })).statusCode).toBe(402);
  });

  test('bad input is a 400 with the field named; an unknown organisation a 404', async () => {
    const admin = await createVerifiedUserSession(t, { role: 'admin' });
    const bad = await post(t, `/api/admin/billing/organizations/${crypto.randomUUID()}/subscription`, { action: 'activate', months: 99 }, admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('months');
    const unknown = await post(t, `/api/admin/billing/organizations/${crypto.randomUUID()}/subscription`, { action: 'activate' }, admin.cookie);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the test pages', () => {
  test('with a live key they are disabled and touch nothing', async () => {
    const t = await createBillingTestApp({ STRIPE_SECRET_KEY: 'sk_live_cifer_never_used_0123456789' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/billing/plans' })).json<BillingOverview>().testMode).toBe(false);
      const superAdmin = await createVerifiedUserSession(t, { role: 'super_admin' });
      const run = await post(t, '/api/billing/test/checkout', {}, superAdmin.cookie);
      expect(run.statusCode).toBe(403);
      expect(run.json().message).toContain('disabled');
      expect(t.stripe.checkoutSessions.size).toBe(0);
      expect(t.logs.join('\n')).not.toContain('sk_live_cifer_never_used');
    } finally {
      await t.close();
    }
  });

  test('with a test key they still answer only a signed-in super admin: visitors, users and admins are refused', async () => {
    const t = await createBillingTestApp();
    try {
      const anonymous = await post(t, '/api/billing/test/checkout', {});
      expect(anonymous.statusCode).toBe(401);
      for (const role of ['user', 'admin'] as const) {
        const caller = await createVerifiedUserSession(t, { role });
        expect((await post(t, '/api/billing/test/checkout', {}, caller.cookie)).statusCode, role).toBe(403);
        expect((await post(t, '/api/billing/test/subscription-change', { checkoutSessionId: 'cs_test_x', plan: 'annual' }, caller.cookie)).statusCode, role).toBe(403);
        expect((await t.app.inject({ method: 'GET', url: '/api/billing/test/runs/cs_test_x', headers: { cookie: caller.cookie } })).statusCode, role).toBe(403);
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/billing/test/runs/cs_test_x' })).statusCode).toBe(401);
      expect(t.stripe.checkoutSessions.size).toBe(0);
    } finally {
      await t.close();
    }
  });

  test('in test mode a test purchase and a plan change each show their webhooks as they arrive; no claim e-mail', async () => {
    const t = await createBillingTestApp();
    try {
      const { cookie } = await createVerifiedUserSession(t, { role: 'super_admin' });
      const started = await post(t, '/api/billing/test/checkout', {}, cookie);
      expect(started.statusCode, started.body).toBe(200);
      const { checkoutSessionId } = started.json<{ checkoutSessionId: string }>();
      const read = async () => (await t.app.inject({ method: 'GET', url: `/api/billing/test/runs/${checkoutSessionId}`, headers: { cookie } })).json<BillingTestRun>();
      expect(await read()).toMatchObject({ checkoutStatus: 'open', events: [] });
      await t.stripe.completeCheckout(checkoutSessionId);
      const paid = await read();
      expect(paid).toMatchObject({ checkoutStatus: 'complete', subscriptionStatus: 'active', plan: 'monthly' });
      expect(paid.events.map((event) => event.type)).toEqual(['customer.subscription.created', 'checkout.session.completed', 'invoice.paid']);

      const change = await post(t, '/api/billing/test/subscription-change', { checkoutSessionId, plan: 'annual' }, cookie);
      expect(change.statusCode, change.body).toBe(200);
      await expect.poll(async () => (await read()).events.map((event) => event.type)).toContain('customer.subscription.updated');
      expect((await read()).plan).toBe('annual');
      const claims = await t.app.db.select().from(subscriptionClaims);
      expect(claims).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
