import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils.ts';

/** One column of a data table: its header and how a row fills its cell. */
export interface DataColumn<Row> {
  readonly header: ReactNode;
  readonly cell: (row: Row) => ReactNode;
  /** Classes of the header and of every cell of the column beside the table's padding: alignment, width, 'pr-0' for the last. */
  readonly className?: string;
  /** Classes of the column's header only. */
  readonly headerClassName?: string;
  /** Classes of the column's cells only, e.g. 'tabular-nums' for figures, 'font-normal' for a plain row header. */
  readonly cellClassName?: string;
  /** A cell's own attributes: a data-testid for the tests that read one figure, a title to show on hover. */
  readonly cellAttributes?: (row: Row) => { readonly 'data-testid'?: string; readonly title?: string };
}

/** How a table looks. Header cells take `cell` then `head`, merged (tailwind-merge), so `head: 'py-2'` replaces the vertical padding only. */
export interface TableLook {
  /** Classes of every cell: the padding. */
  readonly cell: string;
  readonly head?: string;
  /** Classes of the table: its width and layout. */
  readonly table?: string;
  readonly thead?: string;
  /** Classes of the header row; a rule under it by default. */
  readonly headRow?: string;
  /** Classes of every body row; a hairline under each by default. */
  readonly row?: string;
}

/** What a table shows and how, written once beside its page; the rows come with each render. */
export interface TableDefinition<Row> {
  /** Read by screen readers only unless `captionClassName` shows it; left out when a heading labels the table. */
  readonly caption?: string;
  readonly captionClassName?: string;
  readonly columns: readonly DataColumn<Row>[];
  readonly rowKey: (row: Row, index: number) => string;
  readonly rowTestId?: (row: Row) => string;
  /** The first cell names its row (`th scope="row"`) unless false. */
  readonly hasRowHeader?: boolean;
  readonly look: TableLook;
  readonly testId?: string;
}

/**
 * The look of a plain list table (scenarios, fixes): a light header row and rows with a hairline,
 * wide enough to scroll sideways on a phone rather than squeeze. Its last column's header has no
 * right padding (`headerClassName: 'pr-0'`), like `TableHead`'s.
 */
export const LIST_LOOK: TableLook = {
  cell: 'py-1.5 pr-3',
  head: 'py-2',
  table: 'min-w-[36rem]',
  headRow: 'border-b border-slate-200 text-slate-700',
  row: 'border-b border-slate-100 align-top',
};

/** A row header in a list table: the name stands out from the figures. */
export const LIST_ROW_HEADER = 'text-slate-900';

/** The header row: one `th scope="col"` a column. */
export function DataTableHead({
  headers,
  look,
}: {
  headers: ReadonlyArray<{ readonly header: ReactNode; readonly className?: string; readonly headerClassName?: string }>;
  look: TableLook;
}) {
  return (
    <thead className={look.thead}>
      <tr className={look.headRow ?? 'border-b border-slate-300'}>
        {headers.map((column, index) => (
          <th key={index} scope="col" className={cn(look.cell, look.head, column.className, column.headerClassName)}>
            {column.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * The header row of a plain data table whose page writes its own rows (the admin lists, members,
 * webhook deliveries): the last column's header has no right padding (often the row's actions).
 */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  const headers = columns.map((header, index) => ({ header, headerClassName: index === columns.length - 1 ? undefined : 'pr-3' }));
  return <DataTableHead headers={headers} look={PLAIN_HEAD_LOOK} />;
}

const PLAIN_HEAD_LOOK: TableLook = { cell: 'py-2', headRow: 'border-b border-slate-200 text-slate-700' };

/** The header of a column of row actions: named for screen readers only. */
export const ACTIONS_COLUMN = <span className="sr-only">Actions</span>;

/**
 * A table of rows described by its columns, so a page says what each column shows and the markup
 * (caption, `th scope`, row header) is written once. `className` adds to the look's table classes
 * where they depend on the rows (a smaller type for a long list).
 */
export function DataTable<Row>({
  table,
  rows,
  className,
  labelledBy,
}: {
  table: TableDefinition<Row>;
  rows: readonly Row[];
  className?: string;
  labelledBy?: string;
}) {
  const { look, columns } = table;
  const hasRowHeader = table.hasRowHeader ?? true;
  return (
    <table className={cn('w-full text-left text-sm', look.table, className)} data-testid={table.testId} aria-labelledby={labelledBy}>
      {table.caption === undefined ? null : <caption className={table.captionClassName ?? 'sr-only'}>{table.caption}</caption>}
      <DataTableHead headers={columns} look={look} />
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={table.rowKey(row, rowIndex)} className={look.row ?? 'border-b border-slate-200'} data-testid={table.rowTestId?.(row)}>
            {columns.map((column, index) => {
              const Cell = hasRowHeader && index === 0 ? 'th' : 'td';
              return (
                <Cell
                  key={index}
                  scope={Cell === 'th' ? 'row' : undefined}
                  className={cn(look.cell, column.className, Cell === 'th' && 'font-medium', column.cellClassName)}
                  {...column.cellAttributes?.(row)}
                >
                  {column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
