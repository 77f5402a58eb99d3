import { expect, test } from 'vitest';
import { createRequestIds } from './request-id.ts';

test('ids of one process share its prefix and never repeat', () => {
  const next = createRequestIds('abc123');
  const ids = Array.from({ length: 1000 }, next);
  expect(new Set(ids).size).toBe(1000);
  expect(ids[0]).toBe('abc123-1');
  expect(ids[35]).toBe('abc123-10');
});

test('two processes draw different prefixes', () => {
  const first = createRequestIds()();
  const second = createRequestIds()();
  expect(first).toMatch(/^[0-9a-f]{12}-1$/);
  expect(first).not.toBe(second);
});
