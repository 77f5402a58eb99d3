import { render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ACTIONS_COLUMN, TableHead } from './data-table.tsx';
import { RowHeaderTable } from './row-header-table.tsx';

test('a row-header table names each row by its first cell and keeps the figures apart', () => {
  render(
    <RowHeaderTable
      caption="The priced options"
      columns={['Option', 'Cost']}
      rows={[
        ['Do nothing', '$0'],
        ['Fix backups', '$12k'],
      ]}
      cellClassName="py-1 pr-3"
    />,
  );
  const table = screen.getByRole('table', { name: 'The priced options' });
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Option', 'Cost']);
  const rowHeaders = within(table).getAllByRole('rowheader');
  expect(rowHeaders.map((th) => th.textContent)).toEqual(['Do nothing', 'Fix backups']);
  expect(rowHeaders[0]!.className).toBe('py-1 pr-3 font-medium whitespace-nowrap');
  expect(within(table).getByRole('cell', { name: '$12k' }).className).toBe('py-1 pr-3 tabular-nums');
});

test("a plain table head pads every column's header but the last", () => {
  render(
    <table>
      <TableHead columns={['Person', 'Role', ACTIONS_COLUMN]} />
    </table>,
  );
  const headers = screen.getAllByRole('columnheader');
  expect(headers.map((th) => th.className)).toEqual(['py-2 pr-3', 'py-2 pr-3', 'py-2']);
  expect(headers[2]!.textContent).toBe('Actions');
});
