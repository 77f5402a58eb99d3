import type { ReactNode } from 'react';
import { Button } from '@/client/components/ui/button.tsx';
import { TableHead } from '@/client/components/ui/data-table.tsx';

export const SELECT_CLASS =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none';

export function Pagination({ label, page, pageSize, total, onPage }: { label: string; page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
      <span>
        Page {page} of {pages} · {total} in all
      </span>
      <span className="flex gap-2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}

/** One page of a filtered admin table: scrolls sideways on small screens, says when nothing matches, pages below. */
export function PagedTable({
  name,
  pagesLabel,
  columns,
  rowCount,
  emptyText,
  page,
  onPage,
  children,
}: {
  name: string;
  pagesLabel: string;
  columns: readonly ReactNode[];
  rowCount: number;
  emptyText: string;
  page: { page: number; pageSize: number; total: number };
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <>
      {/* relative: the sr-only header cell is absolutely positioned; without a positioned scroller it widens the page (390 px). */}
      <div className="relative min-w-0 overflow-x-auto" tabIndex={0} role="region" aria-label={`${name} table, scrolls sideways on small screens`}>
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{name}</caption>
          <TableHead columns={columns} />
          <tbody>{children}</tbody>
        </table>
      </div>
      {rowCount === 0 ? <p className="text-slate-700">{emptyText}</p> : null}
      <Pagination label={pagesLabel} page={page.page} pageSize={page.pageSize} total={page.total} onPage={onPage} />
    </>
  );
}
