import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { backupCodes, userMfa } from '../../db/schema.ts';

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

/** Keeps the pending secret only while it is fresh. */
export function isPendingFresh(row: Pick<UserMfaRow, 'pendingSecretEnc' | 'pendingCreatedAt'> | null, now: Date): boolean {
  return Boolean(row?.pendingSecretEnc && row.pendingCreatedAt && now.getTime() - row.pendingCreatedAt.getTime() < PENDING_SETUP_LIFETIME_MS);
}

export const incrementSql = (column: typeof userMfa.failedCount | typeof userMfa.consecutiveFailures) => sql`${column} + 1`;
