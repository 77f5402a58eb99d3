import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { generateSessionToken, hashToken } from './session-store.ts';

test('the session id of a token is its SHA-256 in hex, and tokens are 256 random bits in base64url', () => {
  const token = generateSessionToken();
  expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(generateSessionToken()).not.toBe(token);
});
