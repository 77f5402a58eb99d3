import { describe, expect, test } from 'vitest';
import type { WhatChanged } from '@/reports/what-changed.ts';
import { WhatChangedCache } from './what-changed-cache.ts';

const current = { id: 'current', updatedAt: '2026-11-22T10:00:00.000Z' };
const previous = { id: 'previous', updatedAt: '2026-11-20T10:00:00.000Z' };
const pair = (id: string) => ({ id, updatedAt: previous.updatedAt });

/** A stand-in waterfall that records which computation produced it. */
function waterfall(label: string): Promise<WhatChanged> {
  return Promise.resolve({ previous: { id: label }, current: { id: label }, steps: [], totalDeltaUsd: 0, seed: 1, iterations: 1 } as unknown as WhatChanged);
}

describe('WhatChangedCache', () => {
  test('computes a pair once and serves the same waterfall after, also to a request that asks while it is computed', async () => {
    const cache = new WhatChangedCache();
    let calls = 0;
    const compute = () => waterfall(`run ${++calls}`);
    const first = cache.get('org', current, previous, compute);
    expect(cache.get('org', current, previous, compute)).toBe(first);
    expect((await cache.get('org', current, previous, compute)).previous.id).toBe('run 1');
    expect(calls).toBe(1);
    expect(cache.computedCount).toBe(1);
  });

  test('another organisation, another pair, a changed row or another engine version is computed anew', async () => {
    const cache = new WhatChangedCache(10, '2.0.0');
    cache.get('org', current, previous, () => waterfall('original'));
    const other = await Promise.all([
      cache.get('other-org', current, previous, () => waterfall('other organisation')),
      cache.get('org', current, { id: 'older', updatedAt: previous.updatedAt }, () => waterfall('other previous')),
      cache.get('org', { ...current, updatedAt: '2026-11-23T10:00:00.000Z' }, previous, () => waterfall('row changed')),
    ]);
    expect(other.map((w) => w.previous.id)).toEqual(['other organisation', 'other previous', 'row changed']);
    const nextEngine = new WhatChangedCache(10, '2.1.0');
    expect((await nextEngine.get('org', current, previous, () => waterfall('new engine'))).previous.id).toBe('new engine');
  });

  test('keeps at most its capacity, dropping the least recently used pair', async () => {
    const cache = new WhatChangedCache(2);
    cache.get('org', current, pair('a'), () => waterfall('a'));
    cache.get('org', current, pair('b'), () => waterfall('b'));
    cache.get('org', current, pair('a'), () => waterfall('a again'));
    cache.get('org', current, pair('c'), () => waterfall('c'));
    expect(cache.size).toBe(2);
    expect((await cache.get('org', current, pair('a'), () => waterfall('a recomputed'))).previous.id).toBe('a');
    expect((await cache.get('org', current, pair('b'), () => waterfall('b recomputed'))).previous.id).toBe('b recomputed');
  });

  test('a computation that failed is not kept', async () => {
    const cache = new WhatChangedCache();
    await expect(cache.get('org', current, previous, () => Promise.reject(new Error('engine failed')))).rejects.toThrow('engine failed');
    expect((await cache.get('org', current, previous, () => waterfall('retried'))).previous.id).toBe('retried');
    expect(cache.computedCount).toBe(2);
  });

  test('ready() gives the waterfall of a pair only once its computation has succeeded, and never starts one (ADR 129)', async () => {
    const cache = new WhatChangedCache();
    expect(cache.ready('org', current, previous)).toBeUndefined();
    expect(cache.computedCount).toBe(0);
    let finish: (value: WhatChanged) => void = () => {};
    const computing = cache.get('org', current, previous, () => new Promise<WhatChanged>((resolve) => (finish = resolve)));
    expect(cache.ready('org', current, previous)).toBeUndefined();
    const computed = await waterfall('done');
    finish(computed);
    await computing;
    expect(cache.ready('org', current, previous)).toBe(computed);
    expect(cache.ready('other-org', current, previous)).toBeUndefined();
    await expect(cache.get('org', current, pair('failing'), () => Promise.reject(new Error('engine failed')))).rejects.toThrow('engine failed');
    expect(cache.ready('org', current, pair('failing'))).toBeUndefined();
  });
});
