import type { PortalResponse } from '@/contracts/billing.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import { describeStripeError, type StripeCall } from './stripe-client.ts';
import { findOrganizationSubscription } from './subscription-store.ts';

/**
 * POST /api/billing/portal (an MFA-verified session, even when access has lapsed): a Stripe
 * customer-portal session for the organisation's billing account, where payment details change.
 */
export async function openBillingPortal(
  options: StripeCall & {
    /** APP_URL: the portal returns to /account. */
    appUrl: string;
    organizationId: string;
    audit: Audit;
  },
): Promise<PortalResponse> {
  const { db, stripe, appUrl, organizationId, audit, log } = options;
  const row = await findOrganizationSubscription(db, organizationId);
  if (!row?.stripeCustomerId) throw new AppError('not_found', 'Your organisation has no Stripe billing account yet.');
  try {
    const portal = await stripe.billingPortal.sessions.create({ customer: row.stripeCustomerId, return_url: new URL('/account', appUrl).toString() });
    await audit({ action: 'billing.portal_opened', details: { organizationId } });
    return { url: portal.url };
  } catch (error) {
    log.warn(describeStripeError(error), 'stripe portal session refused');
    throw new AppError('unavailable', 'The payment provider is not reachable right now. Please try again in a few minutes.');
  }
}
