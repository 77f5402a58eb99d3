import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { MAX_ACTIVE_SCIM_TOKENS, SCIM_MESSAGES, type ScimSettings, type ScimToken } from '@/contracts/scim.ts';
import { FakeStepUp } from '@/client/test/fake-step-up.tsx';
import { renderWithQueryClient } from '@/client/test/render-with-query-client.tsx';
import { stubApi } from '@/client/test/stub-api.ts';
import { ScimSection } from './scim-section.tsx';

const ORG = '33333333-3333-4333-8333-333333333333';
const PATH = `/api/organizations/${ORG}/scim/tokens`;
const token: ScimToken = { id: '44444444-4444-4444-8444-444444444444', name: 'Entra ID', prefix: 'cifer_scim_Ab12', createdByEmail: 'owner@example.com', createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt: null, revokedAt: null };
const settings = (overrides: Partial<ScimSettings> = {}): ScimSettings => ({ baseUrl: 'https://cifer.example.com/scim/v2', verifiedDomains: ['example.com'], tokens: [], ...overrides });

afterEach(() => vi.unstubAllGlobals());

const renderSection = () => renderWithQueryClient(<ScimSection organizationId={ORG} organizationName="Harbour Dental" StepUpDialog={FakeStepUp} />);

test('without a verified domain it says why and offers no token', async () => {
  stubApi({ [`GET ${PATH}`]: [{ status: 200, body: settings({ verifiedDomains: [] }) }] });
  renderSection();
  expect(await screen.findByText(SCIM_MESSAGES.needsVerifiedDomain)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Create a SCIM token' })).toBeDisabled();
});

test('a token is created after a fresh code, shown once, and the list never shows it again', async () => {
  const secret = 'cifer_scim_Ab12-the-rest-of-the-secret';
  const calls = stubApi({
    [`GET ${PATH}`]: [{ status: 200, body: settings() }, { status: 200, body: settings({ tokens: [token] }) }],
    [`POST ${PATH}`]: [
      { status: 403, body: { code: 'step_up_required', message: 'Confirm with a current code first.' } },
      { status: 201, body: { token, secret } },
    ],
  });
  renderSection();
  expect(await screen.findByText('https://cifer.example.com/scim/v2')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Create a SCIM token' }));
  await userEvent.type(screen.getByLabelText(/Name/), 'Entra ID');
  await userEvent.click(screen.getByRole('button', { name: 'Create SCIM token' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Fresh code entered' }));
  const shown = await screen.findByRole('dialog', { name: 'SCIM token “Entra ID” created' });
  expect(within(shown).getByText(secret)).toBeInTheDocument();
  await userEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
  expect(await screen.findByRole('listitem', { name: 'Entra ID' })).toBeInTheDocument();
  expect(screen.queryByText(secret)).toBeNull();
  expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ name: 'Entra ID' }, { name: 'Entra ID' }]);
});

test(`with ${MAX_ACTIVE_SCIM_TOKENS} active tokens no third can be made; Revoke asks first`, async () => {
  const calls = stubApi({
    [`GET ${PATH}`]: [{ status: 200, body: settings({ tokens: [token, { ...token, id: '55555555-5555-4555-8555-555555555555', name: 'Okta' }] }) }],
    [`DELETE ${PATH}/${token.id}`]: [{ status: 200, body: { message: 'The SCIM token “Entra ID” has been revoked.' } }],
  });
  renderSection();
  expect(await screen.findByText(SCIM_MESSAGES.tooMany)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Create a SCIM token' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Revoke Entra ID' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke “Entra ID”?' })).getByRole('button', { name: 'Revoke token' }));
  await vi.waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
});
