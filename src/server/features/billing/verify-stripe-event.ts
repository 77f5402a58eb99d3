import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../errors.ts';

/** Stripe's own default: a signature older than five minutes is refused (replay window). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The event of a webhook call, once its Stripe-Signature proves Stripe sent these exact bytes
 * within the replay window (400 otherwise; nothing is stored).
 */
export function verifyStripeEvent(options: {
  stripe: Stripe;
  /** STRIPE_WEBHOOK_SECRET. */
  secret: string;
  signature: string | string[] | undefined;
  body: unknown;
  now: Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): Stripe.Event {
  const { stripe, secret, signature, body, now, log } = options;
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 2000) {
    log.warn({ reason: 'missing_signature' }, 'stripe webhook refused');
    throw new AppError('bad_request', 'Missing or malformed Stripe-Signature header');
  }
  if (!Buffer.isBuffer(body)) throw new AppError('bad_request', 'The webhook body must be JSON');
  try {
    return stripe.webhooks.constructEvent(body, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now.getTime());
  } catch {
    // Bad signature, wrong secret, stale timestamp or unparseable body: nothing is stored.
    log.warn({ reason: 'invalid_signature' }, 'stripe webhook refused');
    throw new AppError('bad_request', 'Invalid webhook signature');
  }
}
