import { apiRequest } from './api-client.ts';

/** A prefetched answer older than this is asked again (the data may have changed since). */
export const PREFETCH_MAX_AGE_MS = 30_000;

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * Starts a GET before the page that needs it has loaded (ADR 125): e.g. while the session and the
 * page's code are still on their way. Only the page's own query reads the answer, through
 * `takePrefetched`; nothing else sees it, so an error here shows nowhere.
 */
export function prefetchGet(url: string, now = Date.now()): void {
  const existing = started.get(url);
  if (existing && now - existing.at <= PREFETCH_MAX_AGE_MS) return;
  const answer = apiRequest<unknown>('GET', url);
  // Read (or dropped) by takePrefetched; never an unhandled rejection.
  answer.catch(() => undefined);
  started.set(url, { at: now, answer });
}

/**
 * The prefetched answer for `url`, used once; otherwise `request()`. A prefetch that failed (for
 * instance a 403 because two-factor verification was still to come) or is older than
 * PREFETCH_MAX_AGE_MS is asked again, so it never decides more than a fresh request would.
 */
export function takePrefetched<T>(url: string, request: () => Promise<T>, now = Date.now()): Promise<T> {
  const entry = started.get(url);
  started.delete(url);
  if (!entry || now - entry.at > PREFETCH_MAX_AGE_MS) return request();
  return (entry.answer as Promise<T>).catch(() => request());
}
