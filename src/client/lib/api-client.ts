import type { ZodType } from 'zod';

/**
 * The one HTTP client of the browser app (spec sections 7 and 9): cookies always sent, JSON
 * bodies, a non-OK response becomes an Error whose text is `status: body` (status text when the
 * body is empty), a 204 yields null. A call given the endpoint's response schema from
 * src/contracts checks the answer against it in development and tests (ADR 062).
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

export async function throwIfResNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = (await response.text().catch(() => '')) || '';
  throw new ApiError(response.status, body, response.statusText);
}

export async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/** The server answered something its contract does not describe: a drift between server and client. */
export class ContractDriftError extends Error {
  constructor(
    readonly url: string,
    readonly issues: string[],
  ) {
    super(`The answer of ${url} does not match its contract: ${issues.join('; ')}`);
    this.name = 'ContractDriftError';
  }
}

/**
 * Development builds and tests check answers against their contract; the production build skips it
 * (Vite replaces import.meta.env.DEV with false, so the check is not even shipped in use).
 */
export const CHECK_RESPONSES: boolean = import.meta.env.DEV || import.meta.env.MODE === 'test';

/**
 * Returns `data` unchanged (the parse result is not used, so a check never alters what the app
 * sees), after checking it against `schema` when CHECK_RESPONSES is on.
 */
export function checkResponse<T>(url: string, data: unknown, schema: ZodType<T> | undefined): T {
  if (schema && CHECK_RESPONSES) {
    const result = schema.safeParse(data);
    if (!result.success) throw new ContractDriftError(url, result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  return data as T;
}

/** The balancer's answer when no instance completed the request (ADR 235, deploy/nginx/cifer.conf.template). */
export const RETRYABLE_UNAVAILABLE_CODE = 'upstream_unavailable';
const MAX_RETRY_WAIT_MS = 2_000;

async function isRetryableUnavailable(response: Response): Promise<boolean> {
  if (response.status !== 503 || !response.headers.has('Retry-After')) return false;
  const body = await response
    .clone()
    .text()
    .catch(() => '');
  return body.includes(`"${RETRYABLE_UNAVAILABLE_CODE}"`);
}

/**
 * Fetches; a read that got the balancer's retryable 503 (an instance died or restarted under it)
 * is asked again once after its Retry-After. Writes are never repeated here: the write may have
 * happened, so the user sees the answer's "Please try again." and decides.
 */
async function fetchRetryingRead(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  const method = (init.method ?? 'GET').toUpperCase();
  if ((method !== 'GET' && method !== 'HEAD') || !(await isRetryableUnavailable(response))) return response;
  const seconds = Number(response.headers.get('Retry-After'));
  await new Promise((resolve) => setTimeout(resolve, Number.isFinite(seconds) && seconds >= 0 ? Math.min(MAX_RETRY_WAIT_MS, seconds * 1000) : 1000));
  return fetch(url, init);
}

export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown, responseSchema?: ZodType<T>): Promise<T> {
  const response = await fetchRetryingRead(url, {
    method,
    credentials: 'include',
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  await throwIfResNotOk(response);
  return checkResponse(url, await readJson(response), responseSchema);
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Builds `path?query` from a cache key: [path, params?]; null, undefined and '' are left out. */
export function buildUrlFromQueryKey(queryKey: readonly unknown[]): string {
  const [path, params] = queryKey;
  if (typeof path !== 'string') throw new TypeError('The first query-key element must be the request path');
  if (!params || typeof params !== 'object') return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params as QueryParams)) {
    if (value === null || value === undefined || value === '') continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default query function: a 401 yields null (signed out) unless told to throw; `schema` as in apiRequest. */
export function getQueryFn<T>({ on401, schema }: { on401: UnauthorizedBehavior; schema?: ZodType<T> }) {
  return async ({ queryKey, signal }: { queryKey: readonly unknown[]; signal?: AbortSignal }): Promise<T | null> => {
    const url = buildUrlFromQueryKey(queryKey);
    const response = await fetchRetryingRead(url, { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfResNotOk(response);
    return checkResponse(url, await readJson(response), schema);
  };
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 401 : error instanceof Error && /^401: /.test(error.message);
}

/**
 * The human part of an API error for toasts: the server's `message` when the body is our JSON
 * error shape, else the raw `status: body` text.
 */
export function getErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) {
    try {
      const parsed: unknown = JSON.parse(error.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      // not JSON: fall through to the raw text
    }
    return error.body || error.message;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
