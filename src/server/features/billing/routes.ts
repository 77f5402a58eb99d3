import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import {
  AdminOrganizationListSchema,
  AdminOrganizationQuerySchema,
  AdminOrganizationSubscriptionSchema,
  AdminSubscriptionChangeSchema,
  BillingOrganizationParamsSchema,
  BillingOverviewSchema,
  BillingTestRunSchema,
  CheckoutParamsSchema,
  CheckoutStatusSchema,
  ClaimInputSchema,
  ClaimResponseSchema,
  OrganizationSubscriptionSchema,
  PortalResponseSchema,
  StartCheckoutInputSchema,
  StartCheckoutResponseSchema,
  TestSubscriptionChangeSchema,
} from '@/contracts/billing.ts';
import { AppError } from '../../errors.ts';
import { auditFor } from '../../lib/audit.ts';
import { rejectInvalidInput } from '../../lib/validation.ts';
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

function requireStripe(stripe: Stripe | null): Stripe {
  if (!stripe) throw new AppError('conflict', 'Online payment is not set up on this deployment. Please talk to our sales team.');
  return stripe;
}

/** The portal changes payment details: a session that passed MFA is needed, even when access has lapsed. */
function requireVerifiedSession(auth: AuthContext): AuthContext {
  if (!auth.totpEnabled || !auth.session.mfaVerifiedAt) throw new AppError('mfa_required', 'Two-factor verification required');
  return auth;
}

type StripeClient = ReturnType<typeof createStripeClient>;

export async function billingRoutes(fastify: FastifyInstance) {
  const stripe = createStripeClient(fastify.env);
  await fastify.register(stripeWebhookRoutes, { stripe });
  checkoutRoutes(fastify, stripe);
  subscriptionRoutes(fastify, stripe);
  adminBillingRoutes(fastify);
  billingTestRoutes(fastify, stripe);
}

/** Plans and the public checkout with its status. */
function checkoutRoutes(fastify: FastifyInstance, stripe: StripeClient) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/billing/plans', { config: { access: 'public' }, schema: { response: { 200: BillingOverviewSchema } } }, async () => buildBillingOverview(app.env));

  const checkoutSchema = { body: StartCheckoutInputSchema, response: { 200: StartCheckoutResponseSchema } };
  app.post('/api/billing/checkout', { config: { access: 'public' }, schema: checkoutSchema }, async (request, reply) => {
    const input = request.body;
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

  const checkoutStatusSchema = { params: CheckoutParamsSchema, response: { 200: CheckoutStatusSchema } };
  app.get('/api/billing/checkout/:id', { config: { access: 'public' }, schema: checkoutStatusSchema }, async (request) => {
    const cookieValue = app.parseCookie(request.headers.cookie ?? '')[CHECKOUT_COOKIE];
    return readCheckoutStatus(app.db, request.params.id, (checkout) => mayReadCheckout({ checkout, cookieValue, secret: app.env.SESSION_SECRET, auth: request.auth }));
  });
}

/** A signed-in account's subscription: claim a purchase, read it, open the payment portal. */
function subscriptionRoutes(fastify: FastifyInstance, stripe: StripeClient) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/billing/claim', { config: { access: 'session' }, schema: { body: ClaimInputSchema, response: { 200: ClaimResponseSchema } } }, async (request) => {
    const { token } = request.body;
    const auth = requireAuth(request);
    await enforceRateLimit(app, `billing:claim:${auth.user.id}`, CLAIM_LIMIT, CLAIM_WINDOW_MS);
    return claimSubscription({ db: app.db, user: auth.user, token, now: app.now(), audit: auditFor(request), events: app.events });
  });

  app.get('/api/billing/subscription', { config: { access: 'session' }, schema: { response: { 200: OrganizationSubscriptionSchema } } }, async (request) => {
    const row = await findOrganizationSubscription(app.db, requireAuth(request).user.organizationId);
    return toOrganizationSubscription(row, app.now());
  });

  app.post('/api/billing/portal', { config: { access: 'session' }, schema: { response: { 200: PortalResponseSchema } } }, async (request) => {
    const auth = requireVerifiedSession(requireAuth(request));
    const client = requireStripe(stripe);
    return openBillingPortal({ db: app.db, stripe: client, appUrl: app.env.APP_URL, organizationId: auth.user.organizationId, audit: auditFor(request), log: request.log });
  });
}

/** Admins find an organisation's subscription and change it. */
function adminBillingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const organizationAnswer = { 200: AdminOrganizationSubscriptionSchema };
  const searchSchema = { querystring: AdminOrganizationQuerySchema, response: { 200: AdminOrganizationListSchema } };
  app.get('/api/admin/billing/organizations', { config: { access: 'admin' }, schema: searchSchema }, async (request) => ({
    organizations: await searchOrganizations(app.db, request.query.query, app.now()),
  }));

  const organizationSchema = { params: BillingOrganizationParamsSchema, response: organizationAnswer };
  app.get('/api/admin/billing/organizations/:id', { config: { access: 'admin' }, schema: organizationSchema }, async (request) => readOrganizationForAdmin(app.db, request.params.id, app.now()));

  const changeSchema = { params: BillingOrganizationParamsSchema, body: AdminSubscriptionChangeSchema, response: organizationAnswer };
  app.post('/api/admin/billing/organizations/:id/subscription', { config: { access: 'admin' }, schema: changeSchema }, async (request) =>
    changeOrganizationSubscription({ db: app.db, organizationId: request.params.id, change: request.body, now: app.now(), audit: auditFor(request), events: app.events }),
  );
}

/** The billing test pages, only with a Stripe test key. */
function billingTestRoutes(fastify: FastifyInstance, stripe: StripeClient) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requireTestMode = () => {
    if (!isBillingTestMode(app.env)) {
      throw new AppError('forbidden', 'Billing test pages are disabled on this deployment: they run only with a Stripe test key.');
    }
    return requireStripe(stripe);
  };
  // The test pages buy and change real (test-mode) subscriptions: a signed-in super admin only,
  // whatever the key (ADR 134); the pages themselves stay visitor routes that say so.
  const testPages = { access: 'super_admin' } as const;

  app.post('/api/billing/test/checkout', { config: testPages, schema: { response: { 200: StartCheckoutResponseSchema } } }, async (request) => {
    const client = requireTestMode();
    await enforceRateLimit(app, `billing:checkout:${request.ip}`, CHECKOUT_LIMIT, CHECKOUT_WINDOW_MS);
    return startCheckout({ db: app.db, env: app.env, stripe: client, plan: 'monthly', buyer: { kind: 'test' }, now: app.now(), log: request.log });
  });

  // The test pages refuse a deployment without a test key before they read their input (ADR 064, 210).
  const testRunSchema = { params: CheckoutParamsSchema, response: { 200: BillingTestRunSchema } };
  app.get('/api/billing/test/runs/:id', { config: testPages, schema: testRunSchema, attachValidation: true }, async (request) => {
    requireTestMode();
    rejectInvalidInput(request);
    return readTestRun(app.db, request.params.id);
  });

  const testChangeSchema = { body: TestSubscriptionChangeSchema, response: { 200: BillingTestRunSchema } };
  app.post('/api/billing/test/subscription-change', { config: testPages, schema: testChangeSchema, attachValidation: true }, async (request) => {
    const client = requireTestMode();
    rejectInvalidInput(request);
    const { checkoutSessionId, plan } = request.body;
    return changeTestSubscription({ db: app.db, env: app.env, stripe: client, checkoutSessionId, plan, log: request.log });
  });
}
