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
  /** Classes of the column's cells only, e.g. 'tabular-nums' for figures. */
  readonly cellClassName?: string;
  /** A cell's own attributes: a data-testid for the tests that read one figure, a title to show on hover. */
  readonly cellAttributes?: (row: Row) => { readonly 'data-testid'?: string; readonly title?: string };
}

/** The header row: one `th scope="col"` a column. */
export function DataTableHead({
  headers,
  className,
  rowClassName = 'border-b border-slate-300',
  cellClassName,
}: {
  headers: ReadonlyArray<{ readonly header: ReactNode; readonly className?: string; readonly headerClassName?: string }>;
  className?: string;
  rowClassName?: string;
  /** Classes of every header cell: the padding. */
  cellClassName: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {headers.map((column, index) => (
          <th key={index} scope="col" className={cn(cellClassName, column.className, column.headerClassName)}>
            {column.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * The look of a plain list table (scenarios, fixes): a light header row and rows with a hairline.
 * Its last column's header has no right padding ('pr-0'), as it often holds the row's actions.
 */
export const LIST_TABLE = {
  headRowClassName: 'border-b border-slate-200 text-slate-700',
  headCellClassName: 'py-2 pr-3',
  cellClassName: 'py-1.5 pr-3',
  rowClassName: 'border-b border-slate-100 align-top',
  rowHeaderClassName: 'font-medium text-slate-900',
} as const;

/**
 * A table of rows described by its columns, so a page says what each column shows and the markup
 * (caption, `th scope`, row header) is written once. The first cell names its row (`th scope="row"`)
 * unless `hasRowHeader` is false. `children` are rows after the data rows.
 */
export function DataTable<Row>({
  caption,
  captionClassName = 'sr-only',
  columns,
  rows,
  rowKey,
  cellClassName,
  headCellClassName = cellClassName,
  className,
  headClassName,
  headRowClassName,
  rowClassName = 'border-b border-slate-200',
  rowHeaderClassName = 'font-medium',
  hasRowHeader = true,
  testId,
  rowTestId,
  labelledBy,
  children,
}: {
  caption?: ReactNode;
  captionClassName?: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** Classes of every cell: the padding. */
  cellClassName: string;
  /** Classes of every header cell; the cells' by default. */
  headCellClassName?: string;
  className?: string;
  headClassName?: string;
  headRowClassName?: string;
  rowClassName?: string;
  rowHeaderClassName?: string;
  hasRowHeader?: boolean;
  testId?: string;
  rowTestId?: (row: Row) => string;
  labelledBy?: string;
  children?: ReactNode;
}) {
  return (
    <table className={cn('w-full text-left text-sm', className)} data-testid={testId} aria-labelledby={labelledBy}>
      {caption === undefined ? null : <caption className={captionClassName}>{caption}</caption>}
      <DataTableHead headers={columns} className={headClassName} rowClassName={headRowClassName} cellClassName={headCellClassName} />
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowKey(row, rowIndex)} className={rowClassName} data-testid={rowTestId?.(row)}>
            {columns.map((column, index) => {
              const Cell = hasRowHeader && index === 0 ? 'th' : 'td';
              return (
                <Cell
                  key={index}
                  scope={Cell === 'th' ? 'row' : undefined}
                  className={cn(cellClassName, column.className, column.cellClassName, Cell === 'th' && rowHeaderClassName)}
                  {...column.cellAttributes?.(row)}
                >
                  {column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
        {children}
      </tbody>
    </table>
  );
}
