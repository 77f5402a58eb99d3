import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { backupCodes, userMfa } from '../../db/schema.ts';
import { invalidateUserSessionCache } from '../../sessions/session-cache.ts';
import { clearTotpEnrolment } from '../../lib/totp-enrolment.ts';

/** A set-up that was not confirmed within 15 minutes is dropped (TOTP-02). */
export const PENDING_SETUP_LIFETIME_MS = 15 * 60_000;

export type UserMfaRow = typeof userMfa.$inferSelect;

export async function findUserMfa(db: Database, userId: string): Promise<UserMfaRow | null> {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId)).limit(1);
  return row ?? null;
}

/** Stores (or replaces) the pending secret of a set-up in progress; the active secret is untouched. */
export async function savePendingSecret(db: Database, userId: string, pendingSecretEnc: string, now: Date): Promise<void> {
  await db
    .insert(userMfa)
    .values({ userId, pendingSecretEnc, pendingCreatedAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: userMfa.userId, set: { pendingSecretEnc, pendingCreatedAt: now, updatedAt: now } });
}

/**
 * Turns the pending secret into the active one, only if it is still the same pending secret and
 * no TOTP is active (one conditional UPDATE, so two parallel confirmations enable it once). The
 * step of the confirming code is recorded as used.
 */
export async function activatePendingSecret(db: Database, userId: string, pendingSecretEnc: string, step: number, now: Date): Promise<boolean> {
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
  // Sessions carry totpEnabled: every instance re-reads them (ADR 173).
  if (rows.length === 1) await invalidateUserSessionCache(db, userId);
  return rows.length === 1;
}

/**
 * Claims a TOTP step for a user: succeeds only if no step at or after it was accepted before
 * (TOTP-04). One conditional UPDATE, so parallel submissions of one code claim it once.
 */
export async function claimTotpStep(db: Database, userId: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userMfa)
    .set({ lastUsedStep: step, updatedAt: now })
    .where(and(eq(userMfa.userId, userId), or(isNull(userMfa.lastUsedStep), lt(userMfa.lastUsedStep, step))))
    .returning({ userId: userMfa.userId });
  return rows.length === 1;
}

/** Back to "not enrolled": secret, pending set-up and backup codes gone (security.md decision 6). */
export async function disableTotp(db: Database, userId: string, now: Date): Promise<void> {
  await clearTotpEnrolment(db, userId, now, { clearFailureLocks: false });
  await invalidateUserSessionCache(db, userId);
}

export async function listUnusedBackupCodes(db: Database, userId: string) {
  return db
    .select({ id: backupCodes.id, codeHash: backupCodes.codeHash })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
}

export async function countUnusedBackupCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
  return Number(row?.value ?? 0);
}

/** Single use: the code is spent by whichever request updates it first (BC-03). */
export async function consumeBackupCode(db: Database, codeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(backupCodes)
    .set({ usedAt: now })
    .where(and(eq(backupCodes.id, codeId), isNull(backupCodes.usedAt)))
    .returning({ id: backupCodes.id, userId: backupCodes.userId });
  // The cached MFA status counts the unused codes (ADR 173).
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

/** Keeps the pending secret only while it is fresh. */
export function isPendingFresh(row: Pick<UserMfaRow, 'pendingSecretEnc' | 'pendingCreatedAt'> | null, now: Date): boolean {
  return Boolean(row?.pendingSecretEnc && row.pendingCreatedAt && now.getTime() - row.pendingCreatedAt.getTime() < PENDING_SETUP_LIFETIME_MS);
}

export const incrementSql = (column: typeof userMfa.failedCount | typeof userMfa.consecutiveFailures) => sql`${column} + 1`;
