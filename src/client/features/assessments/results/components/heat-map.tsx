import { memo, useMemo, type ReactNode } from 'react';
import { cn } from '@/client/lib/utils.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { usePostureFigures } from '../hooks/use-posture-figures.ts';
import { IMPACT_BANDS, LIKELIHOOD_BANDS, comparisonPostures, findBandIndex, locateResult, runSettingsOf, toPoint, type LikelihoodImpactPoint } from '../lib/likelihood-impact.ts';
import { formatPercent, formatUsd } from '../../shared/lib/format.ts';
import { DataTable } from './chart-figure.tsx';

/** The data table shows whole dollars: the same engine figures the headline rounds, checkable to the dollar. */
const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

const CELL_COLORS = ['bg-green-100', 'bg-lime-100', 'bg-amber-100', 'bg-orange-200', 'bg-red-200'];

function cellColor(likelihoodIndex: number, impactIndex: number): string {
  const level = Math.min(4, Math.floor((likelihoodIndex + impactIndex) / 2 + 0.5));
  return CELL_COLORS[level] ?? 'bg-slate-100';
}

/** A posture placed on the grid: its marker number and its likelihood row and impact column. */
type PlacedPoint = LikelihoodImpactPoint & { number: number; row: number; column: number };

function HeatCell({ row, column, placed }: { row: number; column: number; placed: readonly PlacedPoint[] }) {
  const here = placed.filter((p) => p.row === row && p.column === column);
  return (
    <div className={cn('flex min-h-16 flex-wrap content-center items-center justify-center gap-1 rounded p-1', cellColor(row, column))}>
      {here.map((p) => (
        <span
          key={p.id}
          title={p.label}
          className={cn(
            'inline-flex size-6 items-center justify-center rounded-full text-[11px] font-bold',
            p.isCurrent ? 'bg-slate-900 text-white ring-2 ring-white' : 'bg-white text-slate-900 ring-1 ring-slate-500',
          )}
        >
          {p.number}
        </span>
      ))}
    </div>
  );
}

/** The grid itself (hidden from assistive technology: the list and the table below say the same). */
function HeatGrid({ placed }: { placed: readonly PlacedPoint[] }) {
  const rows = [...LIKELIHOOD_BANDS.keys()].reverse();
  return (
    <div aria-hidden="true" className="overflow-x-auto">
      <p className="mb-1 text-xs text-slate-600">↑ Likelihood (annual): chance of at least one loss event in a year</p>
      <div className="grid min-w-[560px] grid-cols-[7.5rem_repeat(5,minmax(0,1fr))] gap-1 text-xs">
        {rows.map((row) => (
          <div key={row} className="contents">
            <div className="flex flex-col justify-center pr-2 text-right font-medium text-slate-800">
              {LIKELIHOOD_BANDS[row]?.label}
              <span className="font-normal text-slate-600">{LIKELIHOOD_BANDS[row]?.range}</span>
            </div>
            {IMPACT_BANDS.map((_, column) => (
              <HeatCell key={column} row={row} column={column} placed={placed} />
            ))}
          </div>
        ))}
        <div />
        {IMPACT_BANDS.map((b) => (
          <div key={b.label} className="pt-1 text-center font-medium text-slate-800">
            {b.label}
            <span className="block font-normal text-slate-600">{b.range}</span>
          </div>
        ))}
      </div>
      <p className="mt-1 text-center text-xs text-slate-600">Impact (per event): median cost of one event →</p>
    </div>
  );
}

function MarkerList({ placed }: { placed: readonly PlacedPoint[] }) {
  return (
    <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2" aria-label="Markers on the heat map">
      {placed.map((p) => (
        <li key={p.id} className="flex gap-2">
          <span
            aria-hidden="true"
            className={cn('inline-flex size-5 shrink-0 items-center justify-center rounded-full text-[10px] font-bold', p.isCurrent ? 'bg-slate-900 text-white' : 'bg-white ring-1 ring-slate-500')}
          >
            {p.number}
          </span>
          <span>
            {`${p.label}: chance of a loss event in a year ${LIKELIHOOD_BANDS[p.row]?.label.toLowerCase()} (${formatPercent(p.likelihood)}); ` +
              `median cost of one event ${IMPACT_BANDS[p.column]?.label.toLowerCase()} (${formatUsd(p.impactUsd)}); expected loss ${formatUsd(p.expectedAnnualLossUsd)} a year`}
          </span>
        </li>
      ))}
    </ol>
  );
}

