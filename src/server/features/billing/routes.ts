import type { FastifyInstance } from 'fastify';
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
import { auditFor } from '../../lib/audit.ts';
import { parseInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth, type AuthContext } from '../../sessions/auth-context.ts';
import { readOrganizationForAdmin, searchOrganizations } from './admin-subscriptions.ts';
import { changeOrganizationSubscription } from './change-subscription-by-hand.ts';
import { changeTestSubscription } from './change-test-subscription.ts';
import { readCheckoutStatus, readTestRun } from './checkout-status.ts';
import { claimSubscription } from './claim-subscription.ts';
import { openBillingPortal } from './open-billing-portal.ts';
import { buildBillingOverview, isBillingTestMode } from './plans.ts';
import { checkoutBuyer, startCheckout } from './start-checkout.ts';
import { createStripeClient } from './stripe-client.ts';
import { findOrganizationSubscription, toOrganizationSubscription } from './subscription-store.ts';
import { stripeWebhookRoutes } from './webhook-routes.ts';
import { CHECKOUT_COOKIE, CHECKOUT_COOKIE_PATH, checkoutProof, mayReadCheckout } from './checkout-browser.ts';

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
function requireVerifiedSession(auth: AuthContext): AuthContext {
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

  // The test pages buy and change real (test-mode) subscriptions: a signed-in super admin only,
  // whatever the key (ADR 134); the pages themselves stay visitor routes that say so.
  const testPages = { config: { access: 'super_admin' } } as const;

  app.get('/api/billing/plans', { config: { access: 'public' } }, async (): Promise<BillingOverview> => buildBillingOverview(app.env));

  app.post('/api/billing/checkout', { config: { access: 'public' } }, async (request, reply): Promise<StartCheckoutResponse> => {
    const input = parseInput(StartCheckoutInputSchema, request.body);
    const client = requireStripe(stripe);
    await enforceRateLimit(app, `billing:checkout:${request.ip}`, CHECKOUT_LIMIT, CHECKOUT_WINDOW_MS);
    const buyer = checkoutBuyer(request.auth, input);
    const started = await startCheckout({ db: app.db, env: app.env, stripe: client, plan: input.plan, buyer, now: app.now(), log: request.log });
    request.log.info({ checkoutSessionId: started.checkoutSessionId, plan: input.plan, buyer: buyer.kind }, 'checkout started');
    // This browser may read the checkout's status on its return from Stripe (ADR 197).
    void reply.setCookie(CHECKOUT_COOKIE, checkoutProof(app.env.SESSION_SECRET, started.checkoutSessionId), {
      httpOnly: true,
      secure: app.env.APP_URL.startsWith('https:'),
      sameSite: 'lax',
      path: CHECKOUT_COOKIE_PATH,
      maxAge: 24 * 60 * 60,
    });
    return started;
  });

  app.get('/api/billing/checkout/:id', { config: { access: 'public' } }, async (request): Promise<CheckoutStatus> => {
    const { id } = parseInput(CheckoutParamsSchema, request.params);
    const cookieValue = app.parseCookie(request.headers.cookie ?? '')[CHECKOUT_COOKIE];
    return readCheckoutStatus(app.db, id, (checkout) => mayReadCheckout({ checkout, cookieValue, secret: app.env.SESSION_SECRET, auth: request.auth }));
  });

  app.post('/api/billing/claim', { config: { access: 'session' } }, async (request): Promise<ClaimResponse> => {
    const { token } = parseInput(ClaimInputSchema, request.body);
    const auth = requireAuth(request);
    await enforceRateLimit(app, `billing:claim:${auth.user.id}`, CLAIM_LIMIT, CLAIM_WINDOW_MS);
    return claimSubscription({ db: app.db, user: auth.user, token, now: app.now(), audit: auditFor(request) });
  });

  app.get('/api/billing/subscription', { config: { access: 'session' } }, async (request): Promise<OrganizationSubscription> => {
    const row = await findOrganizationSubscription(app.db, requireAuth(request).user.organizationId);
    return toOrganizationSubscription(row, app.now());
  });

  app.post('/api/billing/portal', { config: { access: 'session' } }, async (request): Promise<PortalResponse> => {
    const auth = requireVerifiedSession(requireAuth(request));
    const client = requireStripe(stripe);
    return openBillingPortal({ db: app.db, stripe: client, appUrl: app.env.APP_URL, organizationId: auth.user.organizationId, audit: auditFor(request), log: request.log });
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
    return changeOrganizationSubscription({ db: app.db, organizationId: id, change, now: app.now(), audit: auditFor(request) });
  });

  app.post('/api/billing/test/checkout', testPages, async (request): Promise<StartCheckoutResponse> => {
    const client = requireTestMode();
    await enforceRateLimit(app, `billing:checkout:${request.ip}`, CHECKOUT_LIMIT, CHECKOUT_WINDOW_MS);
    return startCheckout({ db: app.db, env: app.env, stripe: client, plan: 'monthly', buyer: { kind: 'test' }, now: app.now(), log: request.log });
  });

  app.get('/api/billing/test/runs/:id', testPages, async (request): Promise<BillingTestRun> => {
    requireTestMode();
    const { id } = parseInput(CheckoutParamsSchema, request.params);
    return readTestRun(app.db, id);
  });

  app.post('/api/billing/test/subscription-change', testPages, async (request): Promise<BillingTestRun> => {
    const client = requireTestMode();
    const { checkoutSessionId, plan } = parseInput(TestSubscriptionChangeSchema, request.body);
    return changeTestSubscription({ db: app.db, env: app.env, stripe: client, checkoutSessionId, plan, log: request.log });
  });
}
