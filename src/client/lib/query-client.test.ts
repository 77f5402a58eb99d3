import { expect, test } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient, shouldRetryQuery } from './query-client.ts';

test('queries retry once, but never after a 401', () => {
  expect(shouldRetryQuery(0, new ApiError(500, '', 'x'))).toBe(true);
  expect(shouldRetryQuery(1, new ApiError(500, '', 'x'))).toBe(false);
  expect(shouldRetryQuery(0, new ApiError(401, '', 'Unauthorized'))).toBe(false);
});

test('the query client has the spec defaults', () => {
  const options = createQueryClient().getDefaultOptions();
  expect(options.queries?.staleTime).toBe(120_000);
  expect(options.queries?.gcTime).toBe(600_000);
  expect(options.queries?.refetchOnWindowFocus).toBe(false);
  expect(options.queries?.refetchOnReconnect).toBe(true);
  expect(options.mutations?.retry).toBe(false);
});
