import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { SSO_REQUIRED_MESSAGE } from '@/contracts/sso.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { useSsoRequiredRefusal } from '../hooks/use-sso-required-refusal.ts';
import { sendBrowserTo } from '../lib/redirect.ts';
import { SsoErrorAlert } from './sso-error-alert.tsx';
import { SsoSignIn } from './sso-sign-in.tsx';

vi.mock('../lib/redirect.ts', () => ({ sendBrowserTo: vi.fn() }));

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function withQuery(children: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function OpenableSsoSignIn() {
  const [email, setEmail] = useState<string | null>(null);
  return <SsoSignIn openWithEmail={email} onOpen={() => setEmail('')} onClose={() => setEmail(null)} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(sendBrowserTo).mockReset();
});

test('"Sign in with SSO" asks for the e-mail, starts the sign-in with it and sends the browser to the provider', async () => {
  const fetchMock = stubFetch(200, { redirectUrl: 'https://idp.example/authorize?state=s' });
  render(withQuery(<OpenableSsoSignIn />));
  await userEvent.click(screen.getByRole('button', { name: 'Sign in with SSO' }));
  const email = screen.getByLabelText(/Work e-mail/);
  expect(email).toHaveFocus();
  await userEvent.type(email, 'alice@contoso.com');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(sendBrowserTo).toHaveBeenCalledWith('https://idp.example/authorize?state=s'));
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe('/api/auth/sso/start');
  expect(JSON.parse(String(init?.body))).toEqual({ email: 'alice@contoso.com' });
});

test('the server\'s refusal is shown at the e-mail field and nothing is opened; Cancel returns the focus to the button', async () => {
  stubFetch(400, { message: 'No single sign-on is set up for nobody.example.' });
  render(withQuery(<OpenableSsoSignIn />));
  await userEvent.click(screen.getByRole('button', { name: 'Sign in with SSO' }));
  await userEvent.type(screen.getByLabelText(/Work e-mail/), 'bob@nobody.example');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('No single sign-on is set up for nobody.example.');
  expect(screen.getByLabelText(/Work e-mail/)).toHaveAttribute('aria-invalid', 'true');
  expect(sendBrowserTo).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('button', { name: 'Sign in with SSO' })).toHaveFocus();
});

test('an invalid e-mail is refused before any request', async () => {
  const fetchMock = stubFetch(200, { redirectUrl: 'https://idp.example/' });
  render(withQuery(<OpenableSsoSignIn />));
  await userEvent.click(screen.getByRole('button', { name: 'Sign in with SSO' }));
  await userEvent.type(screen.getByLabelText(/Work e-mail/), 'alice');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
  expect(fetchMock).not.toHaveBeenCalled();
});

test('the error panel takes the focus and says what to do; "Try SSO again" is offered', async () => {
  const onTryAgain = vi.fn();
  render(<SsoErrorAlert code="invalid_client" onTryAgain={onTryAgain} />);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveFocus();
  expect(alert).toHaveTextContent('refused CIFER\'s credentials');
  await userEvent.click(screen.getByRole('button', { name: 'Try SSO again' }));
  expect(onTryAgain).toHaveBeenCalledOnce();
});

function PasswordLogInProbe() {
  const login = useMutation({ mutationFn: (input: { email: string; password: string }) => apiRequest('POST', '/api/auth/login', input) });
  const refusedFor = useSsoRequiredRefusal();
  return (
    <>
      <button type="button" onClick={() => login.mutate({ email: ' alice@contoso.com ', password: 'pw' })}>
        Log in
      </button>
      <output>{refusedFor ?? 'none'}</output>
    </>
  );
}

test('a password log-in refused because SSO is required yields the e-mail to offer SSO with; another refusal does not', async () => {
  stubFetch(401, { message: 'Invalid email or password' });
  render(withQuery(<PasswordLogInProbe />));
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledOnce());
  expect(screen.getByRole('status')).toHaveTextContent('none');
  stubFetch(403, { message: SSO_REQUIRED_MESSAGE });
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('alice@contoso.com'));
});
