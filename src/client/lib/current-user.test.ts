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

const ALICE = { id: 'u-1', email: 'alice@example.com', firstName: 'Alice', lastName: 'Smith', role: 'user' as const };

test('ADR 161: a successful reading remembers the user; with no connection the remembered user answers', async () => {
  const { getCurrentUser } = await import('./current-user.ts');
  const { readOfflineSession } = await import('./offline-session.ts');
  document.cookie = 'cifer_signed_in=1';
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(ALICE), { status: 200 })));
  await expect(getCurrentUser({ queryKey: ['/api/auth/user'] })).resolves.toEqual(ALICE);
  expect(readOfflineSession()).toEqual({ user: ALICE, mfaVerified: false });

  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
  await expect(getCurrentUser({ queryKey: ['/api/auth/user'] })).resolves.toEqual(ALICE);

  // A server answer that is not a network failure is never replaced by the stored user.
  vi.stubGlobal('fetch', vi.fn(async () => new Response('boom', { status: 500 })));
  await expect(getCurrentUser({ queryKey: ['/api/auth/user'] })).rejects.toThrow('500: boom');

  // The server stays the authority: a 401 signs out and forgets the user.
  vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 401 })));
  await expect(getCurrentUser({ queryKey: ['/api/auth/user'] })).resolves.toBeNull();
  expect(readOfflineSession()).toBeNull();
  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
  await expect(getCurrentUser({ queryKey: ['/api/auth/user'] })).rejects.toThrow(TypeError);
  vi.unstubAllGlobals();
  document.cookie = 'cifer_signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

test('the current-user query runs even while the browser reports offline (networkMode always)', () => {
  expect(currentUserQueryOptions().networkMode).toBe('always');
});
