import { DataTable, type DataColumn } from './data-table.tsx';

/**
 * A table whose first cell of each row names the row (the priced options of the board pack on the
 * results page and on /presentation: src/reports/decision-options.ts gives columns and cells), as
 * a DataTable of string cells.
 */
export function RowHeaderTable({
  caption,
  columns,
  rows,
  className,
  cellClassName,
}: {
  caption: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
  className?: string;
  /** Padding of every cell, e.g. 'py-1 pr-3'. */
  cellClassName: string;
}) {
  const cellColumns = columns.map(
    (header, index): DataColumn<readonly string[]> => ({
      header,
      cell: (cells) => cells[index],
      cellClassName: index === 0 ? 'whitespace-nowrap' : 'tabular-nums',
    }),
  );
  const table = { caption, columns: cellColumns, rowKey: (cells: readonly string[]) => cells[0] ?? '', look: { cell: cellClassName, head: 'align-bottom' } };
  return <DataTable table={table} rows={rows} className={className} />;
}
