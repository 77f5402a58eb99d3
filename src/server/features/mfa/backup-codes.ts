import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { BACKUP_CODE_COUNT, BACKUP_CODE_LENGTH } from '@/contracts/mfa.ts';

/**
 * A-Z and 0-9 as the spec requires (section 3), without the look-alikes O/0, I/1 and L
 * that people mistype when copying a code from paper: 31 characters, about 39.6 bits per code.
 */
export const BACKUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** argon2id (the library's default algorithm) with the OWASP minimum: 19 MiB, 2 passes, 1 lane (BC-02). */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** One code of 8 characters from BACKUP_CODE_ALPHABET; randomInt is unbiased (BC-01). */
export function generateBackupCode(): string {
  let code = '';
  for (let index = 0; index < BACKUP_CODE_LENGTH; index += 1) code += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)];
  return code;
}

/** Ten distinct codes. */
export function generateBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(generateBackupCode());
  return [...codes];
}

/** Case, spaces and hyphens do not matter (BC-06). */
export function normalizeBackupCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export function hashBackupCode(code: string): Promise<string> {
  return hash(normalizeBackupCode(code), ARGON2_OPTIONS);
}

export async function verifyBackupCode(codeHash: string, code: string): Promise<boolean> {
  try {
    return await verify(codeHash, normalizeBackupCode(code));
  } catch {
    return false;
  }
}
