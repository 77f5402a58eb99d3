import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/client/components/ui/badge.tsx';
import { DataTable, type TableDefinition } from '@/client/components/ui/data-table.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { FACTOR_ANSWER_LABELS, type MonitoringTrend, type TrendStep } from '@/contracts/monitoring.ts';
import { useTrend } from '../api/get-trend.ts';
import { formatDay, formatPercent, formatUsd, formatUsdChange } from '../lib/format.ts';

const TrendChart = lazy(async () => ({ default: (await import('./trend-chart.tsx')).TrendChart }));

const FRAMEWORK_STATUS_LABELS: Record<string, string> = {
  notApplicable: 'not applicable',
  notStarted: 'not started',
  inProgress: 'in progress',
  compliant: 'compliant',
  unknown: 'not known',
};

function trendSummary(trend: MonitoringTrend): string {
  const first = trend.points[0];
  const last = trend.points.at(-1);
  if (!first || !last) return '';
  if (trend.points.length === 1)
    return `One completed assessment so far: expected annual loss ${formatUsd(last.aleUsd)}. Complete the next one to see the trend.`;
  const change = last.aleUsd - first.aleUsd;
  return `Across ${trend.points.length} completed assessments, expected annual loss went from ${formatUsd(first.aleUsd)} to ${formatUsd(last.aleUsd)} (${formatUsdChange(change)}); a bad year from ${formatUsd(first.p95Usd)} to ${formatUsd(last.p95Usd)}.`;
}

function StepItem({ step, fromTitle, toTitle }: { step: TrendStep; fromTitle: string; toTitle: string }) {
  const better = step.aleDeltaUsd < 0;
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium break-words text-slate-900">
          {fromTitle} → {toTitle}
        </span>
        <Badge variant={better ? 'success' : step.aleDeltaUsd > 0 ? 'destructive' : 'secondary'}>
          {formatUsdChange(step.aleDeltaUsd)} / year
        </Badge>
        {step.modelChanged ? <Badge variant="outline">Model version changed</Badge> : null}
      </p>
      <ul className="mt-2 grid gap-1 text-sm text-slate-700">
        {step.factorChanges.map((change) => (
          <li key={change.factorId}>
            {change.factorName}: {FACTOR_ANSWER_LABELS[change.from]} → {FACTOR_ANSWER_LABELS[change.to]}
          </li>
        ))}
        {step.frameworkChanges.map((change) => (
          <li key={change.frameworkId}>
            {change.frameworkName}: {FRAMEWORK_STATUS_LABELS[change.from] ?? change.from} →{' '}
            {FRAMEWORK_STATUS_LABELS[change.to] ?? change.to}
          </li>
        ))}
        {step.profileChanges.length > 0 ? <li>Profile changed: {step.profileChanges.join(', ')}</li> : null}
        {step.factorChanges.length + step.frameworkChanges.length + step.profileChanges.length === 0 ? (
          <li>No answers changed{step.modelChanged ? ': the difference comes from the model update.' : '.'}</li>
        ) : null}
      </ul>
    </li>
  );
}

/** Risk over time: the chart, the same numbers as a table, and what changed between assessments. */
export function TrendSection() {
  const { data, isLoading, error } = useTrend();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="trend-title">Risk over time</CardTitle>
        <CardDescription>
          Expected annual loss, the chance of at least one loss event, a bad year (the 95th percentile) and the risk score of every
          completed assessment.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading ? <p className="text-sm text-slate-600">Loading the trend…</p> : null}
        {error ? <p className="text-sm text-red-700">Could not load the trend: {getErrorMessage(error)}</p> : null}
        {data && data.points.length === 0 ? (
          <p className="text-sm text-slate-700">
            No completed assessment yet.{' '}
            <Link href="/?new=1" className="text-blue-800 underline">
              Start one
            </Link>{' '}
            to begin tracking your risk.
          </p>
        ) : null}
        {data && data.points.length > 0 ? (
          <>
            <figure aria-labelledby="trend-title" className="grid min-w-0 gap-2">
              <figcaption className="text-sm text-slate-700">{trendSummary(data)}</figcaption>
              <div inert className="h-72 w-full min-w-0 [contain:strict]" data-testid="trend-chart">
                <Suspense fallback={<p className="text-sm text-slate-600">Drawing the chart…</p>}>
                  <TrendChart points={data.points} />
                </Suspense>
              </div>
            </figure>
            <TrendTable points={data.points} />
            <TrendSteps trend={data} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

type TrendPoint = MonitoringTrend['points'][number];

const FIGURE = { className: 'text-right', cellClassName: 'tabular-nums' } as const;

/** Striped rows: the table is read across, one assessment a row. */
const TREND_TABLE: TableDefinition<TrendPoint> = {
  caption: 'Completed assessments over time',
  rowKey: (point) => point.assessmentId,
  look: { cell: 'px-2 py-1', table: 'min-w-[560px] border-collapse', row: 'border-b border-slate-100 odd:bg-slate-50' },
  columns: [
    {
      header: 'Completed',
      cellClassName: 'font-normal',
      cell: (point) => (
        <>
          <Link href={`/history/${point.assessmentId}`} className="text-blue-800 underline">
            {formatDay(point.completedAt)}
          </Link>
          <span className="block text-xs text-slate-600">{point.title}</span>
        </>
      ),
    },
    { header: 'Expected annual loss', cell: (point) => formatUsd(point.aleUsd), ...FIGURE },
    { header: 'Chance of an event', cell: (point) => formatPercent(point.probabilityOfAnyEvent), ...FIGURE },
    { header: 'A bad year (P95)', cell: (point) => formatUsd(point.p95Usd), ...FIGURE },
    { header: 'Score', cell: (point) => Math.round(point.score), ...FIGURE },
    {
      header: 'Model',
      cell: (point) => (
        <>
          {point.engineVersion ?? '—'}
          {point.modelChanged ? <span className="ml-1 text-xs font-semibold text-violet-800">(new model)</span> : null}
        </>
      ),
    },
  ],
};

/** The chart's numbers as a table, folded away. */
function TrendTable({ points }: { points: MonitoringTrend['points'] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded text-blue-800 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">
        Show the data as a table
      </summary>
      <div className="mt-2 overflow-x-auto">
        <DataTable table={TREND_TABLE} rows={points} />
      </div>
    </details>
  );
}

/** What changed between consecutive assessments, newest first. */
function TrendSteps({ trend }: { trend: MonitoringTrend }) {
  const titles = new Map(trend.points.map((point) => [point.assessmentId, point.title]));
  return trend.steps.length > 0 ? (
    <section aria-labelledby="steps-title" className="grid gap-2">
      <h3 id="steps-title" className="text-base font-semibold text-slate-900">
        What changed
      </h3>
      <ol className="grid gap-2">
        {[...trend.steps].reverse().map((step) => (
          <StepItem
            key={step.toAssessmentId}
            step={step}
            fromTitle={titles.get(step.fromAssessmentId) ?? 'Previous'}
            toTitle={titles.get(step.toAssessmentId) ?? 'Next'}
          />
        ))}
      </ol>
    </section>
  ) : null;
}
