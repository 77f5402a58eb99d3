import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userMfa } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { incrementSql } from './mfa-store.ts';

/**
 * One failure counter per account, shared by TOTP and backup codes (TOTP-06, BC-05, threat T1):
 * 5 failures lock verification for 15 minutes, 20 consecutive failures lock it until an e-mailed
 * link or an administrator unlocks it.
 */
export const MFA_MAX_FAILURES_PER_WINDOW = 5;
export const MFA_LOCK_DURATION_MS = 15 * 60_000;
export const MFA_HARD_LOCK_FAILURES = 20;

export type AttemptOutcome =
  | { kind: 'reserved'; failedCount: number; consecutiveFailures: number }
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'hard_locked' };

/**
 * Takes one attempt from the budget BEFORE the code is checked, with one conditional UPDATE: a
 * burst of parallel guesses cannot exceed 5 per window. The attempt counts as a failure unless
 * `recordSuccess` runs afterwards.
 */
export async function reserveAttempt(db: Database, userId: string, now: Date): Promise<AttemptOutcome> {
  const rows = await db
    .update(userMfa)
    .set({ failedCount: incrementSql(userMfa.failedCount), consecutiveFailures: incrementSql(userMfa.consecutiveFailures), updatedAt: now })
    .where(
      and(
        eq(userMfa.userId, userId),
        eq(userMfa.hardLocked, false),
        or(isNull(userMfa.lockedUntil), lte(userMfa.lockedUntil, now)),
        lt(userMfa.failedCount, MFA_MAX_FAILURES_PER_WINDOW),
        lt(userMfa.consecutiveFailures, MFA_HARD_LOCK_FAILURES),
      ),
    )
    .returning({ failedCount: userMfa.failedCount, consecutiveFailures: userMfa.consecutiveFailures });
  const reserved = rows[0];
  if (reserved) return { kind: 'reserved', ...reserved };
  const [row] = await db
    .select({ hardLocked: userMfa.hardLocked, lockedUntil: userMfa.lockedUntil })
    .from(userMfa)
    .where(eq(userMfa.userId, userId))
    .limit(1);
  if (!row || row.hardLocked) return { kind: 'hard_locked' };
  const until = row.lockedUntil && row.lockedUntil > now ? row.lockedUntil.getTime() : now.getTime() + MFA_LOCK_DURATION_MS;
  return { kind: 'locked', retryAfterSeconds: Math.ceil((until - now.getTime()) / 1000) };
}

/** A right code: the counters start again. */
export async function recordSuccess(db: Database, userId: string, now: Date): Promise<void> {
  await db.update(userMfa).set({ failedCount: 0, consecutiveFailures: 0, lockedUntil: null, updatedAt: now }).where(eq(userMfa.userId, userId));
}

/**
 * A wrong code whose attempt was reserved: decides whether it starts a 15-minute lock or the hard
 * lock. Returns which lock (if any) this failure started, so the caller sends one notice.
 */
export async function recordFailure(db: Database, userId: string, attempt: { failedCount: number; consecutiveFailures: number }, now: Date): Promise<'none' | 'locked' | 'hard_locked'> {
  if (attempt.consecutiveFailures >= MFA_HARD_LOCK_FAILURES) {
    // lockedUntil holds the moment of the hard lock: the e-mailed unlock link is bound to it.
    const rows = await db
      .update(userMfa)
      .set({ hardLocked: true, lockedUntil: now, failedCount: 0, updatedAt: now })
      .where(and(eq(userMfa.userId, userId), eq(userMfa.hardLocked, false)))
      .returning({ userId: userMfa.userId });
    return rows.length === 1 ? 'hard_locked' : 'none';
  }
  if (attempt.failedCount >= MFA_MAX_FAILURES_PER_WINDOW) {
    await db
      .update(userMfa)
      .set({ lockedUntil: new Date(now.getTime() + MFA_LOCK_DURATION_MS), failedCount: 0, updatedAt: now })
      .where(eq(userMfa.userId, userId));
    return 'locked';
  }
  return 'none';
}

export function lockedError(outcome: Exclude<AttemptOutcome, { kind: 'reserved' }>): AppError {
  if (outcome.kind === 'hard_locked') {
    return new AppError(
      'rate_limited',
      'Two-factor verification is locked after too many failed attempts. Use the unlock link we e-mailed you, or contact support.',
    );
  }
  const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
  return new AppError('rate_limited', `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    retryAfterSeconds: outcome.retryAfterSeconds,
  });
}
