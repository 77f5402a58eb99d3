import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeStripeEvents } from './events.ts';
import { readBody, sendHtml } from './http.ts';
import type { FakeCheckoutSession, PriceBook } from './objects.ts';
import type { FakeStripeState } from './state.ts';

/**
 * The pages a browser is sent to: hosted checkout (`/c/pay/:id`, whose Pay button pays and
 * redirects to `success_url`) and the customer portal (`/p/session/:id`, a link back).
 */

export interface HostedPagesContext {
  prices: PriceBook;
  state: FakeStripeState;
  events: FakeStripeEvents;
  /** Delay before the webhooks of a hosted-page payment are sent (the redirect goes first). */
  webhookDelayMs: number;
}

export async function handleHostedPage(context: HostedPagesContext, request: IncomingMessage, response: ServerResponse, path: string) {
  const payMatch = /^\/c\/pay\/([^/]+)$/.exec(path);
  if (payMatch && (request.method === 'GET' || request.method === 'POST')) {
    const session = context.state.checkoutSessions.get(payMatch[1]!);
    if (!session) return sendHtml(response, 404, page('Not found', '<h1>Checkout not found</h1>'));
    if (request.method === 'GET') return sendHtml(response, 200, checkoutPage(session, context.prices));
    return payOnHostedPage(context, request, response, session);
  }
  const portalMatch = /^\/p\/session\/([^/]+)$/.exec(path);
  if (portalMatch && request.method === 'GET') {
    const returnUrl = context.state.portalSessions.get(portalMatch[1]!);
    if (returnUrl === undefined) return sendHtml(response, 404, page('Not found', '<h1>Portal session not found</h1>'));
    return sendHtml(response, 200, portalPage(returnUrl));
  }
  return sendHtml(response, 404, page('Not found', '<h1>Not found</h1>'));
}

async function payOnHostedPage(context: HostedPagesContext, request: IncomingMessage, response: ServerResponse, session: FakeCheckoutSession) {
  await readBody(request);
  const events = context.state.payCheckout(session);
  response.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
  response.end();
  // Like Stripe, the webhooks arrive on their own schedule, after the browser is sent back.
  setTimeout(() => void context.events.deliverAll(events).catch(() => {}), context.webhookDelayMs);
}

function checkoutPage(session: FakeCheckoutSession, prices: PriceBook): string {
  const price = prices[session.price];
  const amount = price ? `$${(price.amount / 100).toLocaleString('en-US')} / ${price.interval}` : '';
  return page(
    'Fake Stripe Checkout',
    `<p class="muted">Test mode: local fake Stripe</p><h1>Pay CIFER</h1><p>${escapeHtml(amount)}</p><p class="muted">${escapeHtml(session.customer_email ?? '')}</p>
<form method="post" action="/c/pay/${escapeHtml(session.id)}"><label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off"></label><p><button type="submit">Pay</button></p></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>`,
  );
}

function portalPage(returnUrl: string): string {
  return page(
    'Fake Stripe customer portal',
    `<p class="muted">Test mode: local fake Stripe</p><h1>CIFER billing</h1><p>Your subscription and invoices.</p><p><a class="button" href="${escapeHtml(returnUrl)}">Return to CIFER</a></p>`,
  );
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1e293b}main{border:1px solid #cbd5e1;border-radius:.75rem;padding:1.5rem}button,a.button{background:#635bff;color:#fff;border:0;border-radius:.375rem;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer;text-decoration:none;display:inline-block}.muted{color:#475569}</style></head>
<body><main>${body}</main></body></html>`;
}
