import type Stripe from 'stripe';
import { type PlanId, type StartCheckoutResponse } from '@/contracts/billing.ts';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { insertCheckout } from './checkout-store.ts';
import { findOrganizationName } from './organization-store.ts';
import { priceIdForPlan } from './plans.ts';
import { describeStripeError } from './stripe-client.ts';
import { findOrganizationSubscription } from './subscription-store.ts';
import { hasSubscriptionAccess } from './entitlement.ts';

export type CheckoutBuyer =
  | { kind: 'member'; organizationId: string; email: string }
  | { kind: 'visitor'; email: string; company: string }
  | { kind: 'test' };

export const TEST_BUYER_EMAIL = 'billing-test@cifer.invalid';

/**
 * Who buys: a signed-in caller for their current organisation, else a visitor, who must give a
 * work e-mail and a company (the checkout page is public).
 */
export function checkoutBuyer(auth: AuthContext | null, input: { email?: string | undefined; company?: string | undefined }): CheckoutBuyer {
  if (auth) return { kind: 'member', organizationId: auth.user.organizationId, email: auth.user.email };
  if (!input.email || !input.company) throw new AppError('bad_request', 'Please enter your work e-mail and company.');
  return { kind: 'visitor', email: input.email.toLowerCase(), company: input.company };
}

/**
 * Creates a Stripe Checkout Session for one plan and records it, so /payment-success can later
 * read what the signed webhook said about it. A member's checkout is tied to their organisation.
 */
export async function startCheckout(options: {
  db: Database;
  env: Env;
  stripe: Stripe;
  plan: PlanId;
  buyer: CheckoutBuyer;
  now: Date;
  log: { warn: (details: Record<string, unknown>, message: string) => void };
}): Promise<StartCheckoutResponse> {
  const { db, env, stripe, plan, buyer, now } = options;
  let company: string | null;
  let customer: string | null = null;
  if (buyer.kind === 'member') {
    const current = await findOrganizationSubscription(db, buyer.organizationId);
    if (current && hasSubscriptionAccess(current.status, current.accessUntil, now)) {
      throw new AppError('conflict', 'Your organisation already has an active subscription.');
    }
    customer = current?.stripeCustomerId ?? null;
    company = await findOrganizationName(db, buyer.organizationId);
  } else if (buyer.kind === 'visitor') {
    company = buyer.company;
  } else {
    company = 'CIFER billing test';
  }
  const email = buyer.kind === 'test' ? TEST_BUYER_EMAIL : buyer.email;
  const returnPage = buyer.kind === 'test' ? '/test-payment' : '/payment-success';
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: priceIdForPlan(env, plan), quantity: 1 }],
      ...(customer ? { customer } : { customer_email: email }),
      ...(buyer.kind === 'member' ? { client_reference_id: buyer.organizationId } : {}),
      metadata: { plan, source: buyer.kind },
      subscription_data: { metadata: { plan } },
      success_url: `${new URL(returnPage, env.APP_URL).toString()}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: new URL(buyer.kind === 'test' ? '/test-payment' : '/subscribe', env.APP_URL).toString(),
    });
  } catch (error) {
    options.log.warn(describeStripeError(error), 'stripe checkout session refused');
    throw new AppError('unavailable', 'The payment provider is not reachable right now. Please try again in a few minutes.');
  }
  if (!session.url) throw new AppError('unavailable', 'The payment provider returned no checkout page. Please try again.');
  await insertCheckout(
    db,
    { id: session.id, organizationId: buyer.kind === 'member' ? buyer.organizationId : null, plan, email, company, isTest: buyer.kind === 'test' },
    now,
  );
  return { checkoutSessionId: session.id, url: session.url };
}
