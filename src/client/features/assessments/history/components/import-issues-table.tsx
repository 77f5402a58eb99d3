import { DataTable, type TableDefinition } from '@/client/components/ui/data-table.tsx';
import { ScrollRegion } from '@/client/components/ui/scroll-region.tsx';
import type { ImportIssue } from '@/contracts/import.ts';

/** A file-wide problem has no row; one row may have several problems in one field. */
const issueKey = (issue: ImportIssue, index: number) => `${issue.row ?? 'file'}-${issue.field}-${index}`;

/** No row header (the row number is not a name); the header stays in view while the list scrolls. */
const ISSUES_TABLE: TableDefinition<ImportIssue> = {
  caption: 'Problems in the file, by row',
  rowKey: issueKey,
  hasRowHeader: false,
  look: {
    cell: 'px-3 py-2',
    head: 'font-medium',
    table: 'table-fixed',
    thead: 'sticky top-0 bg-slate-50 text-slate-700',
    headRow: '',
    row: 'border-t border-slate-100 align-top',
  },
  columns: [
    { header: 'Row', cell: (issue) => issue.row ?? '—', className: 'w-14', cellClassName: 'tabular-nums' },
    { header: 'Field', cell: (issue) => issue.field, className: 'w-28 font-medium', cellClassName: '[overflow-wrap:anywhere]' },
    { header: 'Problem', cell: (issue) => issue.message, cellClassName: '[overflow-wrap:anywhere]' },
  ],
};

/** The problems of a refused file, one per row and field, in the words of the spreadsheet. */
export function ImportIssuesTable({ issues }: { issues: readonly ImportIssue[] }) {
  return (
    <ScrollRegion label="Problems in the file" className="max-h-72 overflow-y-auto rounded-lg border border-slate-200">
      <DataTable table={ISSUES_TABLE} rows={issues} />
    </ScrollRegion>
  );
}
