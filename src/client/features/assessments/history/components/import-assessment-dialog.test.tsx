import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import type { ImportRefusal } from '@/contracts/import.ts';
import { stubApi } from '@/client/test/stub-api.ts';
import { ImportAssessmentDialog } from './import-assessment-dialog.tsx';

/** ADR 231: a refused partner file lists each refused row in the dialog, whatever the reason (membership or payment). */

afterEach(() => vi.unstubAllGlobals());

const UNPAID = '"Harbour Dental" has no subscription that allows use: one of its owners must subscribe before assessments can be added to it';

test('a partner file refused for an unpaid organisation shows each refused row with its reason', async () => {
  const refusal: ImportRefusal = {
    code: 'forbidden',
    message: 'Nothing was imported: the file names organisations you cannot add assessments to.',
    issues: [
      { row: 3, field: 'organization', message: UNPAID },
      { row: 5, field: 'organization', message: 'You are not a member (member role or above) of an organisation "Elsewhere"' },
    ],
  };
  const calls = stubApi({ 'POST /api/assessments/import/partner': [{ status: 403, body: refusal }] });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ImportAssessmentDialog />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Import' }));
  await user.click(screen.getByRole('radio', { name: /Client organisations/ }));
  await user.upload(screen.getByLabelText(/File/), new File(['organization,Title\n'], 'clients.csv', { type: 'text/csv' }));
  await user.click(within(screen.getByRole('form', { name: 'Import assessments' })).getByRole('button', { name: 'Import' }));

  expect(await screen.findByText('The file was not imported')).toBeInTheDocument();
  expect(screen.getByText(refusal.message)).toBeInTheDocument();
  const rows = within(screen.getByRole('table', { name: /Problems in the file/ })).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
    ['3', 'organization', UNPAID],
    ['5', 'organization', refusal.issues[1]!.message],
  ]);
  expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/assessments/import/partner']);
});
