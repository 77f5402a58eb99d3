import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import type { WebhookEndpoint, WebhookEndpointList } from '@/contracts/webhooks.ts';
import { renderWithQueryClient } from '@/client/test/render-with-query-client.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

const ORG = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const ENDPOINT: WebhookEndpoint = {
  id: '7b2e1d3f-4c5e-4f60-9b8c-1d2e3f4a5b6c',
  organizationId: ORG,
  url: 'https://hooks.example.com/cifer',
  description: 'Ops',
  events: ['assessment.completed'],
  enabled: true,
  previousSecretExpiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const SECRET = `whsec_${'A'.repeat(43)}=`;

/** GET answers the list (empty until a POST created the endpoint); POSTs are recorded and answered from `answers`. */
function stubApi(answers: Record<string, { status: number; body: unknown }>) {
  let list: WebhookEndpointList = { endpoints: [] };
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = method === 'GET' ? { status: 200, body: list } : answers[`${method} ${url}`];
      if (!answer) throw new Error(`unexpected ${method} ${url}`);
      if (method === 'POST' && answer.status === 201) list = { endpoints: [ENDPOINT] };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

function renderSection() {
  renderWithQueryClient(<WebhooksSection organizationId={ORG} organizationName="Contoso" StepUpDialog={() => null} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test('adding a webhook sends the ticked events, shows the secret once, and the endpoint joins the list', async () => {
  const sent = stubApi({ [`POST /api/organizations/${ORG}/webhooks`]: { status: 201, body: { endpoint: ENDPOINT, secret: SECRET } } });
  const user = userEvent.setup();
  renderSection();
  await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
  const form = screen.getByRole('dialog', { name: 'Add a webhook' });
  // No event ticked: refused before anything is sent.
  await user.click(within(form).getByRole('checkbox', { name: /assessment\.completed/ }));
  await user.type(within(form).getByLabelText(/Endpoint URL/), ENDPOINT.url);
  await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
  expect(await within(form).findByText('Choose at least one event')).toBeInTheDocument();
  expect(sent).toEqual([]);

  await user.click(within(form).getByRole('checkbox', { name: /action\.due/ }));
  await user.click(within(form).getByRole('checkbox', { name: /subscription\.changed/ }));
  await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
  const shown = await screen.findByRole('dialog', { name: 'Webhook added: its signing secret' });
  expect(within(shown).getByTestId('webhook-secret')).toHaveValue(SECRET);
  expect(sent).toEqual([
    {
      method: 'POST',
      url: `/api/organizations/${ORG}/webhooks`,
      body: { url: ENDPOINT.url, description: '', events: ['action.due', 'subscription.changed'] },
    },
  ]);

  await user.click(within(shown).getByRole('button', { name: 'Done' }));
  expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  const item = await screen.findByText(ENDPOINT.url);
  expect(item.closest('li')).toHaveTextContent('assessment.completed');
});

test('the server’s refusal of a URL is shown in the form', async () => {
  const message = 'The webhook URL cannot be used: 10.0.0.1 is a private or link-local address';
  stubApi({ [`POST /api/organizations/${ORG}/webhooks`]: { status: 400, body: { code: 'bad_request', message } } });
  const user = userEvent.setup();
  renderSection();
  await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
  const form = screen.getByRole('dialog', { name: 'Add a webhook' });
  await user.type(within(form).getByLabelText(/Endpoint URL/), 'https://10.0.0.1/hook');
  await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(message);
});

test('when the server wants a fresh code, the code dialog opens and the same webhook is sent again once verified', async () => {
  let refusals = 1;
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET') return Response.json({ endpoints: [] });
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      if (refusals-- > 0) return Response.json({ code: 'step_up_required', message: 'Confirm with a current code first.' }, { status: 403 });
      return Response.json({ endpoint: ENDPOINT, secret: SECRET }, { status: 201 });
    }),
  );
  /** The app's dialog, reduced to its contract: "Verified" stands for a correct code. */
  const FakeStepUp = ({ open, onVerified }: { open: boolean; onClose: () => void; onVerified: () => void }) =>
    open ? (
      <div role="dialog" aria-label="Confirm it's you">
        <button type="button" onClick={onVerified}>
          Verified
        </button>
      </div>
    ) : null;
  const user = userEvent.setup();
  renderWithQueryClient(<WebhooksSection organizationId={ORG} organizationName="Contoso" StepUpDialog={FakeStepUp} />);
  await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
  const form = screen.getByRole('dialog', { name: 'Add a webhook' });
  await user.type(within(form).getByLabelText(/Endpoint URL/), ENDPOINT.url);
  await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
  const stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
  expect(screen.queryByRole('dialog', { name: 'Add a webhook' })).not.toBeInTheDocument();
  await user.click(within(stepUp).getByRole('button', { name: 'Verified' }));
  const shown = await screen.findByRole('dialog', { name: 'Webhook added: its signing secret' });
  expect(within(shown).getByTestId('webhook-secret')).toHaveValue(SECRET);
  expect(sent).toHaveLength(2);
  expect(sent[1]).toEqual(sent[0]);
});
