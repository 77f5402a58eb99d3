import { DataTable, type DataColumn } from '@/client/components/ui/data-table.tsx';
import { ScrollRegion } from '@/client/components/ui/scroll-region.tsx';
import type { ImportIssue } from '@/contracts/import.ts';

const ISSUE_COLUMNS: readonly DataColumn<ImportIssue>[] = [
  { header: 'Row', cell: (issue) => issue.row ?? '—', className: 'w-14', cellClassName: 'tabular-nums' },
  { header: 'Field', cell: (issue) => issue.field, className: 'w-28 font-medium', cellClassName: '[overflow-wrap:anywhere]' },
  { header: 'Problem', cell: (issue) => issue.message, cellClassName: '[overflow-wrap:anywhere]' },
];

/** The problems of a refused file, one per row and field, in the words of the spreadsheet. */
export function ImportIssuesTable({ issues }: { issues: readonly ImportIssue[] }) {
  return (
    <ScrollRegion label="Problems in the file" className="max-h-72 overflow-y-auto rounded-lg border border-slate-200">
      <DataTable
        caption="Problems in the file, by row"
        columns={ISSUE_COLUMNS}
        rows={issues}
        rowKey={(issue, index) => `${issue.row ?? 'file'}-${issue.field}-${index}`}
        hasRowHeader={false}
        cellClassName="px-3 py-2"
        headCellClassName="px-3 py-2 font-medium"
        className="table-fixed"
        headClassName="sticky top-0 bg-slate-50 text-slate-700"
        headRowClassName=""
        rowClassName="border-t border-slate-100 align-top"
      />
    </ScrollRegion>
  );
}
