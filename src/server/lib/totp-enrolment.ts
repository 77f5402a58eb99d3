import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { backupCodes, userMfa } from '../db/schema.ts';

/**
 * Back to "not enrolled": the TOTP secret, a pending set-up and every backup code gone, in one
 * transaction (security.md decision 6). The user's own "Disable TOTP" keeps the failure counters
 * (a lock-out cannot be escaped by disabling); an administrator's reset also lifts them.
 */
export async function clearTotpEnrolment(db: Database, userId: string, now: Date, options: { clearFailureLocks: boolean }): Promise<void> {
  const locks = options.clearFailureLocks ? { failedCount: 0, consecutiveFailures: 0, lockedUntil: null, hardLocked: false } : {};
  await db.transaction(async (tx) => {
    await tx
      .update(userMfa)
      .set({ totpSecretEnc: null, totpEnabledAt: null, pendingSecretEnc: null, pendingCreatedAt: null, lastUsedStep: null, ...locks, updatedAt: now })
      .where(eq(userMfa.userId, userId));
    await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
  });
}
