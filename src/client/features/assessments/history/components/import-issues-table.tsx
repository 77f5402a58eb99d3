import { ScrollRegion } from '@/client/components/ui/scroll-region.tsx';
import type { ImportIssue } from '@/contracts/import.ts';

/** The problems of a refused file, one per row and field, in the words of the spreadsheet. */
export function ImportIssuesTable({ issues }: { issues: readonly ImportIssue[] }) {
  return (
    <ScrollRegion label="Problems in the file" className="max-h-72 overflow-y-auto rounded-lg border border-slate-200">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Problems in the file, by row</caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="w-14 px-3 py-2 font-medium">
              Row
            </th>
            <th scope="col" className="w-28 px-3 py-2 font-medium">
              Field
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {issues.map((issue, index) => (
            <tr key={`${issue.row ?? 'file'}-${issue.field}-${index}`} className="border-t border-slate-100 align-top">
              <td className="px-3 py-2 tabular-nums">{issue.row ?? '—'}</td>
              <td className="px-3 py-2 font-medium [overflow-wrap:anywhere]">{issue.field}</td>
              <td className="px-3 py-2 [overflow-wrap:anywhere]">{issue.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
