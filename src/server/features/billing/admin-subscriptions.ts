import { eq, ilike, inArray, or } from 'drizzle-orm';
import type { AdminOrganizationSubscription, PlanId } from '@/contracts/billing.ts';
import type { Database } from '../../db/client.ts';
import { organizations, subscriptions, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { findOrganizationSubscription, toOrganizationSubscription, updateSubscription, type SubscriptionRow } from './subscription-store.ts';
import { changeOrganizationAccess } from '../../sessions/organization-access.ts';

const MONTH_MS = 30 * 86_400_000;

function addMonths(from: Date, months: number): Date {
  const next = new Date(from.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  // 31 Jan + 1 month rolls into March in JS; any month still ends within a month-ish of the start.
  return next.getTime() - from.getTime() > (months + 1) * MONTH_MS ? new Date(from.getTime() + months * MONTH_MS) : next;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** Organisations matching a name or a member's e-mail, with their subscription (admin, at most 20). */
export async function searchOrganizations(db: Database, query: string, now: Date): Promise<AdminOrganizationSubscription[]> {
  const pattern = `%${escapeLike(query)}%`;
  const matches = await db
    .selectDistinct({ id: organizations.id, name: organizations.name, createdAt: organizations.createdAt })
    .from(organizations)
    .leftJoin(users, eq(users.organizationId, organizations.id))
    .where(query ? or(ilike(organizations.name, pattern), ilike(users.email, pattern)) : undefined)
    .orderBy(organizations.createdAt)
    .limit(20);
  if (matches.length === 0) return [];
  const ids = matches.map((row) => row.id);
  const members = await db.select({ organizationId: users.organizationId, email: users.email }).from(users).where(inArray(users.organizationId, ids));
  const subs = await db.select().from(subscriptions).where(inArray(subscriptions.organizationId, ids));
  return matches.map((organization) => ({
    organizationId: organization.id,
    organizationName: organization.name,
    memberEmails: members.filter((member) => member.organizationId === organization.id).map((member) => member.email).slice(0, 5),
    subscription: toOrganizationSubscription(subs.find((sub) => sub.organizationId === organization.id) ?? null, now),
  }));
}

export async function readOrganizationForAdmin(db: Database, organizationId: string, now: Date): Promise<AdminOrganizationSubscription> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!organization) throw new AppError('not_found', 'Organisation not found');
  const members = await db.select({ email: users.email }).from(users).where(eq(users.organizationId, organizationId)).limit(5);
  return {
    organizationId,
    organizationName: organization.name,
    memberEmails: members.map((member) => member.email),
    subscription: toOrganizationSubscription(await findOrganizationSubscription(db, organizationId), now),
  };
}

/**
 * Invoice mode (ADR 136): an administrator activates, extends or cancels an organisation's
 * subscription by hand. Access runs to the end of the paid period. A subscription Stripe bills
 * is left to Stripe.
 */
export async function changeSubscriptionByHand(
  db: Database,
  organizationId: string,
  change: { action: 'activate' | 'extend' | 'cancel'; plan: PlanId; months: number },
  now: Date,
): Promise<{ before: SubscriptionRow | null; after: SubscriptionRow }> {
  return changeOrganizationAccess(db, async (tx) => {
    const [organization] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
    if (!organization) throw new AppError('not_found', 'Organisation not found');
    const before = await findOrganizationSubscription(tx, organizationId);
    if (before?.source === 'stripe' && before.status !== 'canceled') {
      throw new AppError('conflict', 'This organisation pays through Stripe; change its subscription in Stripe.');
    }
    if (change.action === 'cancel') {
      if (!before) throw new AppError('conflict', 'This organisation has no subscription to cancel.');
      return { before, after: await updateSubscription(tx, before.id, { status: 'canceled', accessUntil: now }, now) };
    }
    if (change.action === 'extend' && (!before || before.status === 'canceled')) {
      throw new AppError('conflict', 'There is no subscription to extend; activate one instead.');
    }
    const stillRunning = before?.accessUntil && before.accessUntil.getTime() > now.getTime() && before.status !== 'canceled';
    const from = change.action === 'extend' && stillRunning && before?.accessUntil ? before.accessUntil : now;
    const until = addMonths(from, change.months);
    const values = { plan: change.plan, status: 'active', source: 'invoice', currentPeriodEnd: until, accessUntil: until, stripeCustomerId: null, stripeSubscriptionId: null };
    if (before) return { before, after: await updateSubscription(tx, before.id, values, now) };
    const [created] = await tx.insert(subscriptions).values({ ...values, organizationId, createdAt: now, updatedAt: now }).returning();
    if (!created) throw new Error('subscription insert returned no row');
    return { before: null, after: await updateSubscription(tx, created.id, {}, now) };
  });
}
