import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { jsonResponse } from '@/client/test/stub-api.ts';
import { MFA_STATUS_QUERY_KEY } from '@/client/features/mfa/api/get-mfa-status.ts';
import { peekArrived, prefetchGet } from '@/client/lib/prefetch.ts';
import { MFA_STATUS_PATH } from '../preload-presentation.ts';
import { GatedContent } from './gated-content.tsx';

const user = { id: 'u1', email: 'a@example.com', firstName: 'A', lastName: 'B', role: 'user' };

function stubApi(statusAnswers: Array<{ status: number; body: unknown }>) {
  document.cookie = 'cifer_signed_in=1; path=/';
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const answer = url === '/api/auth/user' ? { status: 200, body: user } : url === MFA_STATUS_PATH ? statusAnswers.shift() : undefined;
      if (!answer) return new Response('{}', { status: 404 });
      return jsonResponse(answer);
    }),
  );
  return calls;
}

function renderGated() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // GatedContent is rendered only once the session check has found a user (guards.tsx).
  client.setQueryData(['/api/auth/user'], user);
  render(
    <QueryClientProvider client={client}>
      <GatedContent>
        <p>The first slide</p>
      </GatedContent>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'cifer_signed_in=; path=/; max-age=0';
});

test('the preload asks for the path the gate reads', () => {
  expect(MFA_STATUS_PATH).toBe(MFA_STATUS_QUERY_KEY[0]);
});

test('ADR 126: the status started with the page is used by the gate, without asking again', async () => {
  const calls = stubApi([{ status: 200, body: { totpEnabled: true, sessionMfaComplete: true, backupCodesCount: 10 } }]);
  prefetchGet(MFA_STATUS_PATH);
  renderGated();
  expect(await screen.findByText('The first slide')).toBeTruthy();
  expect(calls.filter((url) => url === MFA_STATUS_PATH)).toHaveLength(1);
});

test('ADR 126: a status that has already arrived opens the gate in the first render', async () => {
  const calls = stubApi([{ status: 200, body: { totpEnabled: true, sessionMfaComplete: true, backupCodesCount: 10 } }]);
  prefetchGet(MFA_STATUS_PATH);
  await waitFor(() => expect(peekArrived(MFA_STATUS_PATH)).toBeDefined());
  renderGated();
  expect(screen.getByText('The first slide')).toBeTruthy();
  expect(screen.queryByText('Checking security status...')).toBeNull();
  expect(calls.filter((url) => url === MFA_STATUS_PATH)).toHaveLength(1);
  expect(peekArrived(MFA_STATUS_PATH)).toBeUndefined();
});

test('an arrived status of the wrong shape is not filed at once; the gate reads it through its query and its contract check', async () => {
  stubApi([{ status: 200, body: { totpEnabled: true } }]);
  prefetchGet(MFA_STATUS_PATH);
  await waitFor(() => expect(peekArrived(MFA_STATUS_PATH)).toBeDefined());
  renderGated();
  expect(screen.queryByText('The first slide')).toBeNull();
  expect(await screen.findByText('Preparing secure access...')).toBeTruthy();
  expect(screen.queryByText('The first slide')).toBeNull();
});

test('a refused early status (the stale-hint 401) decides nothing: the gate asks again', async () => {
  const calls = stubApi([
    { status: 401, body: { message: 'Not authenticated' } },
    { status: 200, body: { totpEnabled: true, sessionMfaComplete: false, backupCodesCount: 10 } },
  ]);
  prefetchGet(MFA_STATUS_PATH);
  renderGated();
  expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeTruthy();
  expect(await screen.findByText("Confirm it's you with your second factor to continue.")).toBeTruthy();
  expect(screen.queryByText('The first slide')).toBeNull();
  expect(calls.filter((url) => url === MFA_STATUS_PATH)).toHaveLength(2);
});
