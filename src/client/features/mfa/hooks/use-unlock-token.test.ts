import { expect, test } from 'vitest';
import { readUnlockToken } from './use-unlock-token.ts';

test('the unlock token is read from the fragment, alone or after other parameters, and decoded', () => {
  expect(readUnlockToken('#unlock=abc123')).toBe('abc123');
  expect(readUnlockToken('#x=1&unlock=a%2Bb')).toBe('a+b');
  expect(readUnlockToken('')).toBeNull();
  expect(readUnlockToken('#unlock=')).toBeNull();
  expect(readUnlockToken('#relock=abc')).toBeNull();
});
