import { and, eq, inArray, ne } from 'drizzle-orm';
import { type OrganizationSubscription, type PlanId, type SubscriptionStatus } from '@/contracts/billing.ts';
import type { Database } from '../../db/client.ts';
import { subscriptions } from '../../db/schema.ts';
import { writeOrganizationAccess, type AccessTransaction } from '../../sessions/organization-access.ts';
import { hasSubscriptionAccess } from './entitlement.ts';

/** A Drizzle handle or a transaction on it. */
export type Db = Database | AccessTransaction;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function findSubscriptionByStripeId(db: Db, stripeSubscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId)).limit(1);
  return row ?? null;
}

export async function findSubscriptionById(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row ?? null;
}

export async function findOrganizationSubscription(db: Db, organizationId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId)).limit(1);
  return row ?? null;
}

/** The subscriptions attached to these organisations. */
export async function listOrganizationSubscriptions(db: Db, organizationIds: string[]): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(inArray(subscriptions.organizationId, organizationIds));
}

export type NewSubscription = typeof subscriptions.$inferInsert;

/** A new subscription row, returned; inside changeOrganizationAccess, updateSubscription then copies it onto its organisation. */
export async function createSubscription(db: AccessTransaction, values: NewSubscription): Promise<SubscriptionRow> {
  const [created] = await db.insert(subscriptions).values(values).returning();
  if (!created) throw new Error('subscription insert returned no row');
  return created;
}

/** A subscription Stripe billed before its checkout completion arrived: stored, attached to no organisation yet. */
export async function insertDetachedSubscription(db: AccessTransaction, values: NewSubscription): Promise<void> {
  await db.insert(subscriptions).values(values);
}

/**
 * Copies a subscription's state onto its organisation, where the session check reads it in the
 * same query as the session (ADR 132); sessions write it and refresh the organisation's sessions.
 */
export async function syncOrganization(tx: AccessTransaction, subscription: SubscriptionRow): Promise<void> {
  if (!subscription.organizationId) return;
  await writeOrganizationAccess(tx, subscription.organizationId, { status: subscription.status, accessUntil: subscription.status === 'canceled' ? null : subscription.accessUntil });
}

/** Changes a subscription inside changeOrganizationAccess (sessions/organization-access.ts), its organisation following. */
export async function updateSubscription(db: AccessTransaction, id: string, changes: Partial<typeof subscriptions.$inferInsert>, now: Date): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...changes, updatedAt: now })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error('subscription update returned no row');
  await syncOrganization(db, row);
  return row;
}

/**
 * Gives an organisation this subscription. An older subscription row of the same organisation
 * (canceled, or an invoice-mode period) is detached and kept for the record.
 */
export async function attachToOrganization(db: AccessTransaction, subscriptionId: string, organizationId: string, now: Date): Promise<SubscriptionRow> {
  await db
    .update(subscriptions)
    .set({ organizationId: null, updatedAt: now })
    .where(and(eq(subscriptions.organizationId, organizationId), ne(subscriptions.id, subscriptionId)));
  return updateSubscription(db, subscriptionId, { organizationId }, now);
}

export function toOrganizationSubscription(row: SubscriptionRow | null, now: Date): OrganizationSubscription {
  if (!row) return { status: 'none', plan: null, source: null, currentPeriodEnd: null, accessUntil: null, hasAccess: false, canManageBilling: false };
  return {
    status: row.status as SubscriptionStatus,
    plan: row.plan as PlanId,
    source: row.source === 'invoice' ? 'invoice' : 'stripe',
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    accessUntil: row.accessUntil?.toISOString() ?? null,
    hasAccess: hasSubscriptionAccess(row.status, row.accessUntil, now),
    canManageBilling: row.source === 'stripe' && Boolean(row.stripeCustomerId),
  };
}
