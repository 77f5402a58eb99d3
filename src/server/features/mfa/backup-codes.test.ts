import { expect, test } from 'vitest';
import { BACKUP_CODE_ALPHABET, generateBackupCode, generateBackupCodes, hashBackupCode, normalizeBackupCode, verifyBackupCode } from './backup-codes.ts';

test('BC-01 ten distinct codes of 8 characters A-Z0-9', () => {
  const codes = generateBackupCodes();
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
});

test('BC-01 characters are uniform over the 31-symbol alphabet (chi-square)', () => {
  const counts = new Map<string, number>();
  const samples = 12_500;
  for (let index = 0; index < samples; index += 1) for (const char of generateBackupCode()) counts.set(char, (counts.get(char) ?? 0) + 1);
  expect(counts.size).toBe(31);
  const expected = (samples * 8) / 31;
  const chiSquare = [...counts.values()].reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
  // 30 degrees of freedom: p = 0.001 at 59.70.
  expect(chiSquare).toBeLessThan(59.7);
});

test('BC-02 codes are stored as argon2id hashes and verify once normalised (BC-06)', async () => {
  const hashed = await hashBackupCode('ABCD2345');
  expect(hashed.startsWith('$argon2id$')).toBe(true);
  expect(hashed).toContain('m=19456,t=2,p=1');
  expect(hashed).not.toContain('ABCD2345');
  expect(await verifyBackupCode(hashed, 'ABCD2345')).toBe(true);
  expect(await verifyBackupCode(hashed, 'abcd-2345')).toBe(true);
  expect(await verifyBackupCode(hashed, 'ABCD2346')).toBe(false);
  expect(await verifyBackupCode('not-a-hash', 'ABCD2345')).toBe(false);
  expect(normalizeBackupCode(' ab cd-23 45 ')).toBe('ABCD2345');
});

test('BC-01 codes never contain the look-alikes O/0 and I/1 (nor L): 2,000 codes use only the unambiguous alphabet', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 2_000; i += 1) for (const character of generateBackupCode()) seen.add(character);
  for (const ambiguous of ['O', '0', 'I', '1', 'L']) expect(seen.has(ambiguous)).toBe(false);
  expect([...seen].sort().join('')).toBe([...BACKUP_CODE_ALPHABET].sort().join(''));
  expect(BACKUP_CODE_ALPHABET).toMatch(/^[A-Z0-9]+$/);
});
