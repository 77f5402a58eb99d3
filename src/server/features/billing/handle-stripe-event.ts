import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { applyStripeEvent } from './apply-stripe-event.ts';
import { claimSubscriptionEmail } from './billing-mail.ts';
import { CLAIM_VALID_DAYS } from './claims.ts';

/**
 * A verified Stripe event: applied once (apply-stripe-event.ts), the organisation's sessions
 * re-read on every instance when access may have changed (ADR 173), and the claim link of a
 * purchase made before sign-up e-mailed.
 */
export async function handleStripeEvent(options: {
  db: Database;
  env: Env;
  mailer: Mailer;
  event: Stripe.Event;
  now: Date;
  log: Pick<FastifyBaseLogger, 'info'>;
  events?: Pick<DomainEvents, 'emit'>;
}): Promise<{ received: true; duplicate: boolean }> {
  const { db, env, mailer, event, now, log } = options;
  const applied = await applyStripeEvent(db, { env, now }, event);
  if (applied.organizationId) options.events?.emit('subscription.changed', { organizationId: applied.organizationId, changedAt: now.toISOString(), changeId: event.id });
  if (applied.claim) {
    await mailer.send(claimSubscriptionEmail(applied.claim.email, env.APP_URL, applied.claim.token, applied.claim.plan, CLAIM_VALID_DAYS));
  }
  log.info({ stripeEventId: event.id, stripeEventType: event.type, outcome: applied.outcome }, 'stripe webhook handled');
  return { received: true, duplicate: applied.duplicate };
}
