import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local fake of the slice of Stripe CIFER uses (ADR 137), for tests that must not reach the
 * network: a real HTTP server the official SDK talks to (via its host/port/protocol options),
 * a hosted-checkout page that "pays", a customer-portal page, and webhooks signed with the SDK's
 * own test-header helper, as Stripe signs them.
 */

export interface WebhookDelivery {
  payload: string;
  signature: string;
}

export interface DeliveryResult {
  status: number;
  body: string;
}

export interface FakeStripeOptions {
  apiKey: string;
  webhookSecret: string;
  prices: Record<string, { amount: number; interval: 'month' | 'year' }>;
  /** Sends a signed webhook to the app (HTTP in e2e, app.inject in API tests). */
  deliver: (delivery: WebhookDelivery) => Promise<DeliveryResult>;
  now?: () => Date;
  port?: number;
  host?: string;
  /** Delay before the webhooks of a hosted-page payment are sent (the redirect goes first). */
  webhookDelayMs?: number;
}

interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  items: { object: 'list'; data: Array<{ id: string; object: 'subscription_item'; price: { id: string; object: 'price' }; current_period_start: number; current_period_end: number }> };
  created: number;
}

interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  url: string;
  success_url: string;
  cancel_url: string;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  price: string;
}

export interface FakeStripe {
  url: string;
  port: number;
  checkoutSessions: Map<string, FakeCheckoutSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** Every webhook delivered, with the app's answer. */
  deliveries: Array<{ type: string; id: string; result: DeliveryResult }>;
  /** Pays a checkout as the hosted page would and delivers its webhooks; resolves when they were answered. */
  completeCheckout(sessionId: string): Promise<FakeEvent[]>;
  /** A renewal payment fails: invoice.payment_failed, then the subscription turns past_due. */
  failPayment(subscriptionId: string): Promise<FakeEvent[]>;
  payInvoice(subscriptionId: string): Promise<FakeEvent[]>;
  deleteSubscription(subscriptionId: string): Promise<FakeEvent[]>;
  buildEvent(type: string, object: unknown, created?: number): FakeEvent;
  sign(payload: string, options?: { secret?: string; timestamp?: number }): string;
  deliverEvent(event: FakeEvent, options?: { secret?: string; timestamp?: number }): Promise<DeliveryResult>;
  close(): Promise<void>;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: unknown };
}

const fakeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': fakeId('req') });
  response.end(JSON.stringify(body));
}

