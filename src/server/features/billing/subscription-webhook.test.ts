import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { WebhookEndpointWithSecret } from '@/contracts/webhooks.ts';
import { createCaller, send, type Caller } from '../../test/organization-members.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import { BUILDS_AN_APP } from '../../test/test-app-hooks.ts';
import { createBillingTestApp, type BillingTestApp } from './test-support.ts';

/**
 * A verified Stripe event reaches the organisation's own webhook endpoint as `subscription.changed`
 * (handle-stripe-event.ts publishes it; ADR 229 signs and delivers it): the whole path from
 * Stripe's signed POST to a Standard Webhooks delivery the receiver can verify.
 */

interface SubscriptionChanged {
  type: string;
  timestamp: string;
  data: { organizationId: string; status: string; plan: string | null; accessUntil: string | null; changedAt: string };
}

describe('Stripe event → subscription.changed webhook', BUILDS_AN_APP, () => {
  let t: BillingTestApp;
  let endpoint: WebhookReceiver;
  beforeAll(async () => {
    t = await createBillingTestApp({ BILLING: 'required' });
    endpoint = await startWebhookReceiver('/hooks/subscriptions');
  });
  afterAll(async () => {
    await endpoint.close();
    await t.close();
  });

  /** Pays as the owner (a signed checkout.session.completed) and returns the Stripe subscription id. */
  async function pay(owner: Caller): Promise<string> {
    const started = await send(t, 'POST', '/api/billing/checkout', owner.cookie, { plan: 'monthly' });
    expect(started.statusCode, started.body).toBe(200);
    const { checkoutSessionId } = started.json<{ checkoutSessionId: string }>();
    await t.stripe.completeCheckout(checkoutSessionId);
    return t.stripe.checkoutSessions.get(checkoutSessionId)!.subscription!;
  }

  /** What reached the receiver once the queue has run: the first attempt and anything due. */
  async function deliveredChanges(): Promise<ReceivedWebhook[]> {
    await t.app.backgroundTasks.idle();
    await t.app.jobs.runDue();
    return endpoint.received.splice(0);
  }

  const verified = (secret: string, message: ReceivedWebhook) => new Webhook(secret).verify(message.body, message.headers) as SubscriptionChanged;

  test('a failed renewal and a cancellation in Stripe each reach the endpoint, signed, with the new status', async () => {
    const owner = await createCaller(t);
    const subscriptionId = await pay(owner);
    const registered = await send(t, 'POST', `/api/organizations/${owner.homeOrganizationId}/webhooks`, owner.cookie, { url: endpoint.url, events: ['subscription.changed'] });
    expect(registered.statusCode, registered.body).toBe(201);
    const { secret } = registered.json<WebhookEndpointWithSecret>();
    await deliveredChanges();

    // A failed renewal is two Stripe events (the invoice and the subscription): one message each, all saying past_due.
    await t.stripe.failPayment(subscriptionId);
    const afterFailure = await deliveredChanges();
    const pastDue = afterFailure.at(-1);
    expect(pastDue, 'no subscription.changed delivery after the failed payment').toBeDefined();
    for (const message of afterFailure) {
      expect(verified(secret, message)).toMatchObject({ type: 'subscription.changed', data: { organizationId: owner.homeOrganizationId, status: 'past_due', plan: 'monthly' } });
    }
    expect(new Set(afterFailure.map((message) => message.headers['webhook-id'])).size).toBe(afterFailure.length);
    // The signature covers the body: a receiver refuses a message changed on the way.
    expect(() => new Webhook(secret).verify(pastDue!.body.replace('past_due', 'active'), pastDue!.headers)).toThrow();

    // Another change at the same instant of the clock is a message of its own (its Stripe event names
    // the change), and the data holds the documented fields only (docs/webhooks.md).
    await t.stripe.deleteSubscription(subscriptionId);
    const deliveries = await deliveredChanges();
    expect(deliveries.map((message) => verified(secret, message).data)).toEqual([expect.objectContaining({ organizationId: owner.homeOrganizationId, status: 'canceled' })]);
    expect(Object.keys(verified(secret, deliveries[0]!).data).sort()).toEqual(['accessUntil', 'changedAt', 'organizationId', 'plan', 'status']);
  });
});
