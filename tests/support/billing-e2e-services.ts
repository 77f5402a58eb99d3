/**
 * The outside world of the billing e2e journeys, on local ports only (ADR 137): the fake Stripe
 * (API + hosted checkout, webhooks signed and posted to the app), an SMTP sink, and a small
 * HTTP endpoint that lists the e-mails it received. Started by playwright.billing.config.ts.
 */
import { createServer } from 'node:http';
import { startFakeStripe } from '../../src/server/test/fake-stripe.ts';
import { startSmtpServer } from '../../src/server/test/helpers.ts';

const appPort = Number(process.env.E2E_PORT ?? 5240);
const stripePort = appPort + 5;
const smtpPort = appPort + 6;
const mailApiPort = appPort + 7;
const appUrl = `http://127.0.0.1:${appPort}`;

export const BILLING_E2E = {
  apiKey: 'sk_test_cifer_e2e_0123456789abcdef',
  webhookSecret: 'whsec_cifer_e2e_0123456789abcdefghij',
  priceMonthly: 'price_e2e_monthly',
  priceAnnual: 'price_e2e_annual',
};

const smtp = await startSmtpServer(smtpPort);

await startFakeStripe({
  apiKey: BILLING_E2E.apiKey,
  webhookSecret: BILLING_E2E.webhookSecret,
  prices: { [BILLING_E2E.priceMonthly]: { amount: 25_000, interval: 'month' }, [BILLING_E2E.priceAnnual]: { amount: 250_000, interval: 'year' } },
  port: stripePort,
  // Long enough for /payment-success to show that it is waiting for the webhook.
  webhookDelayMs: 1500,
  deliver: async ({ payload, signature }) => {
    const response = await fetch(`${appUrl}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    return { status: response.status, body: await response.text() };
  },
});

createServer((request, response) => {
  const to = new URL(request.url ?? '/', 'http://mail').searchParams.get('to');
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(smtp.messages.filter((mail) => !to || mail.to.includes(to)).map((mail) => ({ to: mail.to, text: mail.decoded }))));
}).listen(mailApiPort, '127.0.0.1');
