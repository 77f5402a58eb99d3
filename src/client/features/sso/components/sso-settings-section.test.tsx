import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import type { SsoConnectionList } from '@/contracts/sso.ts';
import { renderWithQueryClient } from '@/client/test/render-with-query-client.tsx';
import { SsoSettingsSection } from './sso-settings-section.tsx';

const ORG = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const CONNECTION = '7b2e1d3f-4c5e-4f60-9b8c-1d2e3f4a5b6c';

const list: SsoConnectionList = {
  redirectUri: 'https://cifer.example/api/auth/sso/callback',
  connections: [
    {
      id: CONNECTION,
      organizationId: ORG,
      name: 'Contoso Entra',
      issuer: 'https://login.microsoftonline.com/tenant/v2.0',
      clientId: 'client-1',
      defaultRole: 'member',
      required: false,
      domains: [
        { id: 'd-verified', domain: 'contoso.com', verified: true, verifiedBy: 'dns', verifiedAt: '2026-01-02T00:00:00.000Z', txtRecordName: '_cifer-verification.contoso.com', txtRecordValue: 'cifer-verification=aaa' },
        { id: 'd-pending', domain: 'fabrikam.io', verified: false, verifiedBy: null, verifiedAt: null, txtRecordName: '_cifer-verification.fabrikam.io', txtRecordValue: 'cifer-verification=bbb' },
      ],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  ],
};

type Answer = { status: number; body: unknown };

/** Answers GET with the list, other calls from `answers` by "METHOD path". */
function stubApi(answers: Record<string, Answer>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const answer = method === 'GET' ? { status: 200, body: list } : answers[`${method} ${url}`];
    if (!answer) throw new Error(`unexpected ${method} ${url}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSection() {
  renderWithQueryClient(<SsoSettingsSection organizationId={ORG} organizationName="Contoso" StepUpDialog={() => null} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test('a connection shows its provider, its domains with their state, and the redirect URI to register', async () => {
  stubApi({});
  renderSection();
  const connection = await screen.findByRole('listitem', { name: 'SSO connection Contoso Entra' });
  expect(connection).toHaveTextContent('https://login.microsoftonline.com/tenant/v2.0');
  expect(connection).toHaveTextContent('client-1');
  expect(connection).toHaveTextContent('Optional: passwords still work');
  expect(within(connection).getByText('Verified (DNS)')).toBeVisible();
  expect(within(connection).getByText('Unverified')).toBeVisible();
  // Only the unverified domain offers verification.
  expect(within(connection).queryByRole('button', { name: 'Verify contoso.com' })).toBeNull();
  expect(screen.getByText('https://cifer.example/api/auth/sso/callback')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Copy Redirect URI' })).toBeVisible();
});

test('Verify shows the TXT record to publish, the support route, and the server\'s reason when the record is not there', async () => {
  const fetchMock = stubApi({ [`POST /api/organizations/${ORG}/sso/${CONNECTION}/domains/d-pending/verify`]: { status: 400, body: { message: 'No TXT record _cifer-verification.fabrikam.io holding cifer-verification=bbb was found.' } } });
  renderSection();
  await userEvent.click(await screen.findByRole('button', { name: 'Verify fabrikam.io' }));
  const panel = screen.getByRole('group', { name: 'Verify fabrikam.io' });
  expect(panel).toHaveTextContent('_cifer-verification.fabrikam.io');
  expect(panel).toHaveTextContent('cifer-verification=bbb');
  expect(panel).toHaveTextContent('or ask CIFER support to approve it');
  await userEvent.click(within(panel).getByRole('button', { name: 'Check DNS now' }));
  expect(await within(panel).findByRole('alert')).toHaveTextContent('No TXT record _cifer-verification.fabrikam.io');
  expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && url.endsWith('/domains/d-pending/verify'))).toBe(true);
});

test('editing with the secret left blank keeps it: the update carries no clientSecret', async () => {
  const fetchMock = stubApi({ [`PATCH /api/organizations/${ORG}/sso/${CONNECTION}`]: { status: 200, body: { ...list.connections[0], required: true } } });
  renderSection();
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Contoso Entra' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Contoso Entra' });
  expect(within(dialog).getByLabelText(/Client secret/)).toHaveValue('');
  expect(dialog).toHaveTextContent('Leave blank to keep the current secret');
  await userEvent.click(within(dialog).getByLabelText('Require SSO for these domains'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
  const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
  expect(JSON.parse(String(patch[1]?.body))).toEqual({
    name: 'Contoso Entra',
    issuer: 'https://login.microsoftonline.com/tenant/v2.0',
    clientId: 'client-1',
    domains: ['contoso.com', 'fabrikam.io'],
    defaultRole: 'member',
    required: true,
  });
});

test('adding a connection the server refuses keeps the dialog open with the reason', async () => {
  stubApi({ [`POST /api/organizations/${ORG}/sso`]: { status: 409, body: { message: 'contoso.com is already used by another organisation.' } } });
  renderSection();
  await userEvent.click(await screen.findByRole('button', { name: 'Add connection' }));
  const dialog = screen.getByRole('dialog', { name: 'Add an SSO connection' });
  await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Second');
  await userEvent.type(within(dialog).getByLabelText(/Issuer URL/), 'https://accounts.google.com');
  await userEvent.type(within(dialog).getByLabelText(/Client ID/), 'google-client');
  await userEvent.type(within(dialog).getByLabelText(/Client secret/), 'google-secret');
  await userEvent.type(within(dialog).getByLabelText(/E-mail domains/), 'contoso.com');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add connection' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('contoso.com is already used by another organisation.');
});

test('Delete asks first, says what stops working, and deletes only once confirmed', async () => {
  const fetchMock = stubApi({ [`DELETE /api/organizations/${ORG}/sso/${CONNECTION}`]: { status: 200, body: { message: 'Deleted' } } });
  renderSection();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Contoso Entra' }));
  const confirm = screen.getByRole('alertdialog', { name: 'Delete Contoso Entra?' });
  expect(confirm).toHaveTextContent('People of contoso.com, fabrikam.io can no longer sign in with SSO');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  await userEvent.click(screen.getByRole('button', { name: 'Delete Contoso Entra' }));
  await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete connection' }));
  await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && url === `/api/organizations/${ORG}/sso/${CONNECTION}`)).toBe(true));
});
