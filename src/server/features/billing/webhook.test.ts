import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheckoutStatus, OrganizationSubscription } from '@/contracts/billing.ts';
import { billingEvents, emailOutbox, organizations, subscriptions } from '../../db/schema.ts';
import { createVerifiedUserSession } from '../../test/helpers.ts';
import { claimTokenFromOutbox, createBillingTestApp, PRICE_ANNUAL, TEST_STRIPE_KEY, TEST_WEBHOOK_SECRET, type BillingTestApp } from './test-support.ts';

const DAY_MS = 86_400_000;

/** The Cookie header of the browser that started each checkout (ADR 197). */
const startedBy = new Map<string, string>();

async function startVisitorCheckout(t: BillingTestApp, email: string, plan: 'monthly' | 'annual' = 'monthly') {
  const response = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { origin: t.env.APP_URL }, payload: { plan, email, company: 'Northmill Health' } });
  expect(response.statusCode, response.body).toBe(200);
  const started = response.json<{ checkoutSessionId: string; url: string }>();
  const browser = response.cookies.find((cookie) => cookie.name === 'cifer_checkout');
  expect(browser).toMatchObject({ httpOnly: true, path: '/api/billing/checkout' });
  startedBy.set(started.checkoutSessionId, `cifer_checkout=${browser!.value}`);
  return started;
}

