import type { AdminOrganizationSubscription, PlanId } from '@/contracts/billing.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findOrganizationRow, listHomeMemberEmails, listSomeHomeMemberEmails, organizationExists, searchOrganizationsByNameOrMember } from './organization-store.ts';
import {
  createSubscription,
  findOrganizationSubscription,
  listOrganizationSubscriptions,
  toOrganizationSubscription,
  updateSubscription,
  type SubscriptionRow,
} from './subscription-store.ts';
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
  const matches = await searchOrganizationsByNameOrMember(db, query ? pattern : null);
  if (matches.length === 0) return [];
  const ids = matches.map((row) => row.id);
  const members = await listHomeMemberEmails(db, ids);
  const subs = await listOrganizationSubscriptions(db, ids);
  return matches.map((organization) => ({
    organizationId: organization.id,
    organizationName: organization.name,
    memberEmails: members.filter((member) => member.organizationId === organization.id).map((member) => member.email).slice(0, 5),
    subscription: toOrganizationSubscription(subs.find((sub) => sub.organizationId === organization.id) ?? null, now),
  }));
}

export async function readOrganizationForAdmin(db: Database, organizationId: string, now: Date): Promise<AdminOrganizationSubscription> {
  const organization = await findOrganizationRow(db, organizationId);
  if (!organization) throw new AppError('not_found', 'Organisation not found');
  const memberEmails = await listSomeHomeMemberEmails(db, organizationId, 5);
  return {
    organizationId,
    organizationName: organization.name,
    memberEmails,
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
    if (!(await organizationExists(tx, organizationId))) throw new AppError('not_found', 'Organisation not found');
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
    const created = await createSubscription(tx, { ...values, organizationId, createdAt: now, updatedAt: now });
    return { before: null, after: await updateSubscription(tx, created.id, {}, now) };
  });
}
