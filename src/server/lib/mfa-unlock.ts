import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { userMfa } from '../db/schema.ts';

/**
 * Lifts every two-factor lock (the e-mailed link in features/mfa, or an administrator in
 * features/admin): shared here because features never import each other.
 */
export async function unlockMfa(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(userMfa)
    .set({ hardLocked: false, lockedUntil: null, failedCount: 0, consecutiveFailures: 0, updatedAt: now })
    .where(eq(userMfa.userId, userId));
}
