import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeStripeEvents } from './events.ts';
import { readBody, sendJson, stripeError } from './http.ts';
import { fakeId, publicSession, type FakeCheckoutSession, type PriceBook } from './objects.ts';
import type { FakeStripeState } from './state.ts';

/**
 * The fake's `/v1/...` API, the calls CIFER's Stripe client makes: create and read a checkout
 * session, read and change a subscription, open a billing-portal session. The SDK sends
 * form-encoded bodies and a Bearer key; answers and errors have Stripe's JSON shapes.
 */

export interface ApiContext {
  apiKey: string;
  prices: PriceBook;
  state: FakeStripeState;
  events: FakeStripeEvents;
  /** Where the fake listens, known once it does; the hosted pages' URLs start with it. */
  baseUrl: () => string;
}

interface ApiCall {
  context: ApiContext;
  request: IncomingMessage;
  response: ServerResponse;
  path: string;
  form: URLSearchParams;
}

interface ApiRoute {
  method: 'GET' | 'POST' | 'any';
  pattern: RegExp;
  /** `id` is the path's one captured segment, empty when it has none. */
  answer: (call: ApiCall, id: string) => void;
}

const API_ROUTES: ApiRoute[] = [
  { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, answer: createCheckoutSession },
  { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, answer: retrieveCheckoutSession },
  { method: 'any', pattern: /^\/v1\/subscriptions\/([^/]+)$/, answer: answerSubscription },
  { method: 'POST', pattern: /^\/v1\/billing_portal\/sessions$/, answer: createPortalSession },
];

export async function handleApi(context: ApiContext, request: IncomingMessage, response: ServerResponse, path: string) {
  if (request.headers.authorization !== `Bearer ${context.apiKey}`) return stripeError(response, 401, 'Invalid API Key provided');
  const form = new URLSearchParams(request.method === 'POST' ? await readBody(request) : '');
  const call: ApiCall = { context, request, response, path, form };
  for (const route of API_ROUTES) {
    const match = route.pattern.exec(path);
    if (match && (route.method === 'any' || route.method === request.method)) return route.answer(call, match[1] ?? '');
  }
  return unrecognized(call);
}

function unrecognized({ request, response, path }: ApiCall) {
  stripeError(response, 404, `Unrecognized request URL (${request.method}: ${path})`);
}

function createCheckoutSession({ context, response, form }: ApiCall) {
  const price = form.get('line_items[0][price]') ?? '';
  if (!context.prices[price]) return stripeError(response, 400, `No such price: '${price}'`, 'line_items[0][price]');
  const id = fakeId('cs_test');
  const session: FakeCheckoutSession = {
    id,
    object: 'checkout.session',
    mode: form.get('mode') ?? 'subscription',
    status: 'open',
    payment_status: 'unpaid',
    url: `${context.baseUrl()}/c/pay/${id}`,
    success_url: form.get('success_url') ?? '',
    cancel_url: form.get('cancel_url') ?? '',
    customer: form.get('customer'),
    customer_email: form.get('customer_email'),
    client_reference_id: form.get('client_reference_id'),
    subscription: null,
    metadata: metadataOf(form),
    price,
  };
  context.state.checkoutSessions.set(id, session);
  sendJson(response, 200, publicSession(session));
}

/** The `metadata[key]=value` fields of a form-encoded body. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

function retrieveCheckoutSession({ context, response }: ApiCall, id: string) {
  const session = context.state.checkoutSessions.get(id);
  if (!session) return stripeError(response, 404, 'No such checkout.session');
  sendJson(response, 200, publicSession(session));
}

function answerSubscription(call: ApiCall, id: string) {
  const { context, request, response, form } = call;
  const subscription = context.state.subscriptions.get(id);
  if (!subscription) return stripeError(response, 404, 'No such subscription');
  if (request.method === 'GET') return sendJson(response, 200, subscription);
  if (request.method !== 'POST') return unrecognized(call);
  // A plan change: the one item moves to the new price.
  const price = form.get('items[0][price]');
  const item = subscription.items.data.find((candidate) => candidate.id === form.get('items[0][id]'));
  if (!price || !context.prices[price] || !item) return stripeError(response, 400, 'Invalid items', 'items');
  item.price = { id: price, object: 'price' };
  sendJson(response, 200, subscription);
  void context.events.deliverAll([context.events.buildEvent('customer.subscription.updated', subscription)]);
}

function createPortalSession({ context, response, form }: ApiCall) {
  const customer = form.get('customer');
  if (!customer) return stripeError(response, 400, 'Missing required param: customer.', 'customer');
  const id = fakeId('bps');
  context.state.portalSessions.set(id, form.get('return_url') ?? '');
  sendJson(response, 200, { id, object: 'billing_portal.session', customer, url: `${context.baseUrl()}/p/session/${id}`, return_url: form.get('return_url') });
}
