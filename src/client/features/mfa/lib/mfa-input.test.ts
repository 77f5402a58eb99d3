import { expect, test } from 'vitest';
import { buildBackupCodesFile, sanitizeBackupCodeInput, sanitizeTotpInput } from './mfa-input.ts';

test('inputs follow spec section 5', () => {
  expect(sanitizeTotpInput('12 34-56 78')).toBe('123456');
  expect(sanitizeBackupCodeInput('ab-cd 12!34xyz')).toBe('ABCD1234');
});

test('the backup-codes file has the date, one code per line and the single-use note', () => {
  const file = buildBackupCodesFile(['AAAA1111', 'BBBB2222'], new Date('2026-05-04T10:00:00Z'));
  expect(file).toContain('Generated on: 2026-05-04');
  expect(file.split('\n')).toEqual(expect.arrayContaining(['AAAA1111', 'BBBB2222']));
  expect(file).toMatch(/used only once/);
});
