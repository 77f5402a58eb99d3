import type { BillingTestRun, PlanId } from '@/contracts/billing.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { findCheckout, readTestRun } from './checkout-status.ts';
import { priceIdForPlan } from './plans.ts';
import { describeStripeError, type StripeCall } from './stripe-client.ts';
import { findSubscriptionById } from './subscription-store.ts';

/**
 * POST /api/billing/test/subscription-change (billing test pages, Stripe test key only): moves the
 * subscription of a completed test payment to another plan in Stripe, whose webhook then updates
 * it here. Answers the test run as it stands.
 */
export async function changeTestSubscription(options: StripeCall & { env: Env; checkoutSessionId: string; plan: PlanId }): Promise<BillingTestRun> {
  const { db, env, stripe, checkoutSessionId, plan, log } = options;
  const checkout = await findCheckout(db, checkoutSessionId);
  const subscription = checkout.isTest && checkout.subscriptionId ? await findSubscriptionById(db, checkout.subscriptionId) : null;
  if (!subscription?.stripeSubscriptionId) throw new AppError('conflict', 'Complete a test payment first: its subscription is changed here.');
  try {
    const current = await stripe.subscriptions.retrieve(subscription.stripeSubscriptionId);
    const item = current.items.data[0];
    if (!item) throw new AppError('conflict', 'The test subscription has no item to change.');
    await stripe.subscriptions.update(subscription.stripeSubscriptionId, { items: [{ id: item.id, price: priceIdForPlan(env, plan) }], proration_behavior: 'none' });
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.warn(describeStripeError(error), 'stripe subscription change refused');
    throw new AppError('unavailable', 'The payment provider refused the change or is not reachable.');
  }
  return readTestRun(db, checkoutSessionId);
}
