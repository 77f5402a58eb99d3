import { expect, test, vi } from 'vitest';
import { currentUserQueryOptions } from './current-user.ts';

test('the current-user query is fresh 30 s, cached 5 min, never retried, refetched on focus, mount and reconnect', () => {
  const options = currentUserQueryOptions();
  expect(options.queryKey).toEqual(['/api/auth/user']);
  expect(options.staleTime).toBe(30_000);
  expect(options.gcTime).toBe(300_000);
  expect(options.retry).toBe(false);
  expect(options.refetchOnWindowFocus).toBe(true);
  expect(options.refetchOnMount).toBe(true);
  expect(options.refetchOnReconnect).toBe(true);
});

test('the session hint is read from the cookie string', async () => {
  const { hasSessionHint } = await import('./current-user.ts');
  expect(hasSessionHint('a=1; cifer_signed_in=1')).toBe(true);
  expect(hasSessionHint('cifer_signed_in=0')).toBe(false);
  expect(hasSessionHint('')).toBe(false);
});

test('without the hint the current user is null and no request is made', async () => {
  const { getCurrentUser } = await import('./current-user.ts');
  const fetchSpy = vi.fn();
  vi.stubGlobal('fetch', fetchSpy);
  await expect(getCurrentUser({ queryKey: ['/api/auth/user'] })).resolves.toBeNull();
  expect(fetchSpy).not.toHaveBeenCalled();
  vi.unstubAllGlobals();
});
