import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outboxFor } from '../../test/helpers.ts';

/** Test-only helpers for the billing API tests (not a test file itself). */

export const TEST_STRIPE_KEY = 'sk_test_cifer_api_tests_0123456789';
export const TEST_WEBHOOK_SECRET = 'whsec_cifer_api_tests_abcdefghijklmnop';
export const PRICE_MONTHLY = 'price_monthly_test';
export const PRICE_ANNUAL = 'price_annual_test';

export interface BillingTestApp extends TestApp {
  stripe: FakeStripe;
}

/** A test app wired to a fresh fake Stripe; its webhooks reach the app through app.inject(). */
export async function createBillingTestApp(overrides: Record<string, string> = {}): Promise<BillingTestApp> {
  let target: TestApp | null = null;
  const fakeNow = () => (target ? target.clock.now() : new Date());
  const stripe = await startFakeStripe({
    apiKey: overrides.STRIPE_SECRET_KEY ?? TEST_STRIPE_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    prices: { [PRICE_MONTHLY]: { amount: 25_000, interval: 'month' }, [PRICE_ANNUAL]: { amount: 250_000, interval: 'year' } },
    now: fakeNow,
    deliver: async ({ payload, signature }) => {
      if (!target) throw new Error('app not ready');
      const response = await target.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        payload,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      });
      return { status: response.statusCode, body: response.body };
    },
  });
  const t = await createTestApp({
    STRIPE_SECRET_KEY: TEST_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: PRICE_MONTHLY,
    STRIPE_PRICE_ANNUAL: PRICE_ANNUAL,
    STRIPE_API_BASE: stripe.url,
    ...overrides,
  });
  target = t;
  return {
    ...t,
    stripe,
    close: async () => {
      await t.close();
      await stripe.close();
    },
  };
}

/** The claim token from the claim e-mail sent to `to`. */
export async function claimTokenFromOutbox(t: TestApp, to: string): Promise<string> {
  // As delivered: the stored text has the link sealed (ADR 190).
  const mails = await outboxFor(t, to);
  const mail = mails.find((candidate) => candidate.subject.includes('claim'));
  const match = mail ? /\/claim-subscription\/([A-Za-z0-9_-]+)/.exec(mail.text) : null;
  if (!match?.[1]) throw new Error(`no claim e-mail for ${to}`);
  return match[1];
}
