import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { BACKUP_CODE_COUNT, BACKUP_CODE_LENGTH } from '@/contracts/mfa.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** argon2id (the library's default algorithm) with the OWASP minimum: 19 MiB, 2 passes, 1 lane (BC-02). */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** One code of 8 characters A-Z0-9; randomInt is unbiased (BC-01). */
export function generateBackupCode(): string {
  let code = '';
  for (let index = 0; index < BACKUP_CODE_LENGTH; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
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
