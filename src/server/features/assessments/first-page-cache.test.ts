import { describe, expect, test } from 'vitest';
import { createFirstPageCache, FIRST_PAGE_TTL_MS } from './first-page-cache.ts';

const ORG = 'org-a';
const OTHER = 'org-b';

/** A loader that answers a new page (its answer's text names the call) on every call and counts the calls. */
function countingLoader() {
  let calls = 0;
  return {
    load: async () => {
      calls += 1;
      return Buffer.from(`row-${calls}`);
    },
    get calls() {
      return calls;
    },
  };
}

function listeningCache() {
  let clock = 0;
  const cache = createFirstPageCache(() => clock);
  cache.setListening(true);
  return { cache, advance: (ms: number) => (clock += ms) };
}

describe('the first page kept in process (ADR 251)', () => {
  test('a second read is answered from memory, per organisation and page size', async () => {
    const { cache } = listeningCache();
    const loader = countingLoader();
    const first = await cache.read(ORG, 21, loader.load);
    expect(await cache.read(ORG, 21, loader.load)).toBe(first);
    expect(loader.calls).toBe(1);
    await cache.read(ORG, 3, loader.load);
    await cache.read(OTHER, 21, loader.load);
    expect(loader.calls).toBe(3);
  });

  test("forgetting an organisation drops its pages only; forgetting all drops every page", async () => {
    const { cache } = listeningCache();
    const loader = countingLoader();
    await cache.read(ORG, 21, loader.load);
    await cache.read(OTHER, 21, loader.load);
    cache.forget(ORG);
    expect(String(await cache.read(ORG, 21, loader.load))).toBe('row-3');
    expect(String(await cache.read(OTHER, 21, loader.load))).toBe('row-2');
    cache.forget();
    expect(String(await cache.read(OTHER, 21, loader.load))).toBe('row-4');
  });

  test('a read that was under way when a change was announced answers but is not kept', async () => {
    const { cache } = listeningCache();
    const loader = countingLoader();
    const slow = cache.read(ORG, 21, async () => {
      const rows = await loader.load();
      // The change is announced while this read's rows are on their way back.
      cache.forget(OTHER);
      return rows;
    });
    expect(String(await slow)).toBe('row-1');
    expect(String(await cache.read(ORG, 21, loader.load))).toBe('row-2');
    expect(String(await cache.read(ORG, 21, loader.load))).toBe('row-2');
  });

  test('a page older than the TTL is read again', async () => {
    const { cache, advance } = listeningCache();
    const loader = countingLoader();
    await cache.read(ORG, 21, loader.load);
    advance(FIRST_PAGE_TTL_MS - 1);
    await cache.read(ORG, 21, loader.load);
    expect(loader.calls).toBe(1);
    advance(1);
    await cache.read(ORG, 21, loader.load);
    expect(loader.calls).toBe(2);
  });

  test('nothing is kept or served while the listener is down, and a reconnection starts empty', async () => {
    const cache = createFirstPageCache(() => 0);
    const loader = countingLoader();
    await cache.read(ORG, 21, loader.load);
    await cache.read(ORG, 21, loader.load);
    expect(loader.calls).toBe(2);
    cache.setListening(true);
    await cache.read(ORG, 21, loader.load);
    await cache.read(ORG, 21, loader.load);
    expect(loader.calls).toBe(3);
    cache.setListening(false);
    await cache.read(ORG, 21, loader.load);
    expect(loader.calls).toBe(4);
    cache.setListening(true);
    await cache.read(ORG, 21, loader.load);
    expect(loader.calls).toBe(5);
  });
});
