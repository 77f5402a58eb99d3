import { expect, test } from 'vitest';
import { maskEmail } from './billing.ts';

test('maskEmail keeps the first letter and the domain', () => {
  expect(maskEmail('buyer@northmill.example')).toBe('b****@northmill.example');
  expect(maskEmail('a@x.example')).toBe('a*@x.example');
});
