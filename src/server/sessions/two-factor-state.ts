import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { backupCodes, userMfa } from '../db/schema.ts';
import { invalidateUserSessionCache } from './session-cache.ts';

/*
 * Every write to what a session carries of two-factor authentication: whether TOTP is on and how
 * many backup codes are left (session-store.ts reads both with the session). Each one clears the
 * user's cached sessions on every instance once written (ADR 143, ADR 173); the MFA feature calls
 * these and keeps the rest (pending set-ups, used steps, failure counters) in its own store.
 */

/**
 * Turns the pending secret into the active one, only if it is still the same pending secret and
 * no TOTP is active (one conditional UPDATE, so two parallel confirmations enable it once). The
 * step of the confirming code is recorded as used.
 */
export async function activateTotp(db: Database, userId: string, pendingSecretEnc: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userMfa)
    .set({
      totpSecretEnc: pendingSecretEnc,
      totpEnabledAt: now,
      pendingSecretEnc: null,
      pendingCreatedAt: null,
      lastUsedStep: step,
      failedCount: 0,
      consecutiveFailures: 0,
      lockedUntil: null,
      hardLocked: false,
      updatedAt: now,
    })
    .where(and(eq(userMfa.userId, userId), isNull(userMfa.totpEnabledAt), eq(userMfa.pendingSecretEnc, pendingSecretEnc)))
    .returning({ userId: userMfa.userId });
  if (rows.length === 1) await invalidateUserSessionCache(db, userId);
  return rows.length === 1;
}

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
      .set({
        totpSecretEnc: null,
        totpEnabledAt: null,
        pendingSecretEnc: null,
        pendingCreatedAt: null,
        lastUsedStep: null,
        ...locks,
        updatedAt: now,
      })
      .where(eq(userMfa.userId, userId));
    await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
  });
  await invalidateUserSessionCache(db, userId);
}

/** Single use: the code is spent by whichever request updates it first (BC-03). */
export async function consumeBackupCode(db: Database, codeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(backupCodes)
    .set({ usedAt: now })
    .where(and(eq(backupCodes.id, codeId), isNull(backupCodes.usedAt)))
    .returning({ id: backupCodes.id, userId: backupCodes.userId });
  if (rows[0]) await invalidateUserSessionCache(db, rows[0].userId);
  return rows.length === 1;
}

/** All old codes go and the new ones arrive in one transaction (BC-04). */
export async function replaceBackupCodes(db: Database, userId: string, codeHashes: string[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
    await tx.insert(backupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
  });
  await invalidateUserSessionCache(db, userId);
}
