import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { MfaVerificationCard } from './mfa-verification-card.tsx';

const webauthn = vi.hoisted(() => ({ supported: true, startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => webauthn.supported,
  startAuthentication: webauthn.startAuthentication,
}));

function stubApi(answers: Record<string, unknown>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (!(url in answers)) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(answers[url]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderCard(onSuccess = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MfaVerificationCard onSuccess={onSuccess} />
    </QueryClientProvider>,
  );
  return onSuccess;
}

beforeEach(() => {
  webauthn.supported = true;
  webauthn.startAuthentication.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

test('with a registered passkey, "Use a passkey" verifies the session through the browser prompt', async () => {
  const assertion = { id: 'cred', rawId: 'cred', type: 'public-key', response: {} };
  webauthn.startAuthentication.mockResolvedValue(assertion);
  const calls = stubApi({
    '/api/mfa/passkeys': { count: 1 },
    '/api/mfa/passkey/options': { challenge: 'xyz' },
    '/api/mfa/passkey/verify': { method: 'passkey' },
  });
  const onSuccess = renderCard();
  const events = userEvent.setup();
  await events.click(await screen.findByRole('tab', { name: 'Use a passkey' }));
  await events.click(screen.getByRole('button', { name: 'Verify with a passkey' }));
  await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith('passkey'));
  expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'xyz' } });
  expect(calls.find((call) => call.url === '/api/mfa/passkey/verify')?.body).toEqual({ response: assertion });
});

test('no passkey registered: only the two code tabs', async () => {
  const calls = stubApi({ '/api/mfa/passkeys': { count: 0 } });
  renderCard();
  await vi.waitFor(() => expect(calls.some((call) => call.url === '/api/mfa/passkeys')).toBe(true));
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Authenticator', 'Backup Code']);
});

test('a browser without WebAuthn does not even ask how many passkeys there are', async () => {
  webauthn.supported = false;
  const calls = stubApi({ '/api/mfa/passkeys': { count: 3 } });
  renderCard();
  expect(screen.getAllByRole('tab')).toHaveLength(2);
  expect(calls.some((call) => call.url === '/api/mfa/passkeys')).toBe(false);
});
