import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApi, type ApiContext } from './fake-stripe/api.ts';
import { createEvents, type DeliveryResult, type FakeEvent, type SignOptions, type WebhookDelivery } from './fake-stripe/events.ts';
import { handleHostedPage, type HostedPagesContext } from './fake-stripe/hosted-pages.ts';
import { sendJson } from './fake-stripe/http.ts';
import type { FakeCheckoutSession, FakeSubscription, PriceBook } from './fake-stripe/objects.ts';
import { createStripeState } from './fake-stripe/state.ts';

/**
 * A local fake of the slice of Stripe CIFER uses (ADR 137), for tests that must not reach the
 * network: a real HTTP server the official SDK talks to (via its host/port/protocol options),
 * a hosted-checkout page that "pays", a customer-portal page, and webhooks signed with the SDK's
 * own test-header helper, as Stripe signs them. This file starts and stops the server; the
 * pieces live in fake-stripe/: the objects, the account's state, the events, the `/v1` API and
 * the hosted pages.
 */

export type { DeliveryResult, FakeEvent, WebhookDelivery };

export interface FakeStripeOptions {
  apiKey: string;
  webhookSecret: string;
  prices: PriceBook;
  /** Sends a signed webhook to the app (HTTP in e2e, app.inject in API tests). */
  deliver: (delivery: WebhookDelivery) => Promise<DeliveryResult>;
  now?: () => Date;
  port?: number;
  host?: string;
  /** Delay before the webhooks of a hosted-page payment are sent (the redirect goes first). */
  webhookDelayMs?: number;
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
  sign(payload: string, options?: SignOptions): string;
  deliverEvent(event: FakeEvent, options?: SignOptions): Promise<DeliveryResult>;
  close(): Promise<void>;
}

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const now = options.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const host = options.host ?? '127.0.0.1';
  const events = createEvents({ webhookSecret: options.webhookSecret, deliver: options.deliver, nowSeconds });
  const state = createStripeState({ prices: options.prices, nowSeconds, events });
  let baseUrl = '';
  const api: ApiContext = { apiKey: options.apiKey, prices: options.prices, state, events, baseUrl: () => baseUrl };
  const pages: HostedPagesContext = { prices: options.prices, state, events, webhookDelayMs: options.webhookDelayMs ?? 0 };

  const server = createServer((request, response) => {
    route(api, pages, request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { type: 'api_error', message: error instanceof Error ? error.message : 'fake failure' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, () => resolve()));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${port}`;

  const { checkoutSessions, subscriptions, completeCheckout, failPayment, payInvoice, deleteSubscription } = state;
  const { deliveries, buildEvent, sign, deliverEvent } = events;
  return { url: baseUrl, port, checkoutSessions, subscriptions, deliveries, completeCheckout, failPayment, payInvoice, deleteSubscription, buildEvent, sign, deliverEvent, close: () => closeServer(server) };
}

function route(api: ApiContext, pages: HostedPagesContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://fake').pathname;
  if (path.startsWith('/v1/')) return handleApi(api, request, response, path);
  return handleHostedPage(pages, request, response, path);
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
