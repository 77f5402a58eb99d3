import { randomUUID } from 'node:crypto';
import type { AdminOrganizationSubscription, PlanId } from '@/contracts/billing.ts';
import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { changeSubscriptionByHand, readOrganizationForAdmin } from './admin-subscriptions.ts';

const ACTION_AUDITED = { activate: 'activated', extend: 'extended', cancel: 'canceled' } as const;

/**
 * POST /api/admin/billing/organizations/:id/subscription (invoice mode, ADR 136): the change,
 * the organisation's cached sessions refreshed, and an audit record with before and after.
 */
export async function changeOrganizationSubscription(options: {
  db: Database;
  organizationId: string;
  change: { action: 'activate' | 'extend' | 'cancel'; plan: PlanId; months: number; note: string };
  now: Date;
  audit: Audit;
  events?: Pick<DomainEvents, 'emit'>;
}): Promise<AdminOrganizationSubscription> {
  const { db, organizationId, change, now, audit } = options;
  const { before, after } = await changeSubscriptionByHand(db, organizationId, change, now);
  options.events?.emit('subscription.changed', { organizationId, changedAt: now.toISOString(), changeId: randomUUID() });
  await audit({
    action: `billing.subscription_${ACTION_AUDITED[change.action]}`,
    details: {
      organizationId,
      plan: change.plan,
      months: change.action === 'cancel' ? null : change.months,
      note: change.note,
      statusBefore: before?.status ?? 'none',
      accessUntilBefore: before?.accessUntil?.toISOString() ?? null,
      accessUntilAfter: after.accessUntil?.toISOString() ?? null,
    },
  });
  return readOrganizationForAdmin(db, organizationId, now);
}
