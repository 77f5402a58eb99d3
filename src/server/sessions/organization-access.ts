import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { organizations } from '../db/schema.ts';
import { invalidateOrganizationSessionCache } from './session-cache.ts';

/** A transaction opened by `changeOrganizationAccess`. */
export type AccessTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The organisations each open access transaction has written, cleared from every session cache after its commit. */
const written = new WeakMap<AccessTransaction, Set<string>>();

/**
 * Runs `work` in one transaction in which an organisation's access (its subscription status and
 * end, which every session of it carries) may be written with `writeOrganizationAccess`. Once the
 * transaction has committed, every instance drops the cached sessions of each organisation written
 * (ADR 143, ADR 173); a rolled-back transaction changed nothing, so nothing is dropped.
 */
export async function changeOrganizationAccess<T>(db: Database, work: (tx: AccessTransaction) => Promise<T>): Promise<T> {
  const organizationIds = new Set<string>();
  const result = await db.transaction(async (tx) => {
    written.set(tx, organizationIds);
    return work(tx);
  });
  for (const organizationId of organizationIds) await invalidateOrganizationSessionCache(db, organizationId);
  return result;
}

/**
 * The only writer of `organizations.subscription_status` and `subscription_access_until`. It refuses
 * a transaction that `changeOrganizationAccess` did not open, so no write can skip the cache.
 */
export async function writeOrganizationAccess(
  tx: AccessTransaction,
  organizationId: string,
  access: { status: string; accessUntil: Date | null },
): Promise<void> {
  const organizationIds = written.get(tx);
  if (!organizationIds) throw new Error('organisation access is written only inside changeOrganizationAccess');
  await tx
    .update(organizations)
    .set({ subscriptionStatus: access.status, subscriptionAccessUntil: access.accessUntil })
    .where(eq(organizations.id, organizationId));
  organizationIds.add(organizationId);
}
