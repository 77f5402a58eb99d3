import type { BillingMode, BillingOverview, Plan, PlanId } from '@/contracts/billing.ts';
import type { Env } from '../../env.ts';

/** The plans of spec section 1 with prices from configuration (ADR 131). */
export function buildPlans(env: Env): Plan[] {
  return [
    {
      id: 'monthly',
      name: 'Monthly',
      priceUsd: env.PLAN_MONTHLY_PRICE_USD,
      interval: 'month',
      summary: 'Continuous risk assessment, billed monthly. Cancel any time.',
      features: [
        'Unlimited 19-factor risk assessments',
        'Dollar loss estimates and board-ready reports',
        'Compliance frameworks: NIST CSF, ISO 27001, SOC 2, PCI DSS, HIPAA, SOX, GLBA',
        'Assessment history and what-if analysis',
      ],
    },
    {
      id: 'annual',
      name: 'Annual assessment plan',
      priceUsd: env.PLAN_ANNUAL_PRICE_USD,
      interval: 'year',
      summary: 'A year of assessments, billed once a year: two months free against monthly billing.',
      features: ['Everything in Monthly', 'One invoice a year', 'Priority support from the CIFER team'],
    },
  ];
}

export function isStripeConfigured(env: Env): boolean {
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_MONTHLY && env.STRIPE_PRICE_ANNUAL);
}

export function billingMode(env: Env): BillingMode {
  return isStripeConfigured(env) ? 'stripe' : 'invoice';
}

/** The test pages act only against a Stripe test key or a local fake, never a live key (ADR 134). */
export function isBillingTestMode(env: Env): boolean {
  if (!isStripeConfigured(env)) return false;
  const key = env.STRIPE_SECRET_KEY ?? '';
  if (/^(sk|rk)_live_/.test(key)) return false;
  return /^(sk|rk)_test_/.test(key);
}

export function priceIdForPlan(env: Env, plan: PlanId): string {
  const price = plan === 'monthly' ? env.STRIPE_PRICE_MONTHLY : env.STRIPE_PRICE_ANNUAL;
  if (!price) throw new Error('Stripe prices are not configured');
  return price;
}

/** Null for a price that is not one of ours: such an event changes nothing. */
export function planForPriceId(env: Env, priceId: string | null | undefined): PlanId | null {
  if (!priceId) return null;
  if (priceId === env.STRIPE_PRICE_MONTHLY) return 'monthly';
  if (priceId === env.STRIPE_PRICE_ANNUAL) return 'annual';
  return null;
}

export function buildBillingOverview(env: Env): BillingOverview {
  return {
    mode: billingMode(env),
    billingRequired: env.BILLING === 'required',
    testMode: isBillingTestMode(env),
    graceDays: env.BILLING_GRACE_DAYS,
    plans: buildPlans(env),
  };
}
