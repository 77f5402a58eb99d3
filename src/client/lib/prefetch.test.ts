import { afterEach, expect, test, vi } from 'vitest';
import { hasPrefetched, PREFETCH_MAX_AGE_MS, prefetchGet, takePrefetched } from './prefetch.ts';

afterEach(() => vi.unstubAllGlobals());

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

test('ADR 125: a prefetched GET is read once by the page; the next read asks again', async () => {
  const fetchSpy = vi.fn(async () => json({ n: fetchSpy.mock.calls.length }));
  vi.stubGlobal('fetch', fetchSpy);
  prefetchGet('/api/once', 1_000);
  prefetchGet('/api/once', 1_001);
  expect(fetchSpy).toHaveBeenCalledTimes(1);
  await expect(takePrefetched('/api/once', async () => ({ n: -1 }), 1_002)).resolves.toEqual({ n: 1 });
  await expect(takePrefetched('/api/once', async () => ({ n: -1 }), 1_003)).resolves.toEqual({ n: -1 });
});

test('a prefetch that failed (e.g. 403 before two-factor verification) is asked again, not shown', async () => {
  vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'mfa_required' }, 403)));
  prefetchGet('/api/refused', 5_000);
  await expect(takePrefetched('/api/refused', async () => 'fresh answer', 5_100)).resolves.toBe('fresh answer');
});

test('a prefetch older than the limit is not used', async () => {
  vi.stubGlobal('fetch', vi.fn(async () => json('old answer')));
  prefetchGet('/api/old', 10_000);
  await expect(takePrefetched('/api/old', async () => 'fresh answer', 10_000 + PREFETCH_MAX_AGE_MS + 1)).resolves.toBe('fresh answer');
});

test('without a prefetch the page’s own request runs', async () => {
  const request = vi.fn(async () => 'own answer');
  await expect(takePrefetched('/api/never-prefetched', request)).resolves.toBe('own answer');
  expect(request).toHaveBeenCalledOnce();
});

test('hasPrefetched: true only while a young enough prefetch waits for its reader', async () => {
  vi.stubGlobal('fetch', vi.fn(async () => json('answer')));
  expect(hasPrefetched('/api/waiting', 20_000)).toBe(false);
  prefetchGet('/api/waiting', 20_000);
  expect(hasPrefetched('/api/waiting', 20_001)).toBe(true);
  expect(hasPrefetched('/api/waiting', 20_000 + PREFETCH_MAX_AGE_MS + 1)).toBe(false);
  await takePrefetched('/api/waiting', async () => 'fresh', 20_002);
  expect(hasPrefetched('/api/waiting', 20_003)).toBe(false);
});
