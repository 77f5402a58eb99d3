import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { StripeWebhookResponseSchema } from '@/contracts/billing.ts';
import { AppError } from '../../errors.ts';
import { handleStripeEvent } from './handle-stripe-event.ts';
import { verifyStripeEvent } from './verify-stripe-event.ts';

const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/billing/webhook, in its own encapsulated plugin (ADR 135): only here is a JSON body
 * kept as the raw bytes Stripe signed; the rest of the API still parses JSON as before.
 * Its answer is declared (ADR 210); its body is not: the signature is checked over those bytes
 * before anything reads them, and a bad one gets the 400 `verifyStripeEvent` words.
 */
export async function stripeWebhookRoutes(fastify: FastifyInstance, options: { stripe: Stripe | null }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post('/api/billing/webhook', { config: { access: 'public', csrf: 'signed-webhook' }, schema: { response: { 200: StripeWebhookResponseSchema } } }, async (request) => {
    const { stripe } = options;
    const secret = app.env.STRIPE_WEBHOOK_SECRET;
    if (!stripe || !secret) throw new AppError('not_found', 'Stripe is not configured on this deployment');
    const event = verifyStripeEvent({ stripe, secret, signature: request.headers['stripe-signature'], body: request.body, now: app.now(), log: request.log });
    return handleStripeEvent({ db: app.db, env: app.env, mailer: app.mailer, event, now: app.now(), log: request.log, events: app.events });
  });
}
