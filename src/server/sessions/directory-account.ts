import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { invalidateUserSessionCache } from './session-cache.ts';

/**
 * The account fields an organisation's directory keeps up to date through SCIM (ADR 296): the
 * address (the directory's userName) and the names. Sessions and tokens carry them (ADR 143), so
 * the write clears every instance's cache for the person.
 */
export async function updateDirectoryAccount(
  db: Database,
  userId: string,
  changes: { email?: string; firstName?: string; lastName?: string },
  now: Date,
): Promise<void> {
  if (changes.email === undefined && changes.firstName === undefined && changes.lastName === undefined) return;
  await db
    .update(users)
    .set({
      ...(changes.email === undefined ? {} : { email: changes.email }),
      ...(changes.firstName === undefined ? {} : { firstName: changes.firstName }),
      ...(changes.lastName === undefined ? {} : { lastName: changes.lastName }),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await invalidateUserSessionCache(db, userId);
}
