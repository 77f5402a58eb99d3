import type Stripe from 'stripe';
import type { PlanId, SubscriptionStatus } from '@/contracts/billing.ts';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { hasDeletionEvent, recordNewEvent, setEventOutcome } from './billing-event-store.ts';
import { findCheckoutRow, markCheckoutComplete } from './checkout-store.ts';
import { issueClaimToken } from './claims.ts';
import { planForPriceId } from './plans.ts';
import { changeOrganizationAccess, type AccessTransaction } from '../../sessions/organization-access.ts';
import {
  attachToOrganization,
  createSubscription,
  findSubscriptionByStripeId,
  insertDetachedSubscription,
  syncOrganization,
  updateSubscription,
  type SubscriptionRow,
} from './subscription-store.ts';

export interface AppliedEvent {
  duplicate: boolean;
  outcome: string;
  /** A claim e-mail to send once the transaction has committed. */
  claim: { email: string; token: string; plan: PlanId } | null;
  /** The organisation whose subscription the event moved, if any (told to webhooks, ADR 229). */
  organizationId: string | null;
}

interface Refs {
  checkoutSessionId: string | null;
  stripeSubscriptionId: string | null;
}

interface Handled {
  outcome: string;
  claim?: AppliedEvent['claim'];
}

const DAY_MS = 86_400_000;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Basil-era invoices name their subscription under parent.subscription_details; older ones at the top. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy ?? null);
}

function invoicePeriodEnd(invoice: Stripe.Invoice): Date | null {
  const ends = (invoice.lines?.data ?? []).map((line) => line.period?.end ?? 0).filter((end) => end > 0);
  return ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null;
}

function subscriptionPrice(subscription: Stripe.Subscription): string | null {
  return subscription.items?.data?.[0]?.price?.id ?? null;
}

function subscriptionPeriodEnd(subscription: Stripe.Subscription): Date | null {
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const end = subscription.items?.data?.[0]?.current_period_end ?? legacy;
  return end ? new Date(end * 1000) : null;
}

function refsOf(event: Stripe.Event): Refs {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed':
      return { checkoutSessionId: event.data.object.id, stripeSubscriptionId: idOf(event.data.object.subscription) };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { checkoutSessionId: null, stripeSubscriptionId: invoiceSubscriptionId(event.data.object) };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { checkoutSessionId: null, stripeSubscriptionId: event.data.object.id };
    default:
      return { checkoutSessionId: null, stripeSubscriptionId: typeof object.subscription === 'string' ? object.subscription : null };
  }
}

/** An event older than the last one applied to the subscription must not overwrite a newer state. */
function isStale(row: SubscriptionRow, event: Stripe.Event): boolean {
  return row.lastEventCreated !== null && event.created < row.lastEventCreated;
}

export interface EventContext {
  env: Env;
  now: Date;
}

/**
 * Applies one verified Stripe event in one transaction: the event id is stored first (a replay
 * finds it and changes nothing), then the subscription moves (ADR 132), and the sessions of the
 * organisation whose access moved are refreshed after the commit (sessions/organization-access.ts).
 */
export async function applyStripeEvent(db: Database, context: EventContext, event: Stripe.Event): Promise<AppliedEvent> {
  return changeOrganizationAccess(db, async (tx) => {
    const refs = refsOf(event);
    const inserted = await recordNewEvent(tx, { id: event.id, type: event.type, created: event.created, ...refs }, context.now);
    if (!inserted) return { duplicate: true, outcome: 'duplicate', claim: null, organizationId: null };
    const handled = await handleEvent(tx, context, event, refs);
    await setEventOutcome(tx, event.id, handled.outcome);
    const moved = handled.outcome.startsWith('applied') && refs.stripeSubscriptionId ? await findSubscriptionByStripeId(tx, refs.stripeSubscriptionId) : null;
    return { duplicate: false, outcome: handled.outcome, claim: handled.claim ?? null, organizationId: moved?.organizationId ?? null };
  });
}

