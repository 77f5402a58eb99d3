import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { CONSENT_ERROR_MESSAGES, type ConsentRequest } from '@/contracts/oauth.ts';
import { FakeStepUp } from '@/client/test/fake-step-up.tsx';
import { renderWithQueryClient } from '@/client/test/render-with-query-client.tsx';
import { stubApi } from '@/client/test/stub-api.ts';
import { ConsentError, ConsentView } from './consent-view.tsx';

const REQUEST_ID = 'req_0123456789abcdefghijklmnop';
const PATH = `/api/oauth/requests/${REQUEST_ID}`;
const request: ConsentRequest = {
  client: { name: 'Claude', redirectHost: 'claude.ai' },
  scopes: ['read', 'write'],
  organizations: [
    { id: '11111111-1111-4111-8111-111111111111', name: 'Harbour Dental', role: 'owner' },
    { id: '22222222-2222-4222-8222-222222222222', name: 'Client Clinic', role: 'viewer' },
  ],
  currentOrganizationId: '11111111-1111-4111-8111-111111111111',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

function renderView() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  renderWithQueryClient(<ConsentView requestId={REQUEST_ID} StepUpDialog={FakeStepUp} />);
  return assign;
}

test('names the assistant and where it returns, starts in the current organisation, and a viewer’s role allows Read only', async () => {
  stubApi({ [`GET ${PATH}`]: [{ status: 200, body: request }] });
  renderView();
  expect(await screen.findByText('Connect “Claude” to CIFER?')).toBeInTheDocument();
  expect(screen.getByText('claude.ai')).toBeInTheDocument();
  const organisation = screen.getByLabelText('Organisation it acts in');
  expect(organisation).toHaveValue('11111111-1111-4111-8111-111111111111');
  const write = screen.getByRole('checkbox', { name: /Write/ });
  expect(write).toBeChecked();
  expect(screen.getByRole('checkbox', { name: /Read/ })).toBeDisabled();
  await userEvent.selectOptions(organisation, '22222222-2222-4222-8222-222222222222');
  expect(write).not.toBeChecked();
  expect(write).toBeDisabled();
  expect(screen.getByText('Your role in this organisation is read-only.')).toBeInTheDocument();
});

test('Allow asks for a fresh code when the server wants one, sends the same answer again, then goes back to the assistant', async () => {
  const calls = stubApi({
    [`GET ${PATH}`]: [{ status: 200, body: request }],
    [`POST ${PATH}/decision`]: [
      { status: 403, body: { code: 'step_up_required', message: 'Confirm with a current code first.' } },
      { status: 200, body: { redirectTo: 'https://claude.ai/api/mcp/auth_callback?code=abc&state=s' } },
    ],
  });
  const assign = renderView();
  await userEvent.click(await screen.findByRole('checkbox', { name: /Write/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Fresh code entered' }));
  await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://claude.ai/api/mcp/auth_callback?code=abc&state=s'));
  const decisions = calls.filter((call) => call.method === 'POST').map((call) => call.body);
  expect(decisions).toEqual([
    { decision: 'allow', organizationId: '11111111-1111-4111-8111-111111111111', scopes: ['read'] },
    { decision: 'allow', organizationId: '11111111-1111-4111-8111-111111111111', scopes: ['read'] },
  ]);
});

test('Deny goes back to the assistant with its refusal; an expired request says so', async () => {
  const calls = stubApi({
    [`GET ${PATH}`]: [{ status: 200, body: request }],
    [`POST ${PATH}/decision`]: [{ status: 200, body: { redirectTo: 'https://claude.ai/cb?error=access_denied' } }],
  });
  const assign = renderView();
  await userEvent.click(await screen.findByRole('button', { name: 'Deny' }));
  await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://claude.ai/cb?error=access_denied'));
  expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'deny' });
});

test('a request that is gone, and the errors of a request that could not be sent back, are explained', async () => {
  stubApi({ [`GET ${PATH}`]: [{ status: 404, body: { code: 'not_found', message: CONSENT_ERROR_MESSAGES.expired } }] });
  renderView();
  expect(await screen.findByText(CONSENT_ERROR_MESSAGES.expired)).toBeInTheDocument();
  const { container } = renderWithQueryClient(<ConsentError code="invalid_redirect" />);
  expect(within(container).getByText(CONSENT_ERROR_MESSAGES.invalid_redirect)).toBeInTheDocument();
  const unknown = renderWithQueryClient(<ConsentError code="<script>" />);
  expect(within(unknown.container).getByText(CONSENT_ERROR_MESSAGES.invalid_request)).toBeInTheDocument();
});
