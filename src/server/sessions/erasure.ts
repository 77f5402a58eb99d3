import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { memberships, organizations, users } from '../db/schema.ts';
import type { AccessTransaction } from './organization-access.ts';
import { invalidateOrganizationSessionCache, invalidateUserSessionCache } from './session-cache.ts';
import { deleteUserSessions } from './session-store.ts';

/**
 * Erasure and an organisation's pending deletion (ADR 233). Deleting users, memberships and
 * organisations, moving a user's home organisation and marking an organisation for deletion all
 * change what sessions carry, so they live here with the cache invalidation (ADR 143); the privacy
 * feature decides what to erase and passes its own deletions in as `work`, run in the same transaction.
 */

/** Marks an organisation for deletion (members other than owners lose it at once) or clears the mark (restore). */
export async function writeOrganizationDeletion(
  db: Database,
  organizationId: string,
  deletion: { requestedAt: Date; scheduledFor: Date } | null,
): Promise<void> {
  await db
    .update(organizations)
    .set({ deletionRequestedAt: deletion?.requestedAt ?? null, deletionScheduledFor: deletion?.scheduledFor ?? null })
    .where(eq(organizations.id, organizationId));
  await invalidateOrganizationSessionCache(db, organizationId);
}

/**
 * Deletes an account: its sessions end first (every instance forgets them), then `work` and the user
 * row, whose cascade takes its memberships, two-factor data, passkeys and tokens, then the
 * organisations that go with it (ones only this user belonged to).
 */
export async function eraseAccount(
  db: Database,
  userId: string,
  organizationIds: string[],
  work: (tx: AccessTransaction) => Promise<void>,
): Promise<void> {
  await deleteUserSessions(db, userId);
  await db.transaction(async (tx) => {
    await work(tx);
    await tx.delete(users).where(eq(users.id, userId));
    if (organizationIds.length > 0) await tx.delete(organizations).where(inArray(organizations.id, organizationIds));
  });
  await invalidateUserSessionCache(db, userId);
  for (const organizationId of organizationIds) await invalidateOrganizationSessionCache(db, organizationId);
}

/**
 * A new home for each account whose home is the organisation being purged: the oldest other
 * organisation they belong to that is not itself being deleted, else a new empty organisation of
 * their own. Nobody's account is erased because someone else deleted an organisation (ADR 233).
 */
async function rehomeAccounts(tx: AccessTransaction, organizationId: string, now: Date): Promise<string[]> {
  const residents = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.organizationId, organizationId));
  for (const resident of residents) {
    const [elsewhere] = await tx
      .select({ organizationId: memberships.organizationId })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(
        and(eq(memberships.userId, resident.id), ne(memberships.organizationId, organizationId), isNull(organizations.deletionRequestedAt)),
      )
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    let home = elsewhere?.organizationId;
    if (!home) {
      const name = `${resident.firstName} ${resident.lastName}`.trim() || 'My organisation';
      const [created] = await tx.insert(organizations).values({ name, createdAt: now }).returning({ id: organizations.id });
      if (!created) throw new Error('organization insert returned no row');
      await tx.insert(memberships).values({ userId: resident.id, organizationId: created.id, role: 'owner', createdAt: now });
      home = created.id;
    }
    await tx.update(users).set({ organizationId: home, updatedAt: now }).where(eq(users.id, resident.id));
  }
  return residents.map((resident) => resident.id);
}

/**
 * Purges an organisation once its grace period is over: `work` first (the feature's own erasure),
 * then its residents move home and the organisation row goes, cascading to its assessments,
 * memberships, invitations, webhooks, tokens, single sign-on and settings.
 */
export async function purgeOrganization(
  db: Database,
  organizationId: string,
  now: Date,
  work: (tx: AccessTransaction) => Promise<void>,
): Promise<void> {
  const moved = await db.transaction(async (tx) => {
    await work(tx);
    const residents = await rehomeAccounts(tx, organizationId, now);
    await tx.delete(organizations).where(eq(organizations.id, organizationId));
    return residents;
  });
  await invalidateOrganizationSessionCache(db, organizationId);
  for (const userId of moved) await invalidateUserSessionCache(db, userId);
}
