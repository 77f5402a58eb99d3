import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { jsonResponse } from '@/client/test/stub-api.ts';
import { renderWithQueryClient } from '@/client/test/render-with-query-client.tsx';
import { MfaGate } from './mfa-gate.tsx';
import { MfaVerificationCard } from './mfa-verification-card.tsx';

type Answers = Record<string, { status: number; body: unknown } | 'pending'>;

function stubApi(answers: Answers) {
  // The browser of someone who signed in carries the server's readable session hint (ADR 007).
  document.cookie = 'cifer_signed_in=1; path=/';
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[url];
      if (answer === 'pending') return new Promise<Response>(() => {});
      if (!answer) return new Response('{}', { status: 404 });
      return jsonResponse(answer);
    }),
  );
  return calls;
}

const user = { id: 'u1', email: 'a@example.com', firstName: 'A', lastName: 'B', role: 'user' };

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'cifer_signed_in=; path=/; max-age=0';
});

test('gate: no user shows Authentication Required with Log In to /api/login', async () => {
  stubApi({ '/api/auth/user': { status: 401, body: { message: 'Unauthorized' } } });
  renderWithQueryClient(<MfaGate>secret content</MfaGate>);
  expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/api/login');
  expect(screen.queryByText('secret content')).not.toBeInTheDocument();
});

test('gate: status loading shows Checking security status...', async () => {
  stubApi({ '/api/auth/user': { status: 200, body: user }, '/api/mfa/status': 'pending' });
  renderWithQueryClient(<MfaGate>secret content</MfaGate>);
  expect(await screen.findByText('Checking security status...')).toBeInTheDocument();
});

test('gate: TOTP not enabled shows Security Setup Required with the wizard', async () => {
  stubApi({ '/api/auth/user': { status: 200, body: user }, '/api/mfa/status': { status: 200, body: { totpEnabled: false, sessionMfaComplete: false, backupCodesCount: 0 } } });
  renderWithQueryClient(<MfaGate>secret content</MfaGate>);
  expect(await screen.findByRole('heading', { name: 'Security Setup Required' })).toBeInTheDocument();
  // The wizard is loaded when the gate shows it.
  expect(await screen.findByText('Multi-Factor Authentication')).toBeInTheDocument();
  expect(screen.getByText('TOTP Disabled')).toBeInTheDocument();
});

test('gate: session not verified shows Authentication Required with the Secure Access Required card', async () => {
  stubApi({ '/api/auth/user': { status: 200, body: user }, '/api/mfa/status': { status: 200, body: { totpEnabled: true, sessionMfaComplete: false, backupCodesCount: 10 } } });
  renderWithQueryClient(<MfaGate>secret content</MfaGate>);
  expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
  expect(await screen.findByText('Secure Access Required')).toBeInTheDocument();
  expect(screen.queryByText('secret content')).not.toBeInTheDocument();
});

test('gate: both satisfied shows the content', async () => {
  stubApi({ '/api/auth/user': { status: 200, body: user }, '/api/mfa/status': { status: 200, body: { totpEnabled: true, sessionMfaComplete: true, backupCodesCount: 10 } } });
  renderWithQueryClient(<MfaGate>secret content</MfaGate>);
  expect(await screen.findByText('secret content')).toBeInTheDocument();
});

test('gate: the bypass flag shows the content without reading the MFA status', async () => {
  const calls = stubApi({ '/api/auth/user': { status: 200, body: user } });
  renderWithQueryClient(<MfaGate bypass>secret content</MfaGate>);
  expect(await screen.findByText('secret content')).toBeInTheDocument();
  expect(calls.some((call) => call.url === '/api/mfa/status')).toBe(false);
});

test('gate: a failing status call shows Preparing secure access...', async () => {
  stubApi({ '/api/auth/user': { status: 200, body: user }, '/api/mfa/status': { status: 500, body: { message: 'boom' } } });
  renderWithQueryClient(<MfaGate>secret content</MfaGate>);
  expect(await screen.findByText('Preparing secure access...')).toBeInTheDocument();
});

test('verification card: authenticator takes digits only (max 6), backup code is upper-cased A-Z0-9 (max 8) and sent upper-cased', async () => {
  const calls = stubApi({ '/api/mfa/verify': { status: 200, body: { method: 'backup' } } });
  const onSuccess = vi.fn();
  renderWithQueryClient(<MfaVerificationCard onSuccess={onSuccess} onCancel={() => {}} />);
  expect(screen.getByText('Two-Factor Authentication Required')).toBeInTheDocument();
  expect(screen.getByText('Having trouble? Contact support for assistance with account recovery.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  const events = userEvent.setup();
  const totp = screen.getByRole('textbox', { name: 'Authentication code' });
  const verify = screen.getByRole('button', { name: 'Verify' });
  await events.type(totp, '12a3 45');
  expect(totp).toHaveValue('12345');
  expect(verify).toBeDisabled();
  await events.type(totp, '6789');
  expect(totp).toHaveValue('123456');
  expect(verify).toBeEnabled();

  await events.click(screen.getByRole('tab', { name: 'Backup Code' }));
  const backup = screen.getByRole('textbox', { name: 'Backup code' });
  const submit = screen.getByRole('button', { name: 'Verify Backup Code' });
  await events.type(backup, 'ab-cd1');
  expect(backup).toHaveValue('ABCD1');
  expect(submit).toBeDisabled();
  await events.type(backup, '23499');
  expect(backup).toHaveValue('ABCD1234');
  await events.click(submit);
  expect(calls.find((call) => call.url === '/api/mfa/verify')?.body).toEqual({ type: 'backup', code: 'ABCD1234' });
  await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith('backup'));
});