async function handleEvent(tx: AccessTransaction, context: EventContext, event: Stripe.Event, refs: Refs): Promise<Handled> {
  switch (event.type) {
    case 'checkout.session.completed':
      return handleCheckoutCompleted(tx, context, event, event.data.object);
    case 'invoice.paid':
      return handleInvoicePaid(tx, context, event, event.data.object, refs.stripeSubscriptionId);
    case 'invoice.payment_failed':
      return handlePaymentFailed(tx, context, event, refs.stripeSubscriptionId);
    case 'customer.subscription.updated':
      return handleSubscriptionUpdated(tx, context, event, event.data.object);
    case 'customer.subscription.deleted':
      return handleSubscriptionDeleted(tx, context, event, event.data.object.id);
    default:
      return { outcome: 'ignored:unhandled_type' };
  }
}

async function handleCheckoutCompleted(tx: AccessTransaction, context: EventContext, event: Stripe.Event, session: Stripe.Checkout.Session): Promise<Handled> {
  const checkout = await findCheckoutRow(tx, session.id);
  if (!checkout) return { outcome: 'ignored:unknown_checkout' };
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return { outcome: 'ignored:unpaid' };
  const stripeSubscriptionId = idOf(session.subscription);
  if (!stripeSubscriptionId) return { outcome: 'ignored:no_subscription' };
  const now = context.now;
  const deleted = await hasDeletionEvent(tx, stripeSubscriptionId);
  let row = await findSubscriptionByStripeId(tx, stripeSubscriptionId);
  if (!row) {
    row = await createSubscription(tx, {
      plan: checkout.plan,
      status: deleted ? 'canceled' : 'active',
      source: 'stripe',
      stripeCustomerId: idOf(session.customer),
      stripeSubscriptionId,
      purchaserEmail: checkout.email,
      company: checkout.company,
      lastEventCreated: event.created,
      createdAt: now,
      updatedAt: now,
    });
  } else {
    row = await updateSubscription(tx, row.id, { stripeCustomerId: idOf(session.customer), purchaserEmail: checkout.email, company: checkout.company }, now);
  }
  if (checkout.organizationId && !row.organizationId) row = await attachToOrganization(tx, row.id, checkout.organizationId, now);
  await markCheckoutComplete(tx, checkout.id, row.id);
  await syncOrganization(tx, row);
  if (row.organizationId || checkout.isTest) return { outcome: 'applied' };
  // Paid before having an account: a single-use link to attach it later (ADR 133).
  const token = await issueClaimToken(tx, row.id, checkout.email, now);
  return { outcome: 'applied:claim_sent', claim: { email: checkout.email, token, plan: checkout.plan as PlanId } };
}

async function handleInvoicePaid(tx: AccessTransaction, context: EventContext, event: Stripe.Event, invoice: Stripe.Invoice, stripeSubscriptionId: string | null): Promise<Handled> {
  if (!stripeSubscriptionId) return { outcome: 'ignored:not_a_subscription' };
  if (await hasDeletionEvent(tx, stripeSubscriptionId)) return { outcome: 'ignored:subscription_deleted' };
  const row = await findSubscriptionByStripeId(tx, stripeSubscriptionId);
  const periodEnd = invoicePeriodEnd(invoice);
  if (!row) {
    // Paid before the checkout completion arrived: remember it only for a price we sell.
    const priceLine = invoice.lines?.data?.[0] as unknown as { pricing?: { price_details?: { price?: string } }; price?: { id?: string } } | undefined;
    const plan = planForPriceId(context.env, priceLine?.pricing?.price_details?.price ?? priceLine?.price?.id);
    if (!plan) return { outcome: 'ignored:unknown_price' };
    await insertDetachedSubscription(tx, {
      plan,
      status: 'active',
      source: 'stripe',
      stripeCustomerId: idOf(invoice.customer),
      stripeSubscriptionId,
      currentPeriodEnd: periodEnd,
      lastEventCreated: event.created,
      createdAt: context.now,
      updatedAt: context.now,
    });
    return { outcome: 'applied' };
  }
  if (row.status === 'canceled') return { outcome: 'ignored:subscription_canceled' };
  if (isStale(row, event)) return { outcome: 'ignored:stale' };
  await updateSubscription(tx, row.id, { status: 'active', accessUntil: null, currentPeriodEnd: periodEnd ?? row.currentPeriodEnd, lastEventCreated: event.created }, context.now);
  return { outcome: 'applied' };
}

