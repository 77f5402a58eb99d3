import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import type { PlanAction, PlanRecommendation } from '@/contracts/monitoring.ts';
import { AcceptRecommendationDialog } from './accept-recommendation-dialog.tsx';
import { ActionItem } from './action-item.tsx';

const ASSESSMENT_ID = '4f7d8a52-9b1c-4d2e-8f3a-6b5c4d3e2f1a';
const OWNER_ID = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const recommendation: PlanRecommendation = {
  assessmentId: ASSESSMENT_ID,
  factorId: 'A4',
  factorName: 'Backups',
  controlName: 'Backups',
  action: 'Test restores',
  annualLossReductionUsd: 120_000,
  annualCostMidUsd: 4000.4,
  actionId: null,
};

const action: PlanAction = {
  id: 'a1',
  factorId: 'A4',
  factorName: 'Backups',
  controlName: 'Backups',
  title: 'Backups: Test restores',
  targetAnswer: 'best',
  owner: null,
  dueDate: null,
  status: 'planned',
  declineReason: null,
  estimatedCostUsd: null,
  actualCostUsd: null,
  expectedReductionUsd: 120_000,
  currentReductionUsd: 100_000,
  sourceAssessmentId: ASSESSMENT_ID,
  isOverdue: false,
  doneAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  realised: null,
};

function renderWithQuery(children: ReactNode) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ id: 'a1' }), { headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
  return fetchMock;
}

function sentBody(fetchMock: ReturnType<typeof renderWithQuery>, call = 0): unknown {
  const init = fetchMock.mock.calls[call]?.[1];
  return JSON.parse(String(init?.body));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test('"Add to plan" checks the cost as it is typed and sends owner, due date and cost', async () => {
  const user = userEvent.setup();
  const fetchMock = renderWithQuery(<AcceptRecommendationDialog recommendation={recommendation} members={[{ id: OWNER_ID, name: 'Priya Raman' }]} defaultOwnerId={OWNER_ID} />);
  await user.click(screen.getByRole('button', { name: 'Add to plan' }));
  const cost = await screen.findByLabelText('Estimated cost per year (USD)');
  expect(cost).toHaveValue('4000');

  await user.clear(cost);
  await user.type(cost, '12.5');
  expect(await screen.findByRole('alert')).toHaveTextContent('Enter whole dollars (0 or more).');
  expect(cost).toHaveAttribute('aria-invalid', 'true');
  expect(cost).toHaveAccessibleDescription('Enter whole dollars (0 or more).');
  const submit = screen.getByRole('button', { name: 'Add to plan' });
  expect(submit).toBeDisabled();

  await user.clear(cost);
  await user.type(cost, '2500');
  await waitFor(() => expect(submit).toBeEnabled());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Due date'), '2031-01-15');
  await user.click(submit);

  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/monitoring/actions');
  expect(sentBody(fetchMock)).toEqual({ assessmentId: ASSESSMENT_ID, factorId: 'A4', ownerUserId: OWNER_ID, dueDate: '2031-01-15', estimatedCostUsd: 2500 });
});

test('"Add to plan" sends null for a blank owner, due date and cost', async () => {
  const user = userEvent.setup();
  const fetchMock = renderWithQuery(<AcceptRecommendationDialog recommendation={recommendation} members={[]} defaultOwnerId={null} />);
  await user.click(screen.getByRole('button', { name: 'Add to plan' }));
  await user.clear(await screen.findByLabelText('Estimated cost per year (USD)'));
  await user.click(screen.getByRole('button', { name: 'Add to plan' }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  expect(sentBody(fetchMock)).toEqual({ assessmentId: ASSESSMENT_ID, factorId: 'A4', ownerUserId: null, dueDate: null, estimatedCostUsd: null });
});

test('declining asks for a reason, keeps it through Cancel, and sends it trimmed', async () => {
  const user = userEvent.setup();
  const fetchMock = renderWithQuery(
    <ul>
      <ActionItem action={action} members={[]} onDone={() => undefined} />
    </ul>,
  );
  await user.selectOptions(screen.getByLabelText('Status'), 'declined');
  const reason = screen.getByLabelText('Reason for declining');
  const decline = screen.getByRole('button', { name: 'Decline' });
  expect(decline).toBeDisabled();
  await user.type(reason, '   ');
  expect(decline).toBeDisabled();

  await user.type(reason, 'Too costly this year  ');
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByLabelText('Reason for declining')).not.toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Status'), 'declined');
  expect(screen.getByLabelText('Reason for declining')).toHaveValue('   Too costly this year  ');

  await user.click(screen.getByRole('button', { name: 'Decline' }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/monitoring/actions/a1');
  expect(sentBody(fetchMock)).toEqual({ status: 'declined', declineReason: 'Too costly this year' });
  expect(screen.queryByLabelText('Reason for declining')).not.toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
