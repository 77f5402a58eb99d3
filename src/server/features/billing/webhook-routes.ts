import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../errors.ts';
import { invalidateOrganizationSessionCache } from '../../sessions/session-cache.ts';
import { applyStripeEvent } from './apply-stripe-event.ts';
import { claimSubscriptionEmail } from './billing-mail.ts';
import { CLAIM_VALID_DAYS } from './claims.ts';

/** Stripe's own default: a signature older than five minutes is refused (replay window). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/billing/webhook, in its own encapsulated plugin (ADR 135): only here is a JSON body
 * kept as the raw bytes Stripe signed; the rest of the API still parses JSON as before.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, options: { stripe: Stripe | null }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post('/api/billing/webhook', { config: { access: 'public', csrf: 'signed-webhook' } }, async (request) => {
    const { stripe } = options;
    const secret = app.env.STRIPE_WEBHOOK_SECRET;
    if (!stripe || !secret) throw new AppError('not_found', 'Stripe is not configured on this deployment');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || signature.length === 0 || signature.length > 2000) {
      request.log.warn({ reason: 'missing_signature' }, 'stripe webhook refused');
      throw new AppError('bad_request', 'Missing or malformed Stripe-Signature header');
    }
    if (!Buffer.isBuffer(request.body)) throw new AppError('bad_request', 'The webhook body must be JSON');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, app.now().getTime());
    } catch {
      // Bad signature, wrong secret, stale timestamp or unparseable body: nothing is stored.
      request.log.warn({ reason: 'invalid_signature' }, 'stripe webhook refused');
      throw new AppError('bad_request', 'Invalid webhook signature');
    }
    const applied = await applyStripeEvent(app.db, { env: app.env, now: app.now() }, event);
    // Access may have changed: every instance re-reads this organisation's sessions (ADR 173).
    if (applied.organizationId) await invalidateOrganizationSessionCache(app.db, applied.organizationId);
    if (applied.claim) {
      await app.mailer.send(claimSubscriptionEmail(applied.claim.email, app.env.APP_URL, applied.claim.token, applied.claim.plan, CLAIM_VALID_DAYS));
    }
    request.log.info({ stripeEventId: event.id, stripeEventType: event.type, outcome: applied.outcome }, 'stripe webhook handled');
    return { received: true, duplicate: applied.duplicate };
  });
}
