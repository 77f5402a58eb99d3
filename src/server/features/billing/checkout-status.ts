import { maskEmail, type BillingTestRun, type CheckoutStatus, type PlanId, type SubscriptionStatus } from '@/contracts/billing.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { listCheckoutEvents } from './billing-event-store.ts';
import { findCheckoutRow, type CheckoutRow } from './checkout-store.ts';
import { findSubscriptionById } from './subscription-store.ts';

/** A recorded checkout: 404 when unknown. */
export async function findCheckout(db: Database, id: string): Promise<CheckoutRow> {
  const row = await findCheckoutRow(db, id);
  if (!row) throw new AppError('not_found', 'Unknown checkout');
  return row;
}

/**
 * What /payment-success shows: only what the signed webhook stored, never the query string's word;
 * and only to whom `mayRead` allows (checkout-browser.ts): anyone else learns nothing, not even
 * that the checkout exists.
 */
export async function readCheckoutStatus(db: Database, id: string, mayRead: (checkout: CheckoutRow) => boolean): Promise<CheckoutStatus> {
  const checkout = await findCheckout(db, id);
  if (!mayRead(checkout)) throw new AppError('not_found', 'Unknown checkout');
  const subscription = checkout.subscriptionId ? await findSubscriptionById(db, checkout.subscriptionId) : null;
  const attached = Boolean(subscription?.organizationId);
  return {
    status: checkout.status === 'complete' ? 'complete' : 'open',
    plan: checkout.plan as PlanId,
    subscriptionStatus: (subscription?.status ?? 'none') as SubscriptionStatus,
    claimEmail: checkout.status === 'complete' && !attached && !checkout.isTest ? maskEmail(checkout.email) : null,
    attached,
  };
}

/** A /test-payment run: the checkout and every webhook event that touched it, newest last. */
export async function readTestRun(db: Database, id: string): Promise<BillingTestRun> {
  const checkout = await findCheckout(db, id);
  if (!checkout.isTest) throw new AppError('not_found', 'Unknown test run');
  const subscription = checkout.subscriptionId ? await findSubscriptionById(db, checkout.subscriptionId) : null;
  const events = await listCheckoutEvents(db, id, subscription?.stripeSubscriptionId ?? null);
  return {
    checkoutSessionId: id,
    checkoutStatus: checkout.status === 'complete' ? 'complete' : 'open',
    plan: (subscription?.plan ?? checkout.plan) as PlanId,
    subscriptionStatus: (subscription?.status ?? 'none') as SubscriptionStatus,
    events: events.reverse().map((event) => ({ id: event.id, type: event.type, outcome: event.outcome, receivedAt: event.receivedAt.toISOString() })),
  };
}
