import { randomBytes } from 'node:crypto';

/** The Stripe-shaped objects the fake keeps and answers with (Basil-era shapes: ADR 137). */

export const fakeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export type PriceBook = Record<string, { amount: number; interval: 'month' | 'year' }>;

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  items: { object: 'list'; data: Array<{ id: string; object: 'subscription_item'; price: { id: string; object: 'price' }; current_period_start: number; current_period_end: number }> };
  created: number;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  url: string;
  success_url: string;
  cancel_url: string;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  price: string;
}

/** A session as Stripe shows it: `price` is only the fake's note of what the hosted page charges. */
export function publicSession(session: FakeCheckoutSession): Omit<FakeCheckoutSession, 'price'> {
  const { price: _price, ...shown } = session;
  return shown;
}

/** The subscription a paid checkout starts, its first period beginning at `start` (Unix seconds). */
export function subscriptionFor(session: FakeCheckoutSession, customer: string, start: number, prices: PriceBook): FakeSubscription {
  const interval = prices[session.price]?.interval ?? 'month';
  return {
    id: fakeId('sub'),
    object: 'subscription',
    customer,
    status: 'active',
    metadata: session.metadata,
    created: start,
    items: {
      object: 'list',
      data: [{ id: fakeId('si'), object: 'subscription_item', price: { id: session.price, object: 'price' }, current_period_start: start, current_period_end: start + (interval === 'year' ? 365 : 30) * 86_400 }],
    },
  };
}

/** An invoice of the subscription's current period; a paid one carries the price's amount. */
export function invoiceFor(subscription: FakeSubscription, status: 'paid' | 'open', prices: PriceBook) {
  const item = subscription.items.data[0]!;
  return {
    id: fakeId('in'),
    object: 'invoice',
    customer: subscription.customer,
    status,
    amount_paid: status === 'paid' ? (prices[item.price.id]?.amount ?? 0) : 0,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    lines: {
      object: 'list',
      data: [{ id: fakeId('il'), object: 'line_item', period: { start: item.current_period_start, end: item.current_period_end }, pricing: { type: 'price_details', price_details: { price: item.price.id } } }],
    },
  };
}
