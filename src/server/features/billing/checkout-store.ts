import { eq } from 'drizzle-orm';
import type { PlanId } from '@/contracts/billing.ts';
import { checkoutSessions } from '../../db/schema.ts';
import type { Db } from './subscription-store.ts';

/** Checkout sessions as billing records them: what was bought, by whom, and what the signed webhook made of it. */

export type CheckoutRow = typeof checkoutSessions.$inferSelect;

export async function findCheckoutRow(db: Db, id: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return row ?? null;
}

export async function insertCheckout(
  db: Db,
  checkout: { id: string; organizationId: string | null; plan: PlanId; email: string; company: string | null; isTest: boolean },
  now: Date,
): Promise<void> {
  await db.insert(checkoutSessions).values({ ...checkout, createdAt: now });
}

export async function markCheckoutComplete(db: Db, id: string, subscriptionId: string): Promise<void> {
  await db.update(checkoutSessions).set({ status: 'complete', subscriptionId }).where(eq(checkoutSessions.id, id));
}
