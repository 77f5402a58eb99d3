import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import {
  AdminOrganizationQuerySchema,
  AdminSubscriptionChangeSchema,
  CheckoutSessionIdSchema,
  ClaimInputSchema,
  StartCheckoutInputSchema,
  TestSubscriptionChangeSchema,
  type AdminOrganizationList,
  type AdminOrganizationSubscription,
  type BillingOverview,
  type BillingTestRun,
  type CheckoutStatus,
  type ClaimResponse,
  type OrganizationSubscription,
  type PortalResponse,
  type StartCheckoutResponse,
} from '@/contracts/billing.ts';
import { AppError } from '../../errors.ts';
import { auditRequest } from '../../lib/audit.ts';
import { parseInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { invalidateOrganizationSessionCache } from '../../sessions/session-cache.ts';
import { changeSubscriptionByHand, readOrganizationForAdmin, searchOrganizations } from './admin-subscriptions.ts';
import { readCheckoutStatus, readTestRun, findCheckout } from './checkout-status.ts';
import { redeemClaim } from './claims.ts';
import { buildBillingOverview, isBillingTestMode, priceIdForPlan } from './plans.ts';
import { startCheckout } from './start-checkout.ts';
import { createStripeClient, describeStripeError } from './stripe-client.ts';
import { findOrganizationSubscription, findSubscriptionById, toOrganizationSubscription } from './subscription-store.ts';
import { stripeWebhookRoutes } from './webhook-routes.ts';

const CHECKOUT_LIMIT = 10;
const CHECKOUT_WINDOW_MS = 60 * 60_000;
const CLAIM_LIMIT = 10;
const CLAIM_WINDOW_MS = 15 * 60_000;

const CheckoutParamsSchema = z.object({ id: CheckoutSessionIdSchema });
const OrganizationParamsSchema = z.object({ id: z.uuid('Unknown organisation') });

function requireStripe(stripe: Stripe | null): Stripe {
  if (!stripe) throw new AppError('conflict', 'Online payment is not set up on this deployment. Please talk to our sales team.');
  return stripe;
}

/** The portal changes payment details: a session that passed MFA is needed, even when access has lapsed. */
function requireVerifiedSession(request: FastifyRequest) {
  const auth = requireAuth(request);
  if (!auth.totpEnabled || !auth.session.mfaVerifiedAt) throw new AppError('mfa_required', 'Two-factor verification required');
  return auth;
}

export async function billingRoutes(app: FastifyInstance) {
  const stripe = createStripeClient(app.env);
  await app.register(stripeWebhookRoutes, { stripe });

  const requireTestMode = () => {
    if (!isBillingTestMode(app.env)) {
      throw new AppError('forbidden', 'Billing test pages are disabled on this deployment: they run only with a Stripe test key.');
    }
    return requireStripe(stripe);
  };

  app.get('/api/billing/plans', { config: { access: 'public' } }, async (): Promise<BillingOverview> => buildBillingOverview(app.env));

  app.post('/api/billing/checkout', { config: { access: 'public' } }, async (request): Promise<StartCheckoutResponse> => {
    const input = parseInput(StartCheckoutInputSchema, request.body);
    const client = requireStripe(stripe);
    await enforceRateLimit(app, `billing:checkout:${request.ip}`, CHECKOUT_LIMIT, CHECKOUT_WINDOW_MS);
    const auth = request.auth;
    let buyer: Parameters<typeof startCheckout>[0]['buyer'];
    if (auth) {
      buyer = { kind: 'member', organizationId: auth.user.organizationId, email: auth.user.email };
    } else {
      if (!input.email || !input.company) throw new AppError('bad_request', 'Please enter your work e-mail and company.');
      buyer = { kind: 'visitor', email: input.email.toLowerCase(), company: input.company };
    }
    const started = await startCheckout({ db: app.db, env: app.env, stripe: client, plan: input.plan, buyer, now: app.now(), log: request.log });
    request.log.info({ checkoutSessionId: started.checkoutSessionId, plan: input.plan, buyer: buyer.kind }, 'checkout started');
    return started;
  });

  app.get('/api/billing/checkout/:id', { config: { access: 'public' } }, async (request): Promise<CheckoutStatus> => {
    const { id } = parseInput(CheckoutParamsSchema, request.params);
    return readCheckoutStatus(app.db, id);
  });

  app.post('/api/billing/claim', { config: { access: 'session' } }, async (request): Promise<ClaimResponse> => {
    const { token } = parseInput(ClaimInputSchema, request.body);
    const auth = requireAuth(request);
    await enforceRateLimit(app, `billing:claim:${auth.user.id}`, CLAIM_LIMIT, CLAIM_WINDOW_MS);
    const claimed = await redeemClaim(app.db, token, auth.user, app.now());
    await invalidateOrganizationSessionCache(app.db, auth.user.organizationId);
    await auditRequest(request, { action: 'billing.subscription_claimed', targetUserId: auth.user.id, details: { organizationId: auth.user.organizationId, plan: claimed.plan } });
    return claimed;
  });

  app.get('/api/billing/subscription', { config: { access: 'session' } }, async (request): Promise<OrganizationSubscription> => {
    const row = await findOrganizationSubscription(app.db, requireAuth(request).user.organizationId);
    return toOrganizationSubscription(row, app.now());
  });

  app.post('/api/billing/portal', { config: { access: 'session' } }, async (request): Promise<PortalResponse> => {
    const auth = requireVerifiedSession(request);
    const client = requireStripe(stripe);
    const row = await findOrganizationSubscription(app.db, auth.user.organizationId);
    if (!row?.stripeCustomerId) throw new AppError('not_found', 'Your organisation has no Stripe billing account yet.');
    try {
      const portal = await client.billingPortal.sessions.create({ customer: row.stripeCustomerId, return_url: new URL('/account', app.env.APP_URL).toString() });
      await auditRequest(request, { action: 'billing.portal_opened', details: { organizationId: auth.user.organizationId } });
      return { url: portal.url };
    } catch (error) {
      request.log.warn(describeStripeError(error), 'stripe portal session refused');
      throw new AppError('unavailable', 'The payment provider is not reachable right now. Please try again in a few minutes.');
    }
  });

  app.get('/api/admin/billing/organizations', { config: { access: 'admin' } }, async (request): Promise<AdminOrganizationList> => {
    const { query } = parseInput(AdminOrganizationQuerySchema, request.query);
    return { organizations: await searchOrganizations(app.db, query, app.now()) };
  });

  app.get('/api/admin/billing/organizations/:id', { config: { access: 'admin' } }, async (request): Promise<AdminOrganizationSubscription> => {
    const { id } = parseInput(OrganizationParamsSchema, request.params);
    return readOrganizationForAdmin(app.db, id, app.now());
  });

  app.post('/api/admin/billing/organizations/:id/subscription', { config: { access: 'admin' } }, async (request): Promise<AdminOrganizationSubscription> => {
    const { id } = parseInput(OrganizationParamsSchema, request.params);
    const change = parseInput(AdminSubscriptionChangeSchema, request.body);
    const { before, after } = await changeSubscriptionByHand(app.db, id, change, app.now());
    await invalidateOrganizationSessionCache(app.db, id);
    await auditRequest(request, {
      action: `billing.subscription_${change.action === 'activate' ? 'activated' : change.action === 'extend' ? 'extended' : 'canceled'}`,
      details: {
        organizationId: id,
        plan: change.plan,
        months: change.action === 'cancel' ? null : change.months,
        note: change.note,
        statusBefore: before?.status ?? 'none',
        accessUntilBefore: before?.accessUntil?.toISOString() ?? null,
        accessUntilAfter: after.accessUntil?.toISOString() ?? null,
      },
    });
    return readOrganizationForAdmin(app.db, id, app.now());
  });

  app.post('/api/billing/test/checkout', { config: { access: 'public' } }, async (request): Promise<StartCheckoutResponse> => {
    const client = requireTestMode();
    await enforceRateLimit(app, `billing:checkout:${request.ip}`, CHECKOUT_LIMIT, CHECKOUT_WINDOW_MS);
    return startCheckout({ db: app.db, env: app.env, stripe: client, plan: 'monthly', buyer: { kind: 'test' }, now: app.now(), log: request.log });
  });

  app.get('/api/billing/test/runs/:id', { config: { access: 'public' } }, async (request): Promise<BillingTestRun> => {
    requireTestMode();
    const { id } = parseInput(CheckoutParamsSchema, request.params);
    return readTestRun(app.db, id);
  });

  app.post('/api/billing/test/subscription-change', { config: { access: 'public' } }, async (request): Promise<BillingTestRun> => {
    const client = requireTestMode();
    const { checkoutSessionId, plan } = parseInput(TestSubscriptionChangeSchema, request.body);
    const checkout = await findCheckout(app.db, checkoutSessionId);
    const subscription = checkout.isTest && checkout.subscriptionId ? await findSubscriptionById(app.db, checkout.subscriptionId) : null;
    if (!subscription?.stripeSubscriptionId) throw new AppError('conflict', 'Complete a test payment first: its subscription is changed here.');
    try {
      const current = await client.subscriptions.retrieve(subscription.stripeSubscriptionId);
      const item = current.items.data[0];
      if (!item) throw new AppError('conflict', 'The test subscription has no item to change.');
      await client.subscriptions.update(subscription.stripeSubscriptionId, { items: [{ id: item.id, price: priceIdForPlan(app.env, plan) }], proration_behavior: 'none' });
    } catch (error) {
      if (error instanceof AppError) throw error;
      request.log.warn(describeStripeError(error), 'stripe subscription change refused');
      throw new AppError('unavailable', 'The payment provider refused the change or is not reachable.');
    }
    return readTestRun(app.db, checkoutSessionId);
  });
}
