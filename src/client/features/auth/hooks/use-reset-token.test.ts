import { expect, test } from 'vitest';
import { readResetToken } from './use-reset-token.ts';

test('the reset token comes from the fragment, else from the query of older links', () => {
  expect(readResetToken('#token=frag', '')).toBe('frag');
  expect(readResetToken('', '?token=query')).toBe('query');
  expect(readResetToken('#token=frag', '?token=query')).toBe('frag');
  expect(readResetToken('#token=', '?token=query')).toBe('query');
  expect(readResetToken('', '')).toBeNull();
});
