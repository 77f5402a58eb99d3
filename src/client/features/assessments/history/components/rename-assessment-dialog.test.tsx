import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { Toaster } from '@/client/components/ui/toaster.tsx';
import type { AssessmentListItem, AssessmentPage } from '@/contracts/assessments.ts';
import { HistoryTable } from './history-table.tsx';

/** ADR 217: History renames an assessment in an accessible dialog, and the list then shows the new title. */

const ITEM: AssessmentListItem = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Risk assessment 2026-11-20',
  path: 'commercial',
  status: 'completed',
  currentStep: null,
  author: { id: 'u1', name: 'Dana Whitfield' },
  engineVersion: '2.0.0',
  seed: 1,
  summary: { aleUsd: 141_100, score: 55, band: 'moderate', bandLabel: 'Moderate', probabilityOfAnyEvent: 0.3 },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  completedAt: '2026-11-20T10:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const page = (item: AssessmentListItem): AssessmentPage => ({ items: [item], page: 1, pageSize: 20, total: 1 });

/** A server with one assessment: the list answers its current title, a rename answers `renameAnswer` and, on success, changes it. */
function setup(renameAnswer: (title: string) => Response) {
  let current = ITEM;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/assessments?')) return json(page(current));
    if (url === `/api/assessments/${ITEM.id}/rename` && init?.method === 'POST') {
      const { title } = JSON.parse(String(init.body)) as { title: string };
      const answer = renameAnswer(title);
      if (answer.ok) current = { ...current, title };
      return answer;
    }
    return json({ code: 'not_found', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HistoryTable />
      <Toaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const renameCalls = (fetchMock: ReturnType<typeof setup>) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/rename'));

/** Opens the rename dialog of the listed assessment from History. */
async function openRenameDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: `Rename ${ITEM.title}` }));
  return screen.findByRole('dialog', { name: 'Rename assessment' });
}

test('the rename dialog is labelled, starts from the current title, saves the new one and History shows it', async () => {
  const user = userEvent.setup();
  const fetchMock = setup((title) => json({ ...ITEM, title }));
  const dialog = await openRenameDialog(user);
  const field = within(dialog).getByLabelText(/Name/);
  expect(field).toHaveValue(ITEM.title);
  await user.clear(field);
  await user.type(field, 'Harbour Credit Union — after MFA');
  await user.click(within(dialog).getByRole('button', { name: 'Save name' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await screen.findByRole('link', { name: 'Harbour Credit Union — after MFA' })).toBeInTheDocument();
  expect(renameCalls(fetchMock)).toHaveLength(1);
  expect(JSON.parse(String(renameCalls(fetchMock)[0]?.[1]?.body))).toEqual({ title: 'Harbour Credit Union — after MFA' });
});

test('an empty name is refused in the dialog with its message, and nothing is sent', async () => {
  const user = userEvent.setup();
  const fetchMock = setup((title) => json({ ...ITEM, title }));
  const dialog = await openRenameDialog(user);
  const field = within(dialog).getByLabelText(/Name/);
  await user.clear(field);
  await user.type(field, '   ');
  await user.click(within(dialog).getByRole('button', { name: 'Save name' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Title is required');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAttribute('aria-describedby', 'assessment-title-error');
  expect(renameCalls(fetchMock)).toHaveLength(0);
});

test("the server's refusal is shown on the field and the dialog stays open; Cancel closes it unchanged", async () => {
  const user = userEvent.setup();
  setup(() => json({ code: 'not_found', message: 'Assessment not found' }, 404));
  const dialog = await openRenameDialog(user);
  await user.type(within(dialog).getByLabelText(/Name/), ' (final)');
  await user.click(within(dialog).getByRole('button', { name: 'Save name' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Assessment not found');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('link', { name: ITEM.title })).toBeInTheDocument();
});
