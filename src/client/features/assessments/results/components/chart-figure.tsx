import type { ReactNode } from 'react';

/**
 * A chart with its text alternative: the drawing is hidden from assistive technology and
 * summarised in words, and the same numbers are one click away as a real table.
 */
export function ChartFigure({ title, summary, table, children, id }: { id: string; title: string; summary: string; table: ReactNode; children: ReactNode }) {
  return (
    <figure className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <p className="text-sm text-slate-700">{summary}</p>
      {/* Fixed size + strict containment: redrawing a chart never re-lays out or repaints the rest of the page. */}
      <div inert className="h-72 w-full min-w-0 [contain:strict]">
        {children}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer rounded text-blue-800 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">Show the data as a table</summary>
        <div className="mt-2 max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={`${title}: data table`}>
          {table}
        </div>
      </details>
    </figure>
  );
}

export function DataTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h} scope="col" className="border-b border-slate-300 px-2 py-1 font-semibold">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i} className="odd:bg-slate-50">
            {row.map((cell, j) =>
              j === 0 ? (
                <th key={j} scope="row" className="px-2 py-1 font-normal">
                  {cell}
                </th>
              ) : (
                <td key={j} className="px-2 py-1 tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
