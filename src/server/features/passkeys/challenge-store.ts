import { and, eq, isNull, lt, type SQL } from 'drizzle-orm';
import { WEBAUTHN_CHALLENGE_LIFETIME_MS, PASSKEY_MESSAGES } from '@/contracts/passkeys.ts';
import type { Database } from '../../db/client.ts';
import { webauthnChallenges } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/**
 * The challenges handed to browsers (ADR 226). Each is single use: the answer claims it with one
 * DELETE ... RETURNING before anything is verified, so a replayed response, or two racing, find
 * nothing. A challenge is bound to its purpose and, once signed in, to the session that asked.
 */
export type ChallengePurpose = 'register' | 'verify' | 'sign_in';

export interface ChallengeOwner {
  userId: string;
  sessionId: string;
}

/** Stores a new challenge (and sweeps the expired ones, so the table stays small without a job). */
export async function storeChallenge(db: Database, challenge: string, purpose: ChallengePurpose, owner: ChallengeOwner | null, now: Date): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId: owner?.userId ?? null,
    sessionId: owner?.sessionId ?? null,
    expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_LIFETIME_MS),
    createdAt: now,
  });
}

/**
 * Takes the challenge a response answers, whatever the response turns out to be: unknown, used,
 * of another purpose or session, or expired all answer the same 400.
 */
export async function claimChallenge(db: Database, challenge: string, purpose: ChallengePurpose, owner: ChallengeOwner | null, now: Date): Promise<string> {
  const ownerMatches: SQL[] = owner
    ? [eq(webauthnChallenges.userId, owner.userId), eq(webauthnChallenges.sessionId, owner.sessionId)]
    : [isNull(webauthnChallenges.userId), isNull(webauthnChallenges.sessionId)];
  const [claimed] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose), ...ownerMatches))
    .returning({ challenge: webauthnChallenges.challenge, expiresAt: webauthnChallenges.expiresAt });
  if (!claimed || claimed.expiresAt.getTime() <= now.getTime()) throw new AppError('bad_request', PASSKEY_MESSAGES.challengeExpired);
  return claimed.challenge;
}

/** Every challenge issued is base64url; anything else cannot match a row and never reaches the database. */
const BASE64URL_CHALLENGE = /^[A-Za-z0-9_-]{16,512}$/;

/**
 * The challenge a browser response answers, read from its clientDataJSON (base64url JSON), so the
 * server needs no state of its own between options and answer. Anything unreadable is refused
 * with `failure` before the database is asked.
 */
export function challengeOfResponse(response: { response: Record<string, unknown> }, failure: string): string {
  const encoded = response.response.clientDataJSON;
  if (typeof encoded !== 'string') throw new AppError('bad_request', failure);
  try {
    const clientData: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    const challenge = typeof clientData === 'object' && clientData !== null ? (clientData as { challenge?: unknown }).challenge : undefined;
    if (typeof challenge === 'string' && BASE64URL_CHALLENGE.test(challenge)) return challenge;
  } catch {
    // Not JSON: refused below like any other unreadable answer.
  }
  throw new AppError('bad_request', failure);
}
