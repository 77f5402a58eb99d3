import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import type { Assessment } from '@/contracts/assessments.ts';
import { formatDate, formatPercent, formatUsd } from '../../shared/lib/format.ts';
import type { TrendPoint } from '../lib/trend.ts';
import { computeUnknownRange } from '../../results/lib/unknown-range.ts';

function NextStep({ assessment }: { assessment: Assessment }) {
  const result = assessment.result;
  if (!result) return null;
  if (result.unknownFactors.length > 0) {
    return (
      <>
        {result.unknownFactors.length} answer{result.unknownFactors.length === 1 ? ' is' : 's are'} still “I don't know”. Hand the assessment to your security lead to narrow the range.
      </>
    );
  }
  const top = result.recommendations?.[0];
  if (top) {
    return (
      <>
        {top.factorName}: {top.action} It would cut the expected annual loss by about {formatUsd(top.annualLossReductionUsd)} a year, for a typical cost of {formatUsd(top.annualCostUsd.lowUsd)}–{formatUsd(top.annualCostUsd.highUsd)}.
      </>
    );
  }
  return <>Every control is at its best: re-assess when something changes, or at least once a year.</>;
}

/** The trend of completed assessments, as labelled bars (real text, no chart library needed). */
function TrendBars({ trend }: { trend: readonly TrendPoint[] }) {
  const max = Math.max(...trend.map((t) => t.aleUsd), 1);
  return (
    <ol aria-label="Expected annual loss of your completed assessments, oldest first" className="flex flex-col gap-1 text-sm">
      {trend.map((t) => (
        <li key={t.id} className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)_auto] items-center gap-2">
          <span className="truncate text-slate-700">{formatDate(t.completedAt)}</span>
          <span className="h-3 rounded bg-blue-700" style={{ width: `${Math.max(2, (t.aleUsd / max) * 100)}%` }} aria-hidden="true" />
          <span className="tabular-nums text-slate-900">{formatUsd(t.aleUsd)}</span>
        </li>
      ))}
    </ol>
  );
}

/** `/` after an assessment: the latest result, its trend against earlier ones, and the next step. */
export function LatestResultCard({ assessment, trend }: { assessment: Assessment; trend: readonly TrendPoint[] }) {
  const result = assessment.result;
  if (!result) return null;
  const ale = result.annualLoss.expectedUsd;
  const previous = trend.length >= 2 ? trend[trend.length - 2] : undefined;
  const range = computeUnknownRange(result);
  const change = previous ? ale - previous.aleUsd : 0;
  return (
    <section aria-labelledby="latest-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="latest-result">
      <h2 id="latest-title" className="text-xl font-semibold text-slate-900">
        Your latest result
      </h2>
      <p className="text-sm text-slate-700">
        {assessment.title}, completed {formatDate(assessment.completedAt ?? assessment.updatedAt)}.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-slate-700">Expected annual loss</p>
          <p className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid="latest-ale">
            {formatUsd(ale)}
          </p>
          {range ? (
            <p className="text-sm text-slate-800">
              Between {formatUsd(range.lowUsd)} and {formatUsd(range.highUsd)} depending on the unknown answers.
            </p>
          ) : null}
          <p className="text-sm text-slate-800">
            {formatPercent(result.probabilityOfAnyEvent)} chance of at least one loss event this year · Risk: {result.riskScore.bandLabel}
          </p>
          {previous ? (
            <p className={change <= 0 ? 'text-sm font-semibold text-green-800' : 'text-sm font-semibold text-red-800'} data-testid="latest-trend">
              {change <= 0 ? '▼' : '▲'} {formatUsd(Math.abs(change))} {change <= 0 ? 'lower' : 'higher'} than the previous assessment ({formatDate(previous.completedAt)})
            </p>
          ) : (
            <p className="text-sm text-slate-700">Your first completed assessment: the next one will show the trend.</p>
          )}
        </div>
        {trend.length >= 2 ? <TrendBars trend={trend} /> : null}
      </div>
      <div className="mt-4 rounded-lg bg-blue-50 p-4 text-sm text-blue-950 ring-1 ring-blue-200" data-testid="next-step">
        <p className="font-semibold">Next step</p>
        <p>
          <NextStep assessment={assessment} />
        </p>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild>
          <Link href={`/?id=${assessment.id}`}>Open the full result</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/history">All assessments</Link>
        </Button>
      </div>
    </section>
  );
}
