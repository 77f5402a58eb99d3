import Stripe from 'stripe';
import { fakeId } from './objects.ts';

/** Webhook events: built in Stripe's envelope, signed with the SDK's own test-header helper, handed to `deliver`. */

export interface WebhookDelivery {
  payload: string;
  signature: string;
}

export interface DeliveryResult {
  status: number;
  body: string;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: unknown };
}

export interface SignOptions {
  secret?: string;
  timestamp?: number;
}

export interface EventOptions {
  webhookSecret: string;
  deliver: (delivery: WebhookDelivery) => Promise<DeliveryResult>;
  nowSeconds: () => number;
}

export type FakeStripeEvents = ReturnType<typeof createEvents>;

export function createEvents(options: EventOptions) {
  const signer = new Stripe('sk_test_fake_signer');
  const deliveries: Array<{ type: string; id: string; result: DeliveryResult }> = [];

  const buildEvent = (type: string, object: unknown, created = options.nowSeconds()): FakeEvent => ({
    id: fakeId('evt'),
    object: 'event',
    type,
    created,
    livemode: false,
    api_version: Stripe.API_VERSION,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    // A snapshot: later changes to the fake's objects must not reach an event already built.
    data: { object: JSON.parse(JSON.stringify(object)) as unknown },
  });
  const sign = (payload: string, signOptions: SignOptions = {}) =>
    signer.webhooks.generateTestHeaderString({ payload, secret: signOptions.secret ?? options.webhookSecret, timestamp: signOptions.timestamp ?? options.nowSeconds() });
  const deliverEvent = async (event: FakeEvent, signOptions: SignOptions = {}) => {
    const payload = JSON.stringify(event, null, 2);
    const result = await options.deliver({ payload, signature: sign(payload, signOptions) });
    deliveries.push({ type: event.type, id: event.id, result });
    return result;
  };
  /** One at a time, in order: each is answered before the next is sent. */
  const deliverAll = async (events: FakeEvent[]) => {
    for (const event of events) await deliverEvent(event);
    return events;
  };
  return { deliveries, buildEvent, sign, deliverEvent, deliverAll };
}
