import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { decryptSecret, encryptSecret } from '../../lib/secret-crypto.ts';
import { generateTotpSecret } from './totp.ts';

const key = randomBytes(32).toString('hex');

test('TOTP-07 secrets round-trip through AES-256-GCM and the ciphertext never contains them', () => {
  const secret = generateTotpSecret();
  const stored = encryptSecret(key, secret, 'totp:user-1');
  expect(stored.startsWith('v1.')).toBe(true);
  expect(stored).not.toContain(secret);
  expect(Buffer.from(stored.split('.')[3]!, 'base64url').toString('utf8')).not.toContain(secret);
  expect(decryptSecret(key, stored, 'totp:user-1')).toBe(secret);
  expect(encryptSecret(key, secret, 'totp:user-1')).not.toBe(stored);
});

test('TOTP-07 a tampered ciphertext, another user or another key does not decrypt', () => {
  const stored = encryptSecret(key, generateTotpSecret(), 'totp:user-1');
  expect(() => decryptSecret(key, stored, 'totp:user-2')).toThrow();
  expect(() => decryptSecret(randomBytes(32).toString('hex'), stored, 'totp:user-1')).toThrow();
  const parts = stored.split('.');
  const body = Buffer.from(parts[3]!, 'base64url');
  body[0] = body[0]! ^ 1;
  expect(() => decryptSecret(key, [parts[0], parts[1], parts[2], body.toString('base64url')].join('.'), 'totp:user-1')).toThrow();
});
