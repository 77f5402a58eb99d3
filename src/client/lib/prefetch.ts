import { apiRequest } from './api-client.ts';

/** A prefetched answer older than this is asked again (the data may have changed since). */
export const PREFETCH_MAX_AGE_MS = 30_000;

const started = new Map<string, { at: number; answer: Promise<unknown>; arrived?: { value: unknown } }>();

/**
 * Starts a GET before the page that needs it has loaded (ADR 125): e.g. while the session and the
 * page's code are still on their way. Only the page's own query reads the answer, through
 * `takePrefetched`; nothing else sees it, so an error here shows nowhere.
 */
export function prefetchGet(url: string, now = Date.now()): void {
  const existing = started.get(url);
  if (existing && now - existing.at <= PREFETCH_MAX_AGE_MS) return;
  const answer = apiRequest<unknown>('GET', url);
  const entry: { at: number; answer: Promise<unknown>; arrived?: { value: unknown } } = { at: now, answer };
  // Read (or dropped) by takePrefetched; never an unhandled rejection.
  answer.then(
    (value) => (entry.arrived = { value }),
    () => undefined,
  );
  started.set(url, entry);
}

/**
 * The successful answer of a young enough prefetch of `url` that has already arrived, without
 * using it up (ADR 126: a reader can then show it in the render at hand instead of the next one).
 */
export function peekArrived(url: string, now = Date.now()): { value: unknown } | undefined {
  const entry = started.get(url);
  return entry && now - entry.at <= PREFETCH_MAX_AGE_MS ? entry.arrived : undefined;
}

/** Whether a prefetch of `url` young enough to be used is waiting for its reader. */
export function hasPrefetched(url: string, now = Date.now()): boolean {
  const entry = started.get(url);
  return entry !== undefined && now - entry.at <= PREFETCH_MAX_AGE_MS;
}

/** Drops the prefetch of `url` (its reader took the answer through `peekArrived`). */
export function forgetPrefetched(url: string): void {
  started.delete(url);
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
