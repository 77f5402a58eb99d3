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

test('a 402 from any query or mutation calls onPaymentRequired once per failure, and is not retried', async () => {
  const { ApiError } = await import('./api-client.ts');
  const { createQueryClient, shouldRetryQuery } = await import('./query-client.ts');
  let calls = 0;
  const client = createQueryClient({ onPaymentRequired: () => (calls += 1) });
  await client.fetchQuery({ queryKey: ['/api/x'], queryFn: () => Promise.reject(new ApiError(402, 'pay', 'Payment Required')), retry: false }).catch(() => undefined);
  await client.getMutationCache().build(client, { mutationFn: () => Promise.reject(new ApiError(402, 'pay', 'Payment Required')) }).execute(undefined).catch(() => undefined);
  await client.fetchQuery({ queryKey: ['/api/y'], queryFn: () => Promise.reject(new ApiError(500, 'boom', 'Error')), retry: false }).catch(() => undefined);
  expect(calls).toBe(2);
  expect(shouldRetryQuery(0, new ApiError(402, 'pay', 'Payment Required'))).toBe(false);
});
