import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';

/** Password reset tokens (AUTH-06/07): only their SHA-256 is stored; one open token per account. */

function stillValid(tokenHash: string, now: Date) {
  return and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));
}

/** The account of a token not yet used nor expired, or null. */
export async function findValidResetToken(db: Database, tokenHash: string, now: Date): Promise<{ userId: string; email: string } | null> {
  const [found] = await db
    .select({ userId: passwordResetTokens.userId, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(stillValid(tokenHash, now))
    .limit(1);
  return found ?? null;
}

/** Spends the token with one conditional update, so it works once even under concurrency; false when it no longer could. */
export async function claimResetToken(db: Database, tokenHash: string, now: Date): Promise<boolean> {
  const claimed = await db.update(passwordResetTokens).set({ usedAt: now }).where(stillValid(tokenHash, now)).returning({ userId: passwordResetTokens.userId });
  return claimed.length === 1;
}

/** Removes the account's other tokens once one was used. */
export async function deleteOtherResetTokens(db: Database, userId: string, keptTokenHash: string): Promise<void> {
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, userId), ne(passwordResetTokens.tokenHash, keptTokenHash)));
}

/** Stores a new token valid until `expiresAt`; the account's unused older tokens stop working. */
export async function replaceResetToken(db: Database, userId: string, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values({ tokenHash, userId, expiresAt, createdAt: now });
}
