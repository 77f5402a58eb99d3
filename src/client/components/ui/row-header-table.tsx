import { cn } from '@/client/lib/utils.ts';

/**
 * A table whose first cell of each row names the row (the priced options of the board pack on the
 * results page and on /presentation: src/reports/decision-options.ts gives columns and cells).
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
  return (
    <table className={cn('w-full text-left text-sm', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300">
          {columns.map((label) => (
            <th key={label} scope="col" className={cn(cellClassName, 'align-bottom')}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells) => (
          <tr key={cells[0]} className="border-b border-slate-200">
            <th scope="row" className={cn(cellClassName, 'font-medium whitespace-nowrap')}>
              {cells[0]}
            </th>
            {cells.slice(1).map((cell, i) => (
              <td key={columns[i + 1]} className={cn(cellClassName, 'tabular-nums')}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
