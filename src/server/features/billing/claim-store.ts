import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { subscriptionClaims } from '../../db/schema.ts';
import type { Db } from './subscription-store.ts';

/** Claim links (ADR 133): only the SHA-256 of a token is stored. */

export async function insertClaim(db: Db, claim: { tokenHash: string; subscriptionId: string; email: string; expiresAt: Date }, now: Date): Promise<void> {
  await db.insert(subscriptionClaims).values({ ...claim, createdAt: now });
}

function usable(tokenHash: string, now: Date) {
  return and(eq(subscriptionClaims.tokenHash, tokenHash), isNull(subscriptionClaims.usedAt), gt(subscriptionClaims.expiresAt, now));
}

/**
 * Spends a usable claim sent to `email` (compared lower-cased) with one conditional update, so of
 * two parallel claims one wins; returns its subscription, or null when nothing was spent.
 */
export async function spendClaim(db: Db, tokenHash: string, claimant: { userId: string; email: string }, now: Date): Promise<{ subscriptionId: string } | null> {
  const [claim] = await db
    .update(subscriptionClaims)
    .set({ usedAt: now, usedByUserId: claimant.userId })
    .where(and(usable(tokenHash, now), sql`lower(${subscriptionClaims.email}) = ${claimant.email.toLowerCase()}`))
    .returning({ subscriptionId: subscriptionClaims.subscriptionId });
  return claim ?? null;
}

/** Whether the token names a claim still usable by someone. */
export async function isClaimUsable(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db.select({ tokenHash: subscriptionClaims.tokenHash }).from(subscriptionClaims).where(usable(tokenHash, now)).limit(1);
  return Boolean(row);
}
