import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { isSafeMethod } from '../../lib/safe-methods.ts';

/** The channel the database announces list changes on, with the organisation's id (migrations 0014 and 0015). */
export const LIST_CHANGED_CHANNEL = 'assessment_list_changed';
/** How long a kept page may be served at most, should a notification ever be lost. */
export const FIRST_PAGE_TTL_MS = 30_000;
/** Organisations whose first page is kept per process (a page of 20 items is about 10 kB of JSON). */
const MAX_ORGANIZATIONS = 5_000;

interface Kept {
  /** The page's answer as it leaves: the bytes of its JSON (kept-answer.ts). */
  answer: Buffer;
  keptAt: number;
}

export type FirstPageCache = ReturnType<typeof createFirstPageCache>;

/**
 * The first page of an organisation's assessments as the public API lists them, kept in process as
 * the answer it becomes (ADR 251): an integrator's dashboard polls this page, and a kept answer
 * is sent without its rows being turned into items, checked against the schema and written out as
 * JSON again (over a third of the call's CPU in a profile, docs/benchmarks.md). Every other read still goes to the database.
 * Three things make a kept page go:
 * - the database's notification of a change to the organisation's rows or authors (triggers,
 *   migrations 0014 and 0015: writes of every instance, cascades and direct SQL alike), except a
 *   draft's work in progress (its answers, step and save time), which is not announced;
 * - a write request of this instance, once its handler is done and before its answer leaves, so its
 *   caller's next read sees the write without waiting for the notification;
 * - FIRST_PAGE_TTL_MS.
 * Every forgetting moves `generation`, so a read that started before it never keeps what it read.
 * Nothing is served from memory until the listener is up; a reconnection drops every page.
 */
export function createFirstPageCache(now: () => number, ttlMs = FIRST_PAGE_TTL_MS) {
  const kept = new LRUCache<string, Map<number, Kept>>({ max: MAX_ORGANIZATIONS });
  let generation = 0;
  let listening = false;

  const forget = (organizationId?: string) => {
    generation += 1;
    if (organizationId === undefined) kept.clear();
    else kept.delete(organizationId);
  };

  return {
    /** The answer of the organisation's first page of `limit` items: the kept one while fresh, else `load()`'s, kept when nothing changed meanwhile. */
    async read(organizationId: string, limit: number, load: () => Promise<Buffer>): Promise<Buffer> {
      const hit = kept.get(organizationId)?.get(limit);
      if (listening && hit && now() - hit.keptAt < ttlMs) return hit.answer;
      const startedAt = generation;
      const answer = await load();
      if (listening && generation === startedAt) {
        const pages = kept.get(organizationId) ?? new Map<number, Kept>();
        pages.set(limit, { answer, keptAt: now() });
        kept.set(organizationId, pages);
      }
      return answer;
    },
    /** One organisation's pages, or every page. */
    forget,
    /** The listener is up (true: every page kept before is unknown, so the cache starts empty) or down. */
    setListening(up: boolean) {
      forget();
      listening = up;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    firstPages: FirstPageCache;
  }
}

async function firstPageCachePlugin(app: FastifyInstance) {
  const cache = createFirstPageCache(() => app.now().getTime());
  app.decorate('firstPages', cache);
  const listening = await app.database.notifications
    .listen(
      LIST_CHANGED_CHANNEL,
      (organizationId) => cache.forget(organizationId),
      () => cache.setListening(true),
    )
    .catch((error: unknown) => {
      app.log.warn({ err: error }, 'assessment list changes cannot be heard: the first page is read from the database every time');
      return null;
    });
  app.addHook('onClose', async () => {
    cache.setListening(false);
    await listening?.unlisten().catch(() => {});
  });
  // The handler has finished and its transaction committed; the answer is not sent yet. A read that
  // overlapped the write is not kept (the generation moved). Without an organisation, every page goes.
  app.addHook('onSend', async (request) => {
    if (!isSafeMethod(request.method)) cache.forget(request.auth?.user.organizationId);
  });
}

export const firstPageCache = fp(firstPageCachePlugin, { name: 'first-page-cache', dependencies: ['sessions'] });
