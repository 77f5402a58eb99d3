import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest: TOTP secrets (TOTP-07) and the deliverable text of e-mails that carry a secret
 * link (ADR 190). AES-256-GCM with a key derived by HKDF-SHA-256 from
 * ENCRYPTION_KEY, a random 96-bit IV per encryption, and associated data naming the owner (the user id; `outbox:<id>` for a
 * message) so a ciphertext copied onto another row does not decrypt. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url): the prefix names the key version for rotation.
 */
export const SECRET_KEY_VERSION = 'v1';

const keyCache = new Map<string, Buffer>();

export function deriveSecretKey(encryptionKey: string): Buffer {
  let key = keyCache.get(encryptionKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', Buffer.from(encryptionKey, 'utf8'), Buffer.from('cifer'), Buffer.from('cifer totp secret v1'), 32));
    keyCache.set(encryptionKey, key);
  }
  return key;
}

export function encryptSecret(encryptionKey: string, plaintext: string, associatedData: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveSecretKey(encryptionKey), iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [SECRET_KEY_VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Throws when the text was altered, belongs to another user, or was made with another key. */
export function decryptSecret(encryptionKey: string, stored: string, associatedData: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== SECRET_KEY_VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', deriveSecretKey(encryptionKey), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
