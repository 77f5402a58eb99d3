import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

/** The self-check answers whether a code matches, so it has its own budget: 10 checks a minute per user. */
export const SELF_CHECK_LIMIT = 10;
export const SELF_CHECK_WINDOW_MS = 60_000;

/** Fixed window counter in the shared rate_limits table (one atomic upsert, correct across instances). */
export async function consumeSelfCheckAllowance(db: Database, userId: string, now: Date): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const resetAt = new Date(now.getTime() + SELF_CHECK_WINDOW_MS);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `mfa-self-check:${userId}`, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: row.count <= SELF_CHECK_LIMIT, retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)) };
}
