import type { FakeEvent, FakeStripeEvents } from './events.ts';
import { fakeId, invoiceFor, publicSession, subscriptionFor, type FakeCheckoutSession, type FakeSubscription, type PriceBook } from './objects.ts';

/**
 * What the fake Stripe account holds (checkout sessions, subscriptions, portal sessions) and the
 * changes that happen to it outside the API: a checkout paid, a renewal failed or paid, a
 * subscription deleted. Each change returns the webhook events Stripe would send for it.
 */

export type FakeStripeState = ReturnType<typeof createStripeState>;

export function createStripeState(options: { prices: PriceBook; nowSeconds: () => number; events: FakeStripeEvents }) {
  const { prices, events } = options;
  const checkoutSessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  /** Portal session id → the return URL its page links back to. */
  const portalSessions = new Map<string, string>();

  /** Pays an open checkout (a second payment of the same one changes nothing) and returns its events. */
  const payCheckout = (session: FakeCheckoutSession): FakeEvent[] => {
    if (session.status === 'complete') return [];
    const customer = session.customer ?? fakeId('cus');
    const subscription = subscriptionFor(session, customer, options.nowSeconds(), prices);
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription: subscription.id });
    return [
      events.buildEvent('customer.subscription.created', subscription),
      events.buildEvent('checkout.session.completed', publicSession(session)),
      events.buildEvent('invoice.paid', invoiceFor(subscription, 'paid', prices)),
    ];
  };

  const requireSubscription = (id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`fake stripe: no subscription ${id}`);
    return subscription;
  };

  return {
    checkoutSessions,
    subscriptions,
    portalSessions,
    payCheckout,
    completeCheckout: async (sessionId: string) => {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`fake stripe: no checkout ${sessionId}`);
      return events.deliverAll(payCheckout(session));
    },
    failPayment: async (subscriptionId: string) => {
      const subscription = requireSubscription(subscriptionId);
      subscription.status = 'past_due';
      return events.deliverAll([events.buildEvent('invoice.payment_failed', invoiceFor(subscription, 'open', prices)), events.buildEvent('customer.subscription.updated', subscription)]);
    },
    payInvoice: async (subscriptionId: string) => {
      const subscription = requireSubscription(subscriptionId);
      subscription.status = 'active';
      return events.deliverAll([events.buildEvent('invoice.paid', invoiceFor(subscription, 'paid', prices))]);
    },
    deleteSubscription: async (subscriptionId: string) => {
      const subscription = requireSubscription(subscriptionId);
      subscription.status = 'canceled';
      return events.deliverAll([events.buildEvent('customer.subscription.deleted', subscription)]);
    },
  };
}
