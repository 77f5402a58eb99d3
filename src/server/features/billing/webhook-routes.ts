import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../errors.ts';
import { handleStripeEvent } from './handle-stripe-event.ts';
import { verifyStripeEvent } from './verify-stripe-event.ts';

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
    const event = verifyStripeEvent({ stripe, secret, signature: request.headers['stripe-signature'], body: request.body, now: app.now(), log: request.log });
    return handleStripeEvent({ db: app.db, env: app.env, mailer: app.mailer, event, now: app.now(), log: request.log });
  });
}
