import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ssoLoginAttempts } from '../../db/schema.ts';
import { hashToken } from '../../sessions/session-store.ts';

/** A sign-in in flight lives this long: enough to sign in at the provider, short enough to be worthless later. */
export const SSO_ATTEMPT_LIFETIME_MS = 10 * 60_000;

export type AttemptRow = typeof ssoLoginAttempts.$inferSelect;

/** Stores the attempt under the SHA-256 of its state, so the database never holds a usable state value. */
export async function insertAttempt(db: Database, attempt: { state: string; connectionId: string; email: string; codeVerifier: string; nonce: string }, now: Date): Promise<void> {
  // Old attempts nobody came back for go first, so the table stays small.
  await db.delete(ssoLoginAttempts).where(lt(ssoLoginAttempts.expiresAt, now));
  await db.insert(ssoLoginAttempts).values({
    id: hashToken(attempt.state),
    connectionId: attempt.connectionId,
    email: attempt.email,
    codeVerifier: attempt.codeVerifier,
    nonce: attempt.nonce,
    expiresAt: new Date(now.getTime() + SSO_ATTEMPT_LIFETIME_MS),
    createdAt: now,
  });
}

/** Takes the attempt of a state once (delete ... returning): a replayed or expired state finds nothing. */
export async function claimAttempt(db: Database, state: string, now: Date): Promise<AttemptRow | null> {
  const [row] = await db.delete(ssoLoginAttempts).where(eq(ssoLoginAttempts.id, hashToken(state))).returning();
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}