async function checkoutStatus(t: BillingTestApp, id: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/billing/checkout/${id}`, headers: { cookie: startedBy.get(id) ?? '' } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CheckoutStatus>();
}

async function createUnpaidMember(t: BillingTestApp) {
  const [organization] = await t.app.db.insert(organizations).values({ name: 'Unpaid Co' }).returning();
  return createVerifiedUserSession(t, { organizationId: organization!.id });
}

/** Pays as a signed-in member and returns the Stripe subscription id. */
async function payAsMember(t: BillingTestApp, cookie: string) {
  const started = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { origin: t.env.APP_URL, cookie }, payload: { plan: 'monthly' } });
  expect(started.statusCode, started.body).toBe(200);
  const { checkoutSessionId } = started.json<{ checkoutSessionId: string }>();
  await t.stripe.completeCheckout(checkoutSessionId);
  return t.stripe.checkoutSessions.get(checkoutSessionId)!.subscription!;
}

const probe = (t: BillingTestApp, cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie } });

describe('Stripe webhook: signature, replay, order', () => {
  let t: BillingTestApp;
  beforeAll(async () => {
    t = await createBillingTestApp({ BILLING: 'required' });
  });
  afterAll(async () => {
    await t.close();
  });

  test('a visitor checkout stays "open" until a signed checkout.session.completed arrives; then active with a claim e-mail', async () => {
    const { checkoutSessionId, url } = await startVisitorCheckout(t, 'buyer-one@northmill.example');
    expect(url).toBe(`${t.stripe.url}/c/pay/${checkoutSessionId}`);
    expect(await checkoutStatus(t, checkoutSessionId)).toMatchObject({ status: 'open', subscriptionStatus: 'none', claimEmail: null });
    const events = await t.stripe.completeCheckout(checkoutSessionId);
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.created', 'checkout.session.completed', 'invoice.paid']);
    expect(t.stripe.deliveries.every((delivery) => delivery.result.status === 200)).toBe(true);
    expect(await checkoutStatus(t, checkoutSessionId)).toEqual({ status: 'complete', plan: 'monthly', subscriptionStatus: 'active', claimEmail: 'b******@northmill.example', attached: false });
    // Anyone else holding the id (it is in the success URL) learns nothing: not the plan, not the address, not that it exists.
    const other = await startVisitorCheckout(t, 'someone-else@northmill.example');
    for (const cookie of ['', startedBy.get(other.checkoutSessionId)!, 'cifer_checkout=forged']) {
      const stranger = await t.app.inject({ method: 'GET', url: `/api/billing/checkout/${checkoutSessionId}`, headers: { cookie } });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.body).not.toContain('northmill');
    }
    const signedInStranger = await createVerifiedUserSession(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/billing/checkout/${checkoutSessionId}`, headers: { cookie: signedInStranger.cookie } })).statusCode).toBe(404);
    expect(await claimTokenFromOutbox(t, 'buyer-one@northmill.example')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('unsigned, tampered, wrong-secret and stale webhooks answer 400 and change nothing', async () => {
    const { checkoutSessionId } = await startVisitorCheckout(t, 'buyer-two@northmill.example');
    const session = { ...t.stripe.checkoutSessions.get(checkoutSessionId)!, status: 'complete', payment_status: 'paid', subscription: 'sub_forged', customer: 'cus_forged' };
    const event = t.stripe.buildEvent('checkout.session.completed', session);
    const payload = JSON.stringify(event);
    const send = (body: string, signature?: string) =>
      t.app.inject({ method: 'POST', url: '/api/billing/webhook', payload: body, headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) } });

    const unsigned = await send(payload);
    expect(unsigned.statusCode).toBe(400);
    const tampered = await send(payload.replace('"paid"', '"paid" '), t.stripe.sign(payload));
    expect(tampered.statusCode).toBe(400);
    const wrongSecret = await send(payload, t.stripe.sign(payload, { secret: 'whsec_someone_else_entirely_0000' }));
    expect(wrongSecret.statusCode).toBe(400);
    const stale = await send(payload, t.stripe.sign(payload, { timestamp: Math.floor(t.clock.now().getTime() / 1000) - 301 }));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('Invalid webhook signature');

    expect(await checkoutStatus(t, checkoutSessionId)).toMatchObject({ status: 'open', subscriptionStatus: 'none' });
    expect(await t.app.db.select().from(billingEvents).where(eq(billingEvents.id, event.id))).toHaveLength(0);
    expect(await t.app.db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, 'sub_forged'))).toHaveLength(0);

    // The same event, properly signed and on time, is accepted: the refusals were about the signature.
    const good = await send(payload, t.stripe.sign(payload));
    expect(good.statusCode, good.body).toBe(200);
    expect(await checkoutStatus(t, checkoutSessionId)).toMatchObject({ status: 'complete', subscriptionStatus: 'active' });
  });

  test('CSRF-02 the webhook needs no Origin (server to server), but every other unsafe call still does', async () => {
    const noOrigin = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', payload: { plan: 'monthly', email: 'x@northmill.example', company: 'X' } });
    expect(noOrigin.statusCode).toBe(403);
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/billing/claim', headers: { origin: 'https://evil.example' }, payload: { token: 'x'.repeat(43) } });
    expect(crossSite.statusCode).toBe(403);
    const webhook = await t.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' });
    expect(webhook.statusCode).toBe(400);
    const exempt = t.app.registeredApiRoutes.filter((route) => route.url === '/api/billing/webhook');
    expect(exempt).toEqual([{ method: 'POST', url: '/api/billing/webhook', access: 'public' }]);
  });

  test('a replayed event has no second effect (one claim e-mail, one stored event)', async () => {
    const { checkoutSessionId } = await startVisitorCheckout(t, 'buyer-three@northmill.example');
    const events = await t.stripe.completeCheckout(checkoutSessionId);
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    const replay = await t.stripe.deliverEvent(completed);
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ received: true, duplicate: true });
    const mails = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'buyer-three@northmill.example'));
    expect(mails).toHaveLength(1);
    expect(await t.app.db.select().from(billingEvents).where(eq(billingEvents.id, completed.id))).toHaveLength(1);
  });

  test('an event for an unknown price changes nothing; an unknown plan cannot be bought', async () => {
    const member = await createUnpaidMember(t);
    const subscriptionId = await payAsMember(t, member.cookie);
    const subscription = structuredClone(t.stripe.subscriptions.get(subscriptionId)!);
    subscription.items.data[0]!.price = { id: 'price_someone_elses', object: 'price' };
    subscription.status = 'canceled';
    const result = await t.stripe.deliverEvent(t.stripe.buildEvent('customer.subscription.updated', subscription));
    expect(result.status).toBe(200);
    const [row] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
    expect(row).toMatchObject({ plan: 'monthly', status: 'active' });
    const [event] = await t.app.db.select().from(billingEvents).where(eq(billingEvents.type, 'customer.subscription.updated'));
    expect(event?.outcome).toBe('ignored:unknown_price');
    expect((await probe(t, member.cookie)).statusCode).toBe(200);

    const bad = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { origin: t.env.APP_URL }, payload: { plan: 'lifetime', email: 'a@b.example', company: 'C' } });
    expect(bad.statusCode).toBe(400);
  });

  test('a plan change with a known price moves the plan', async () => {
    const member = await createUnpaidMember(t);
    const subscriptionId = await payAsMember(t, member.cookie);
    const subscription = structuredClone(t.stripe.subscriptions.get(subscriptionId)!);
    subscription.items.data[0]!.price = { id: PRICE_ANNUAL, object: 'price' };
    expect((await t.stripe.deliverEvent(t.stripe.buildEvent('customer.subscription.updated', subscription))).status).toBe(200);
    const view = await t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie: member.cookie } });
    expect(view.json<OrganizationSubscription>()).toMatchObject({ plan: 'annual', status: 'active', hasAccess: true, canManageBilling: true });
  });

  test('events out of order: subscription deleted before its invoice.paid stays canceled and gives no access', async () => {
    const member = await createUnpaidMember(t);
    const subscriptionId = await payAsMember(t, member.cookie);
    expect((await probe(t, member.cookie)).statusCode).toBe(200);
    const subscription = t.stripe.subscriptions.get(subscriptionId)!;
    const created = Math.floor(t.clock.now().getTime() / 1000);
    const latePaid = t.stripe.buildEvent('invoice.paid', {
      id: 'in_late',
      object: 'invoice',
      customer: subscription.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      lines: { object: 'list', data: [{ period: { start: created, end: created + 30 * 86_400 } }] },
    }, created);
    await t.stripe.deleteSubscription(subscriptionId);
    expect((await probe(t, member.cookie)).statusCode).toBe(402);
    expect((await t.stripe.deliverEvent(latePaid)).status).toBe(200);
    const [row] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
    expect(row?.status).toBe('canceled');
    expect((await probe(t, member.cookie)).statusCode).toBe(402);
  });

  test('deleted before anything else arrived: the later checkout completion and invoice do not create an active subscription', async () => {
    const { checkoutSessionId } = await startVisitorCheckout(t, 'buyer-four@northmill.example');
    const session = t.stripe.checkoutSessions.get(checkoutSessionId)!;
    const deleted = t.stripe.buildEvent('customer.subscription.deleted', { id: 'sub_gone_early', object: 'subscription', status: 'canceled', items: { data: [] } });
    expect((await t.stripe.deliverEvent(deleted)).status).toBe(200);
    const completed = t.stripe.buildEvent('checkout.session.completed', { ...session, price: undefined, status: 'complete', payment_status: 'paid', subscription: 'sub_gone_early', customer: 'cus_early' });
    expect((await t.stripe.deliverEvent(completed)).status).toBe(200);
    expect(await checkoutStatus(t, checkoutSessionId)).toMatchObject({ status: 'complete', subscriptionStatus: 'canceled' });
  });

  test('payment failure: past due, access through the grace period, ended at exactly BILLING_GRACE_DAYS after the failure; a later payment restores it', async () => {
    const member = await createUnpaidMember(t);
    expect((await probe(t, member.cookie)).statusCode).toBe(402);
    const subscriptionId = await payAsMember(t, member.cookie);
    expect((await probe(t, member.cookie)).statusCode).toBe(200);

    const failedAt = t.clock.now().getTime();
    await t.stripe.failPayment(subscriptionId);
    const view = (await t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie: member.cookie } })).json<OrganizationSubscription>();
    expect(view).toMatchObject({ status: 'past_due', hasAccess: true, accessUntil: new Date(failedAt + 7 * DAY_MS).toISOString() });
    expect((await probe(t, member.cookie)).statusCode).toBe(200);

    // A second failed retry three days later does not extend the grace period.
    t.clock.advance(3 * DAY_MS);
    await t.stripe.failPayment(subscriptionId);
    // Sessions expire when idle; a fresh verified session of the same organisation checks the rule.
    t.clock.set(new Date(failedAt + 7 * DAY_MS - 60_000));
    const before = await createVerifiedUserSession(t, { organizationId: member.user.organizationId });
    expect((await probe(t, before.cookie)).statusCode).toBe(200);
    t.clock.set(new Date(failedAt + 7 * DAY_MS));
    const blocked = await probe(t, before.cookie);
    expect(blocked.statusCode).toBe(402);
    expect(blocked.json().message).toBe('Please complete your subscription to access CIFER.');

    await t.stripe.payInvoice(subscriptionId);
    expect((await probe(t, before.cookie)).statusCode).toBe(200);
  });

  test('LOG-02 no secret key or webhook secret appears in the logs', () => {
    const logs = t.logs.join('\n');
    expect(logs).toContain('stripe webhook handled');
    expect(logs).toContain('stripe webhook refused');
    expect(logs).not.toContain(TEST_STRIPE_KEY);
    expect(logs).not.toContain(TEST_WEBHOOK_SECRET);
    expect(logs).not.toContain('whsec_');
    expect(logs).not.toContain('sk_test_');
  });
});
