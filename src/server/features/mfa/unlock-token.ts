import { createHmac, timingSafeEqual } from 'node:crypto';

/** The e-mailed unlock link lives this long after the hard lock. */
export const UNLOCK_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60_000;

/**
 * A stateless unlock token bound to one hard lock: HMAC(SESSION_SECRET, user id + lock time).
 * Unlocking clears the lock time, so a used link no longer matches (single use without a table).
 */
export function createUnlockToken(secret: string, userId: string, lockedAt: Date): string {
  const payload = `${userId}.${lockedAt.getTime()}`;
  return `${payload}.${sign(secret, payload)}`;
}

export function readUnlockToken(secret: string, token: string): { userId: string; lockedAtMs: number } | null {
  const [userId, lockedAtText, mac] = token.split('.');
  if (!userId || !lockedAtText || !mac || !/^\d+$/.test(lockedAtText)) return null;
  const expected = Buffer.from(sign(secret, `${userId}.${lockedAtText}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, lockedAtMs: Number(lockedAtText) };
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`mfa-unlock:${payload}`).digest('base64url');
}
