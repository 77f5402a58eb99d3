import { afterEach, describe, expect, test, vi } from 'vitest';
import { CurrentUserSchema } from '@/contracts/auth.ts';
import { MfaStatusSchema } from '@/contracts/mfa.ts';
import { ApiError, apiRequest, buildUrlFromQueryKey, CHECK_RESPONSES, ContractDriftError, getErrorMessage, getQueryFn, isUnauthorizedError } from './api-client.ts';

function mockFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(status === 204 ? null : body, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test('a 401 from the default query function yields null when asked to', async () => {
  mockFetch(401, '{"message":"Unauthorized"}');
  const result = await getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/auth/user'] });
  expect(result).toBeNull();
});

test('a 401 throws when the query asks to throw', async () => {
  mockFetch(401, '{"message":"Unauthorized"}');
  await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/x'] })).rejects.toThrow('401: {"message":"Unauthorized"}');
});

test('a non-OK response becomes an error whose text is status: body', async () => {
  mockFetch(400, 'bad things');
  await expect(apiRequest('POST', '/api/x', { a: 1 })).rejects.toThrow(/^400: bad things$/);
});

test('an empty error body falls back to the status text', async () => {
  mockFetch(503, '', 'Service Unavailable');
  await expect(apiRequest('GET', '/api/x')).rejects.toThrow(/^503: Service Unavailable$/);
});

describe("the balancer's retryable 503 (ADR 235)", () => {
  const retryable = () => new Response('{"code":"upstream_unavailable","message":"Please try again.","retryable":true}', { status: 503, headers: { 'Retry-After': '0' } });

  test('a read is asked again once and gets the second answer', async () => {
    const fetchMock = vi.fn<() => Promise<Response>>().mockResolvedValueOnce(retryable()).mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/x'] })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test('a read retried once only: a second 503 is the error', async () => {
    const fetchMock = vi.fn(async () => retryable());
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow(/^503: /);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test('a write is never repeated; its message says to try again', async () => {
    const fetchMock = vi.fn(async () => retryable());
    vi.stubGlobal('fetch', fetchMock);
    const failure = await apiRequest('POST', '/api/x', { a: 1 }).catch((error: unknown) => error);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getErrorMessage(failure)).toBe('Please try again.');
  });
});

test('a 204 yields null', async () => {
  mockFetch(204, '');
  await expect(apiRequest('DELETE', '/api/x/1')).resolves.toBeNull();
});

test('requests send credentials and a JSON body', async () => {
  const fetchMock = mockFetch(200, '{"ok":true}');
  await expect(apiRequest('POST', '/api/x', { a: 1 })).resolves.toEqual({ ok: true });
  expect(fetchMock).toHaveBeenCalledWith('/api/x', expect.objectContaining({ method: 'POST', credentials: 'include', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } }));
});

test('the query URL is the first key element plus the non-empty parameters', () => {
  expect(buildUrlFromQueryKey(['/api/assessments'])).toBe('/api/assessments');
  expect(buildUrlFromQueryKey(['/api/assessments', { page: 2, q: '', status: null, sort: undefined, mine: false }])).toBe('/api/assessments?page=2&mine=false');
  expect(buildUrlFromQueryKey(['/api/a?x=1', { y: 'a b' }])).toBe('/api/a?x=1&y=a+b');
  expect(() => buildUrlFromQueryKey([42])).toThrow(TypeError);
});

test('getErrorMessage reads the server message from a JSON error body', () => {
  expect(getErrorMessage(new ApiError(401, '{"message":"Invalid email or password"}', 'Unauthorized'))).toBe('Invalid email or password');
  expect(getErrorMessage(new ApiError(500, 'plain text', 'x'))).toBe('plain text');
  expect(getErrorMessage(new Error('boom'))).toBe('boom');
});

test('a 401 error is recognised whether typed or parsed from its text', () => {
  expect(isUnauthorizedError(new ApiError(401, '', 'Unauthorized'))).toBe(true);
  expect(isUnauthorizedError(new Error('401: nope'))).toBe(true);
  expect(isUnauthorizedError(new ApiError(403, '', 'Forbidden'))).toBe(false);
});

describe('answers are checked against their contract in development and tests (ADR 062)', () => {
  test('this test run checks answers', () => {
    expect(CHECK_RESPONSES).toBe(true);
  });

  test('an answer that matches its contract comes back unchanged (extra fields kept, nothing stripped)', async () => {
    mockFetch(200, JSON.stringify({ totpEnabled: true, sessionMfaComplete: false, backupCodesCount: 7, extra: 'kept' }));
    await expect(apiRequest('GET', '/api/mfa/status', undefined, MfaStatusSchema)).resolves.toEqual({ totpEnabled: true, sessionMfaComplete: false, backupCodesCount: 7, extra: 'kept' });
  });

  test('a server that drifted from the contract fails the call, naming the field', async () => {
    // e.g. the server renamed backupCodesCount: the client would read undefined and show nothing.
    mockFetch(200, JSON.stringify({ totpEnabled: true, sessionMfaComplete: false, backupCodes: 7 }));
    const call = apiRequest('GET', '/api/mfa/status', undefined, MfaStatusSchema);
    await expect(call).rejects.toBeInstanceOf(ContractDriftError);
    await expect(apiRequest('GET', '/api/mfa/status', undefined, MfaStatusSchema)).rejects.toThrow(/\/api\/mfa\/status.*backupCodesCount/);
  });

  test('the query function checks too', async () => {
    mockFetch(200, JSON.stringify({ id: 'u1', email: 'a@example.com', firstName: 'A', lastName: 'B', role: 'owner' }));
    await expect(getQueryFn({ on401: 'returnNull', schema: CurrentUserSchema })({ queryKey: ['/api/auth/user'] })).rejects.toThrow(/role/);
  });
});
