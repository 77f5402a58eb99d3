import { and, desc, eq, or } from 'drizzle-orm';
import { billingEvents } from '../../db/schema.ts';
import type { Db } from './subscription-store.ts';

/** Stripe events as received: the id makes a replay harmless, the outcome says what was done with it. */

export type BillingEventRow = typeof billingEvents.$inferSelect;

/** Stores a new event as pending; false when its id was stored before (a replay). */
export async function recordNewEvent(
  db: Db,
  event: { id: string; type: string; created: number; checkoutSessionId: string | null; stripeSubscriptionId: string | null },
  now: Date,
): Promise<boolean> {
  const [inserted] = await db
    .insert(billingEvents)
    .values({ ...event, outcome: 'pending', receivedAt: now })
    .onConflictDoNothing({ target: billingEvents.id })
    .returning({ id: billingEvents.id });
  return Boolean(inserted);
}

export async function setEventOutcome(db: Db, id: string, outcome: string): Promise<void> {
  await db.update(billingEvents).set({ outcome }).where(eq(billingEvents.id, id));
}

/** Whether Stripe reported this subscription deleted. Stripe never brings one back: once deleted, later (or late) events leave it canceled. */
export async function hasDeletionEvent(db: Db, stripeSubscriptionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(and(eq(billingEvents.type, 'customer.subscription.deleted'), eq(billingEvents.stripeSubscriptionId, stripeSubscriptionId)))
    .limit(1);
  return Boolean(row);
}

/** The latest 50 events of a checkout or of its subscription, newest first. */
export async function listCheckoutEvents(db: Db, checkoutSessionId: string, stripeSubscriptionId: string | null): Promise<BillingEventRow[]> {
  const related = stripeSubscriptionId
    ? or(eq(billingEvents.checkoutSessionId, checkoutSessionId), eq(billingEvents.stripeSubscriptionId, stripeSubscriptionId))
    : eq(billingEvents.checkoutSessionId, checkoutSessionId);
  return db.select().from(billingEvents).where(related).orderBy(desc(billingEvents.seq)).limit(50);
}
