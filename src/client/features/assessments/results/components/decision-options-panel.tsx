import { RowHeaderTable } from '@/client/components/ui/row-header-table.tsx';
import { ScrollRegion } from '@/client/components/ui/scroll-region.tsx';
import { OPTION_COLUMNS } from '@/reports/decision-options.ts';
import { useDecision } from '../api/get-decision.ts';

/** The priced options of the board pack (src/reports/decision-options.ts), as the PDF's decision page prints them. */
export function DecisionOptionsPanel({ assessmentId }: { assessmentId: string }) {
  const report = useDecision(assessmentId);
  const options = report.data?.keyFigures.options ?? null;
  if (report.isPending) return <p className="text-sm text-slate-700">Pricing the options for the board…</p>;
  if (report.isError)
    return (
      <p className="text-sm text-slate-700" data-testid="results-decision-options-error">
        The priced options could not be loaded: {report.error.message}
      </p>
    );
  if (options === null) return null;
  const rows = [options.doNothingCells, ...options.options.map((o) => o.cells)];
  return (
    <section
      aria-labelledby="decision-options-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="results-decision-options"
    >
      <h2 id="decision-options-title" className="text-xl font-bold text-slate-900">
        The decision: three priced options
      </h2>
      <p className="mt-1 text-sm text-slate-700">{options.intro}</p>
      <ScrollRegion label="The priced options" className="mt-3">
        <RowHeaderTable
          caption="The priced options"
          columns={OPTION_COLUMNS}
          rows={rows}
          className="min-w-[36rem]"
          cellClassName="py-1 pr-3"
        />
      </ScrollRegion>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-800">
        {options.options.map((o) => (
          <li key={o.id}>{o.line}</li>
        ))}
      </ul>
    </section>
  );
}