function stripeError(response: ServerResponse, status: number, message: string, param?: string) {
  sendJson(response, status, { error: { type: status === 401 ? 'invalid_request_error' : 'invalid_request_error', message, ...(param ? { param } : {}) } });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1e293b}main{border:1px solid #cbd5e1;border-radius:.75rem;padding:1.5rem}button,a.button{background:#635bff;color:#fff;border:0;border-radius:.375rem;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer;text-decoration:none;display:inline-block}.muted{color:#475569}</style></head>
<body><main>${body}</main></body></html>`;
}

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const now = options.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const signer = new Stripe('sk_test_fake_signer');
  const checkoutSessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const portalSessions = new Map<string, string>();
  const deliveries: FakeStripe['deliveries'] = [];
  let baseUrl = '';

  const buildEvent = (type: string, object: unknown, created = nowSeconds()): FakeEvent => ({
    id: fakeId('evt'),
    object: 'event',
    type,
    created,
    livemode: false,
    api_version: Stripe.API_VERSION,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: JSON.parse(JSON.stringify(object)) as unknown },
  });
  const sign = (payload: string, signOptions: { secret?: string; timestamp?: number } = {}) =>
    signer.webhooks.generateTestHeaderString({ payload, secret: signOptions.secret ?? options.webhookSecret, timestamp: signOptions.timestamp ?? nowSeconds() });
  const deliverEvent = async (event: FakeEvent, signOptions: { secret?: string; timestamp?: number } = {}) => {
    const payload = JSON.stringify(event, null, 2);
    const result = await options.deliver({ payload, signature: sign(payload, signOptions) });
    deliveries.push({ type: event.type, id: event.id, result });
    return result;
  };
  const deliverAll = async (events: FakeEvent[]) => {
    for (const event of events) await deliverEvent(event);
    return events;
  };

  const invoiceFor = (subscription: FakeSubscription, status: 'paid' | 'open') => {
    const item = subscription.items.data[0]!;
    return {
      id: fakeId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status,
      amount_paid: status === 'paid' ? (options.prices[item.price.id]?.amount ?? 0) : 0,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      lines: {
        object: 'list',
        data: [{ id: fakeId('il'), object: 'line_item', period: { start: item.current_period_start, end: item.current_period_end }, pricing: { type: 'price_details', price_details: { price: item.price.id } } }],
      },
    };
  };

  const payCheckout = (session: FakeCheckoutSession): FakeEvent[] => {
    if (session.status === 'complete') return [];
    const start = nowSeconds();
    const interval = options.prices[session.price]?.interval ?? 'month';
    const customer = session.customer ?? fakeId('cus');
    const subscription: FakeSubscription = {
      id: fakeId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      metadata: session.metadata,
      created: start,
      items: {
        object: 'list',
        data: [{ id: fakeId('si'), object: 'subscription_item', price: { id: session.price, object: 'price' }, current_period_start: start, current_period_end: start + (interval === 'year' ? 365 : 30) * 86_400 }],
      },
    };
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription: subscription.id });
    const { price: _price, ...publicSession } = session;
    return [buildEvent('customer.subscription.created', subscription), buildEvent('checkout.session.completed', publicSession), buildEvent('invoice.paid', invoiceFor(subscription, 'paid'))];
  };

  const requireSubscription = (id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`fake stripe: no subscription ${id}`);
    return subscription;
  };

  async function handleApi(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) return stripeError(response, 401, 'Invalid API Key provided');
    const form = new URLSearchParams(request.method === 'POST' ? await readBody(request) : '');
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const price = form.get('line_items[0][price]') ?? '';
      if (!options.prices[price]) return stripeError(response, 400, `No such price: '${price}'`, 'line_items[0][price]');
      const id = fakeId('cs_test');
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const session: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: form.get('mode') ?? 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        url: `${baseUrl}/c/pay/${id}`,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        customer: form.get('customer'),
        customer_email: form.get('customer_email'),
        client_reference_id: form.get('client_reference_id'),
        subscription: null,
        metadata,
        price,
      };
      checkoutSessions.set(id, session);
      const { price: _price, ...publicSession } = session;
      return sendJson(response, 200, publicSession);
    }
    if (request.method === 'GET' && sessionMatch) {
      const session = checkoutSessions.get(sessionMatch[1]!);
      if (!session) return stripeError(response, 404, 'No such checkout.session');
      const { price: _price, ...publicSession } = session;
      return sendJson(response, 200, publicSession);
    }
    if (subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]!);
      if (!subscription) return stripeError(response, 404, 'No such subscription');
      if (request.method === 'GET') return sendJson(response, 200, subscription);
      if (request.method === 'POST') {
        const price = form.get('items[0][price]');
        const item = subscription.items.data.find((candidate) => candidate.id === form.get('items[0][id]'));
        if (!price || !options.prices[price] || !item) return stripeError(response, 400, 'Invalid items', 'items');
        item.price = { id: price, object: 'price' };
        sendJson(response, 200, subscription);
        void deliverAll([buildEvent('customer.subscription.updated', subscription)]);
        return;
      }
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = form.get('customer');
      if (!customer) return stripeError(response, 400, 'Missing required param: customer.', 'customer');
      const id = fakeId('bps');
      portalSessions.set(id, form.get('return_url') ?? '');
      return sendJson(response, 200, { id, object: 'billing_portal.session', customer, url: `${baseUrl}/p/session/${id}`, return_url: form.get('return_url') });
    }
    return stripeError(response, 404, `Unrecognized request URL (${request.method}: ${path})`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    if (path.startsWith('/v1/')) return handleApi(request, response, path);
    const payMatch = /^\/c\/pay\/([^/]+)$/.exec(path);
    const session = payMatch ? checkoutSessions.get(payMatch[1]!) : undefined;
    if (payMatch && request.method === 'GET') {
      if (!session) return sendHtml(response, 404, page('Not found', '<h1>Checkout not found</h1>'));
      const price = options.prices[session.price];
      const amount = price ? `$${(price.amount / 100).toLocaleString('en-US')} / ${price.interval}` : '';
      return sendHtml(
        response,
        200,
        page(
          'Fake Stripe Checkout',
          `<p class="muted">Test mode: local fake Stripe</p><h1>Pay CIFER</h1><p>${escapeHtml(amount)}</p><p class="muted">${escapeHtml(session.customer_email ?? '')}</p>
<form method="post" action="/c/pay/${escapeHtml(session.id)}"><label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off"></label><p><button type="submit">Pay</button></p></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>`,
        ),
      );
    }
    if (payMatch && request.method === 'POST') {
      if (!session) return sendHtml(response, 404, page('Not found', '<h1>Checkout not found</h1>'));
      await readBody(request);
      const events = payCheckout(session);
      response.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      response.end();
      // Like Stripe, the webhooks arrive on their own schedule, after the browser is sent back.
      setTimeout(() => void deliverAll(events).catch(() => {}), options.webhookDelayMs ?? 0);
      return;
    }
    const portalMatch = /^\/p\/session\/([^/]+)$/.exec(path);
    if (portalMatch && request.method === 'GET') {
      const returnUrl = portalSessions.get(portalMatch[1]!);
      if (returnUrl === undefined) return sendHtml(response, 404, page('Not found', '<h1>Portal session not found</h1>'));
      return sendHtml(response, 200, page('Fake Stripe customer portal', `<p class="muted">Test mode: local fake Stripe</p><h1>CIFER billing</h1><p>Your subscription and invoices.</p><p><a class="button" href="${escapeHtml(returnUrl)}">Return to CIFER</a></p>`));
    }
    return sendHtml(response, 404, page('Not found', '<h1>Not found</h1>'));
  }

  function sendHtml(response: ServerResponse, status: number, html: string) {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { type: 'api_error', message: error instanceof Error ? error.message : 'fake failure' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    url: baseUrl,
    port,
    checkoutSessions,
    subscriptions,
    deliveries,
    completeCheckout: async (sessionId) => {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`fake stripe: no checkout ${sessionId}`);
      return deliverAll(payCheckout(session));
    },
    failPayment: async (subscriptionId) => {
      const subscription = requireSubscription(subscriptionId);
      subscription.status = 'past_due';
      return deliverAll([buildEvent('invoice.payment_failed', invoiceFor(subscription, 'open')), buildEvent('customer.subscription.updated', subscription)]);
    },
    payInvoice: async (subscriptionId) => {
      const subscription = requireSubscription(subscriptionId);
      subscription.status = 'active';
      return deliverAll([buildEvent('invoice.paid', invoiceFor(subscription, 'paid'))]);
    },
    deleteSubscription: async (subscriptionId) => {
      const subscription = requireSubscription(subscriptionId);
      subscription.status = 'canceled';
      return deliverAll([buildEvent('customer.subscription.deleted', subscription)]);
    },
    buildEvent,
    sign,
    deliverEvent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