async function handlePaymentFailed(tx: AccessTransaction, context: EventContext, event: Stripe.Event, stripeSubscriptionId: string | null): Promise<Handled> {
  if (!stripeSubscriptionId) return { outcome: 'ignored:not_a_subscription' };
  const row = await findSubscriptionByStripeId(tx, stripeSubscriptionId);
  if (!row) return { outcome: 'ignored:unknown_subscription' };
  if (row.status === 'canceled') return { outcome: 'ignored:subscription_canceled' };
  if (isStale(row, event)) return { outcome: 'ignored:stale' };
  await updateSubscription(tx, row.id, { status: 'past_due', accessUntil: graceEnd(row, context), lastEventCreated: event.created }, context.now);
  return { outcome: 'applied' };
}

/** A second failed retry does not extend the grace period: it runs from the first failure. */
function graceEnd(row: SubscriptionRow, context: EventContext): Date {
  if (row.status === 'past_due' && row.accessUntil) return row.accessUntil;
  return new Date(context.now.getTime() + context.env.BILLING_GRACE_DAYS * DAY_MS);
}

const KEPT_STATUSES: ReadonlySet<string> = new Set<SubscriptionStatus>(['active', 'trialing', 'past_due', 'canceled', 'incomplete']);

function mapStripeStatus(status: string): SubscriptionStatus {
  if (KEPT_STATUSES.has(status)) return status as SubscriptionStatus;
  switch (status) {
    case 'incomplete_expired':
      return 'canceled';
    default:
      // unpaid, paused: no access until Stripe reports the subscription active again.
      return 'past_due';
  }
}

async function handleSubscriptionUpdated(tx: AccessTransaction, context: EventContext, event: Stripe.Event, subscription: Stripe.Subscription): Promise<Handled> {
  if (await hasDeletionEvent(tx, subscription.id)) return { outcome: 'ignored:subscription_deleted' };
  const row = await findSubscriptionByStripeId(tx, subscription.id);
  if (!row) return { outcome: 'ignored:unknown_subscription' };
  if (row.status === 'canceled') return { outcome: 'ignored:subscription_canceled' };
  if (isStale(row, event)) return { outcome: 'ignored:stale' };
  const plan = planForPriceId(context.env, subscriptionPrice(subscription));
  if (!plan) return { outcome: 'ignored:unknown_price' };
  const status = mapStripeStatus(subscription.status);
  const noGrace = subscription.status === 'unpaid' || subscription.status === 'paused';
  const accessUntil = status === 'past_due' ? (noGrace ? context.now : graceEnd(row, context)) : null;
  await updateSubscription(
    tx,
    row.id,
    { plan, status, accessUntil, currentPeriodEnd: subscriptionPeriodEnd(subscription) ?? row.currentPeriodEnd, lastEventCreated: event.created },
    context.now,
  );
  return { outcome: 'applied' };
}

async function handleSubscriptionDeleted(tx: AccessTransaction, context: EventContext, event: Stripe.Event, stripeSubscriptionId: string): Promise<Handled> {
  const row = await findSubscriptionByStripeId(tx, stripeSubscriptionId);
  // Without a row yet, the stored event itself is the tombstone that hasDeletionEvent() finds.
  if (!row) return { outcome: 'applied:tombstone' };
  await updateSubscription(tx, row.id, { status: 'canceled', accessUntil: context.now, lastEventCreated: Math.max(event.created, row.lastEventCreated ?? 0) }, context.now);
  return { outcome: 'applied' };
}
