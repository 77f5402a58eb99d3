import { DataTable, type TableDefinition } from '@/client/components/ui/data-table.tsx';
import type { WhatChanged } from '@/reports/what-changed.ts';
import { formatLongDate, formatUsdChange, formatUsdExact } from '@/reports/format.ts';
import { useWhatChanged } from '../api/get-report.ts';
import { WaterfallSvg } from './slide-charts.tsx';

type Step = WhatChanged['steps'][number];

/** Each row's changes are listed under its step. */
const STEPS_TABLE: TableDefinition<Step> = {
  caption: 'Change of the expected annual loss by step',
  rowKey: (step) => step.id,
  look: { cell: 'py-1 pr-2', row: 'border-b border-slate-200 align-top' },
  columns: [
    {
      header: 'Step',
      cell: (step) => (
        <>
          {step.label}
          {step.changes.length > 0 ? (
            <ul className="mt-1 list-disc pl-5 font-normal text-slate-700">
              {step.changes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          ) : null}
        </>
      ),
    },
    { header: 'Change', cell: (step) => formatUsdChange(step.deltaUsd), className: 'text-right', cellClassName: 'tabular-nums' },
  ],
};

/** "Since your last assessment" on the results page: the dollar waterfall from the previous completed assessment. */
export function WhatChangedPanel({ assessmentId }: { assessmentId: string }) {
  const { data, isLoading, error } = useWhatChanged(assessmentId);
  if (isLoading || error || !data?.whatChanged) return null;
  const change = data.whatChanged;
  const direction = change.totalDeltaUsd <= 0 ? 'down' : 'up';
  return (
    <section aria-labelledby="what-changed-title" className="mb-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="what-changed">
      <h2 id="what-changed-title" className="text-xl font-bold text-slate-900">
        Since your last assessment
      </h2>
      <p className="mt-1 text-slate-800">
        Expected annual loss went {direction} {formatUsdChange(change.totalDeltaUsd).replace(/^[+-]/, '')}: from {formatUsdExact(change.previous.aleUsd)} ({formatLongDate(change.previous.completedAt)}) to {formatUsdExact(change.current.aleUsd)}. Each step re-runs the model on the same simulated years, changing one group of answers at a time.
      </p>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        <WaterfallSvg change={change} label={`Waterfall from ${formatUsdExact(change.previous.aleUsd)} to ${formatUsdExact(change.current.aleUsd)}`} />
        <DataTable table={STEPS_TABLE} rows={change.steps} />
      </div>
    </section>
  );
}
