import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { SESSION_CACHE_MAX_ENTRIES } from './session-cache.ts';
import { generateSessionToken, hashToken, sessionIdOf } from './session-store.ts';

test('the session id of a token is its SHA-256 in hex, remembered or not, for more tokens than the memo holds', () => {
  const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
  const first = generateSessionToken();
  expect(sessionIdOf(first)).toBe(sha256(first));
  for (let i = 0; i < SESSION_CACHE_MAX_ENTRIES + 10; i += 1) {
    const token = randomBytes(8).toString('hex');
    expect(sessionIdOf(token)).toBe(hashToken(token));
  }
  // Asked again after the memo was emptied, and again from the memo.
  expect(sessionIdOf(first)).toBe(sha256(first));
  expect(sessionIdOf(first)).toBe(sha256(first));
});
