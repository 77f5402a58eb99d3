import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Passkey } from '@/contracts/passkeys.ts';
import { FakeStepUp } from '@/client/test/fake-step-up.tsx';
import { stubApi } from '@/client/test/stub-api.ts';
import { PasskeysCard, UNSUPPORTED_BROWSER_TEXT } from './passkeys-card.tsx';

const webauthn = vi.hoisted(() => ({ supported: true, startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => webauthn.supported,
  startRegistration: webauthn.startRegistration,
}));

const laptop: Passkey = {
  id: '7d4f5e0a-1b2c-4d3e-8f90-123456789abc',
  name: 'Work laptop',
  createdAt: '2026-01-05T12:00:00.000Z',
  lastUsedAt: null,
  deviceType: 'multiDevice',
  backedUp: true,
};

function renderCard(node: ReactNode = <PasskeysCard StepUpDialog={FakeStepUp} />) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

beforeEach(() => {
  webauthn.supported = true;
  webauthn.startRegistration.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

test('lists each passkey with when it was added, its last use and where it lives', async () => {
  stubApi({
    'GET /api/passkeys': [
      {
        status: 200,
        body: {
          passkeys: [laptop, { ...laptop, id: 'b', name: 'YubiKey', lastUsedAt: '2026-02-01T12:00:00.000Z', deviceType: 'singleDevice' }],
        },
      },
    ],
  });
  renderCard();
  const item = await screen.findByRole('listitem', { name: 'Work laptop' });
  expect(within(item).getByText('Added Jan 5, 2026 · Never used')).toBeInTheDocument();
  expect(within(item).getByText('Synced')).toBeInTheDocument();
  const key = screen.getByRole('listitem', { name: 'YubiKey' });
  expect(within(key).getByText(/Last used Feb 1, 2026/)).toBeInTheDocument();
  expect(within(key).getByText('Device-bound')).toBeInTheDocument();
});

test('Add a passkey sends the chosen name with the browser response to the server', async () => {
  const calls = stubApi({
    'GET /api/passkeys': [{ status: 200, body: { passkeys: [] } }],
    'POST /api/passkeys/registration/options': [{ status: 200, body: { challenge: 'abc', rp: { name: 'CIFER' } } }],
    'POST /api/passkeys/registration/verify': [{ status: 201, body: { ...laptop, name: 'Desk key' } }],
  });
  const browserResponse = { id: 'cred', rawId: 'cred', type: 'public-key', response: {} };
  webauthn.startRegistration.mockResolvedValue(browserResponse);
  renderCard();
  const events = userEvent.setup();
  expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
  await events.click(screen.getByRole('button', { name: 'Add a passkey' }));
  const name = screen.getByRole('textbox', { name: 'Name' });
  await events.clear(name);
  await events.type(name, '  Desk key ');
  await events.click(screen.getByRole('button', { name: 'Continue' }));
  await vi.waitFor(() => expect(calls.some((call) => call.url === '/api/passkeys/registration/verify')).toBe(true));
  expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc', rp: { name: 'CIFER' } } });
  expect(calls.find((call) => call.url === '/api/passkeys/registration/verify')?.body).toEqual({
    name: 'Desk key',
    response: browserResponse,
  });
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('a cancelled prompt says so calmly and keeps the dialog open for another try', async () => {
  const calls = stubApi({
    'GET /api/passkeys': [{ status: 200, body: { passkeys: [] } }],
    'POST /api/passkeys/registration/options': [{ status: 200, body: { challenge: 'abc' } }],
  });
  webauthn.startRegistration.mockRejectedValue(
    Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
  );
  renderCard();
  const events = userEvent.setup();
  await events.click(await screen.findByRole('button', { name: 'Add a passkey' }));
  await events.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText(/the request was cancelled or timed out/)).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Add a passkey' })).toBeInTheDocument();
  expect(calls.some((call) => call.url === '/api/passkeys/registration/verify')).toBe(false);
});

test('removing asks for a fresh verification when the server wants one, then removes the same passkey', async () => {
  const calls = stubApi({
    'GET /api/passkeys': [{ status: 200, body: { passkeys: [laptop] } }],
    [`DELETE /api/passkeys/${laptop.id}`]: [
      { status: 403, body: { code: 'step_up_required', message: 'Confirm it is you first.' } },
      { status: 200, body: { message: 'Passkey removed' } },
    ],
  });
  renderCard();
  const events = userEvent.setup();
  await events.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
  const confirm = screen.getByRole('alertdialog', { name: 'Remove this passkey?' });
  await events.click(within(confirm).getByRole('button', { name: 'Remove passkey' }));
  await events.click(await screen.findByRole('button', { name: 'Fresh code entered' }));
  await vi.waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(2));
  expect(calls.filter((call) => call.method === 'DELETE').every((call) => call.url === `/api/passkeys/${laptop.id}`)).toBe(true);
  expect(screen.queryByRole('button', { name: 'Fresh code entered' })).not.toBeInTheDocument();
});

test('a browser without WebAuthn is told so and offers no Add button', async () => {
  webauthn.supported = false;
  stubApi({ 'GET /api/passkeys': [{ status: 200, body: { passkeys: [laptop] } }] });
  renderCard();
  expect(await screen.findByText(UNSUPPORTED_BROWSER_TEXT)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
});
