import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { isStripeConfigured } from './plans.ts';

/**
 * The one Stripe client, built from configuration (null in invoice mode). STRIPE_API_BASE points
 * the official SDK at a local fake Stripe in tests through its host, port and protocol options.
 */
export function createStripeClient(env: Env): Stripe | null {
  if (!isStripeConfigured(env) || !env.STRIPE_SECRET_KEY) return null;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'CIFER' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}

/** What an operation calling Stripe needs: the database of its records, the client, and a log for Stripe's refusals. */
export interface StripeCall {
  db: Database;
  stripe: Stripe;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** What may be logged of a Stripe failure: its kind and code, never request data or keys. */
export function describeStripeError(error: unknown): Record<string, unknown> {
  if (error instanceof Stripe.errors.StripeError) {
    return { stripeErrorType: error.type, stripeErrorCode: error.code ?? null, statusCode: error.statusCode ?? null };
  }
  return { stripeErrorType: error instanceof Error ? error.name : 'unknown' };
}