function HeatMapTable({ placed }: { placed: readonly PlacedPoint[] }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-blue-800 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">Show the data as a table</summary>
      <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Heat map data table">
        <DataTable
          caption="Likelihood and impact of each posture (engine runs on the same simulated years)"
          headers={['Posture', 'Likelihood: chance of a loss event (annual)', 'Impact: median cost of one event (per event)', 'Expected loss (annual)', 'Cell']}
          rows={placed.map((p) => [
            p.label,
            formatPercent(p.likelihood),
            wholeUsd.format(p.impactUsd),
            wholeUsd.format(p.expectedAnnualLossUsd),
            `${LIKELIHOOD_BANDS[p.row]?.label} × ${IMPACT_BANDS[p.column]?.label}`,
          ])}
        />
      </div>
    </details>
  );
}

/**
 * Likelihood (rows, most likely on top) x impact (columns) with the given postures placed in
 * their cells. Not a chart library: a grid of real text, plus the same data as a table.
 */
export const HeatMap = memo(function HeatMap({
  points,
  title = 'Likelihood × impact',
  description,
  status,
}: {
  points: LikelihoodImpactPoint[];
  title?: string;
  description?: string;
  /** Shown while postures are still being computed, or when their runs failed. */
  status?: ReactNode;
}) {
  const placed = points.map((p, index) => ({
    ...p,
    number: index + 1,
    row: findBandIndex(p.likelihood, LIKELIHOOD_BANDS),
    column: findBandIndex(p.impactUsd, IMPACT_BANDS),
  }));
  return (
    <section aria-labelledby="heat-map-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id="heat-map-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mb-3 text-sm text-slate-700">
        {description ??
          'Likelihood is the chance of at least one loss event in a year (annual); impact is the median cost of one event (per event). Every marker is an engine run on the same simulated years as the figures above. Numbered markers are listed below the grid.'}
      </p>
      {status}
      <HeatGrid placed={placed} />
      <MarkerList placed={placed} />
      <HeatMapTable placed={placed} />
    </section>
  );
});

/**
 * The results page's heat map: the result itself, then the postures it is compared with (top
 * recommendations applied, average peer, every control at best, every answer at worst), each an
 * engine run with the result's seed and iterations in the heat-map worker (ADR 215). The best,
 * peer and worst expected losses are the risk score's 0, 50 and 100 anchors.
 */
export const ResultHeatMap = memo(function ResultHeatMap({
  result,
  profile,
}: {
  result: RiskResult;
  profile: Pick<RiskInput, 'organisation' | 'frameworks' | 'asOfDate'>;
}) {
  const postures = useMemo(() => comparisonPostures(profile, result), [profile, result]);
  const settings = useMemo(() => runSettingsOf(result), [result]);
  const { figures, keyOf, error } = usePostureFigures(postures, settings);
  const placed = postures.flatMap((p) => {
    const f = figures.get(keyOf(p));
    return f ? [toPoint(p.id, p.label, f)] : [];
  });
  const waiting = postures.length - placed.length;
  return <HeatMap points={[locateResult(result), ...placed]} status={<PostureStatus waiting={waiting} error={error} />} />;
});

/** Why some markers are missing: still running, or the runs failed. */
export function PostureStatus({ waiting, error, what = 'comparison postures' }: { waiting: number; error: string | null; what?: string }) {
  if (error) return <p role="alert" className="mb-2 text-sm text-red-800">The {what} could not be computed: {error}</p>;
  if (waiting === 0) return null;
  return (
    <p role="status" className="mb-2 text-sm text-slate-700">
      Running the {waiting} {what} on the same simulated years…
    </p>
  );
}
