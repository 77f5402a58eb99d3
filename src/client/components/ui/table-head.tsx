import type { ReactNode } from 'react';

/** The header row of a data table; the last column has no right padding (often the row's actions). */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr className="border-b border-slate-200 text-slate-700">
        {columns.map((column, index) => (
          <th key={index} scope="col" className={index === columns.length - 1 ? 'py-2' : 'py-2 pr-3'}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The header of a column of row actions: named for screen readers only. */
export const ACTIONS_COLUMN = <span className="sr-only">Actions</span>;
