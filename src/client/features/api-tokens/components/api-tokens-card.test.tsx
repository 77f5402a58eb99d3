import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { CreateApiTokenInputSchema, WRITE_NEEDS_READ_MESSAGE, type ApiToken } from '@/contracts/api-tokens.ts';
import { FakeStepUp } from '@/client/test/fake-step-up.tsx';
import { stubApi } from '@/client/test/stub-api.ts';
import type { TokenTarget } from '../api/token-target.ts';
import { ApiTokensCard } from './api-tokens-card.tsx';

const FUTURE = new Date(Date.now() + 30 * 86_400_000).toISOString();
const exporter: ApiToken = {
  id: '7d4f5e0a-1b2c-4d3e-8f90-123456789abc',
  kind: 'personal',
  name: 'Nightly export',
  prefix: 'cifer_pat_Ab12',
  scopes: ['read', 'write'],
  organizationId: 'org-1',
  organizationName: 'Quayside Logistics',
  createdByEmail: 'tom@example.com',
  createdAt: '2026-01-05T12:00:00.000Z',
  expiresAt: FUTURE,
  lastUsedAt: null,
  revokedAt: null,
};
const SECRET = 'cifer_pat_Ab12-the-rest-of-the-secret';

function renderCard(target: TokenTarget = { kind: 'personal' }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ApiTokensCard target={target} title="API tokens" description="Tokens for scripts." StepUpDialog={FakeStepUp} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

test('lists each token with what it may do, whether it works, its visible start and where it acts', async () => {
  stubApi({ 'GET /api/account/tokens': [{ status: 200, body: { tokens: [exporter, { ...exporter, id: 'b', name: 'Old sync', scopes: ['read'], revokedAt: '2026-02-01T12:00:00.000Z' }] } }] });
  renderCard();
  const item = await screen.findByRole('listitem', { name: 'Nightly export' });
  expect(within(item).getByText('Active')).toBeInTheDocument();
  expect(within(item).getByText('Read and Write')).toBeInTheDocument();
  expect(within(item).getByText('cifer_pat_Ab12…')).toBeInTheDocument();
  expect(within(item).getByText(/acts in Quayside Logistics/)).toBeInTheDocument();
  expect(within(item).queryByText(/created by/)).toBeNull();
  const revoked = screen.getByRole('listitem', { name: 'Old sync' });
  expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
  // A revoked token has nothing left to revoke.
  expect(within(revoked).queryByRole('button')).toBeNull();
});

test('when the server wants a fresh code, the answers are sent again once verified, and the secret is shown once', async () => {
  const calls = stubApi({
    'GET /api/account/tokens': [{ status: 200, body: { tokens: [] } }],
    'POST /api/account/tokens': [
      { status: 403, body: { code: 'step_up_required', message: 'Confirm with a current code first.' } },
      { status: 201, body: { token: exporter, secret: SECRET } },
    ],
  });
  const user = userEvent.setup();
  renderCard();
  await user.click(await screen.findByRole('button', { name: 'Create a token' }));
  await user.type(screen.getByLabelText(/Name/), 'Nightly export');
  await user.click(screen.getByRole('checkbox', { name: /Write/ }));
  await user.selectOptions(screen.getByLabelText('Expires after'), '30');
  await user.click(screen.getByRole('button', { name: 'Create token' }));

  await user.click(await screen.findByRole('button', { name: 'Fresh code entered' }));
  const shown = await screen.findByRole('dialog', { name: 'Token “Nightly export” created' });
  expect(within(shown).getByTestId('api-token-secret')).toHaveValue(SECRET);
  const posts = calls.filter((call) => call.method === 'POST');
  expect(posts.map((call) => call.body)).toEqual([
    { name: 'Nightly export', scopes: ['read', 'write'], expiresInDays: 30 },
    { name: 'Nightly export', scopes: ['read', 'write'], expiresInDays: 30 },
  ]);

  await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
  expect(screen.queryByTestId('api-token-secret')).toBeNull();
  expect(document.body.textContent).not.toContain(SECRET);
});

test('write includes read: ticking Write ticks Read, which stays ticked while Write is; the form says why', async () => {
  const calls = stubApi({ 'GET /api/account/tokens': [{ status: 200, body: { tokens: [] } }], 'POST /api/account/tokens': [{ status: 201, body: { token: exporter, secret: SECRET } }] });
  const user = userEvent.setup();
  renderCard();
  await user.click(await screen.findByRole('button', { name: 'Create a token' }));
  await user.type(screen.getByLabelText(/Name/), 'Push only');
  const read = screen.getByRole('checkbox', { name: /^Read/ });
  const write = screen.getByRole('checkbox', { name: /^Write/ });
  await user.click(read);
  expect(read).not.toBeChecked();
  await user.click(write);
  expect(read).toBeChecked();
  await user.click(read);
  expect(read).toBeChecked();
  expect(write).toHaveAccessibleName(/Includes Read/);

  await user.click(screen.getByRole('button', { name: 'Create token' }));
  await screen.findByTestId('api-token-secret');
  expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ name: 'Push only', scopes: ['read', 'write'], expiresInDays: 90 }]);
});

test('the form refuses Write alone with the rule, as the server does', () => {
  const refused = CreateApiTokenInputSchema.safeParse({ name: 'Push only', scopes: ['write'] });
  expect(refused.success).toBe(false);
  expect(refused.error?.issues.map((issue) => issue.message)).toEqual([WRITE_NEEDS_READ_MESSAGE]);
});

test('a refusal other than step-up is shown in the form, which stays open', async () => {
  stubApi({
    'GET /api/account/tokens': [{ status: 200, body: { tokens: [] } }],
    'POST /api/account/tokens': [{ status: 409, body: { code: 'conflict', message: 'At most 50 active tokens. Revoke one first.' } }],
  });
  const user = userEvent.setup();
  renderCard();
  await user.click(await screen.findByRole('button', { name: 'Create a token' }));
  await user.type(screen.getByLabelText(/Name/), 'One too many');
  await user.click(screen.getByRole('button', { name: 'Create token' }));
  const form = screen.getByRole('dialog', { name: 'Create an API token' });
  expect(await within(form).findByText('At most 50 active tokens. Revoke one first.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Fresh code entered' })).toBeNull();
});

test('an organisation’s tokens show who created each, and Revoke asks first, then calls that organisation’s route', async () => {
  const organizationToken = { ...exporter, kind: 'organization' as const, name: 'Warehouse' };
  const calls = stubApi({
    'GET /api/organizations/org-1/tokens': [{ status: 200, body: { tokens: [organizationToken] } }],
    [`DELETE /api/organizations/org-1/tokens/${exporter.id}`]: [{ status: 200, body: { message: 'The token “Warehouse” has been revoked.' } }],
  });
  const user = userEvent.setup();
  renderCard({ kind: 'organization', organizationId: 'org-1' });
  const item = await screen.findByRole('listitem', { name: 'Warehouse' });
  expect(within(item).getByText(/created by tom@example.com/)).toBeInTheDocument();
  await user.click(within(item).getByRole('button', { name: 'Revoke Warehouse' }));
  expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  await user.click(within(screen.getByRole('dialog', { name: 'Revoke “Warehouse”?' })).getByRole('button', { name: 'Revoke token' }));
  await vi.waitFor(() => expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([`/api/organizations/org-1/tokens/${exporter.id}`]));
});
