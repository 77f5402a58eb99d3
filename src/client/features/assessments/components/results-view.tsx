import { lazy, memo, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { cn } from '@/client/lib/utils.ts';
import type { FactorAnswers, OrganisationProfile, RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { createUniformAnswers } from '@/engine/sample-inputs.ts';
import { formatPercent, formatUsd } from '../lib/format.ts';
import { formatReturnPeriod } from '@/reports/format.ts';
import { buildModelParameters, type ModelParameters } from '@/engine/model-parameters.ts';
import { locatePosture, locateResult, type LikelihoodImpactPoint } from '../lib/likelihood-impact.ts';
import { HeatMap } from './heat-map.tsx';
import { RecommendationsTable } from './recommendations-table.tsx';

const LossExceedanceChart = lazy(async () => ({ default: (await import('./results-charts.tsx')).LossExceedanceChart }));
const CostBreakdownChart = lazy(async () => ({ default: (await import('./results-charts.tsx')).CostBreakdownChart }));
const FinesChart = lazy(async () => ({ default: (await import('./results-charts.tsx')).FinesChart }));
const TornadoChart = lazy(async () => ({ default: (await import('./results-charts.tsx')).TornadoChart }));

const BAND_STYLES: Record<string, string> = {
  low: 'bg-green-700 text-white',
  guarded: 'bg-lime-700 text-white',
  moderate: 'bg-amber-200 text-amber-950',
  high: 'bg-orange-700 text-white',
  severe: 'bg-red-700 text-white',
};

/** A change in a probability is a difference of percentage points, not a percentage. */
function formatPercentagePoints(difference: number): string {
  return `${(difference * 100).toFixed(1)} percentage points`;
}

function Delta({ current, baseline, format }: { current: number; baseline: number | undefined; format: (v: number) => string }) {
  if (baseline === undefined) return null;
  const diff = current - baseline;
  if (Math.abs(diff) < Math.max(1e-9, Math.abs(baseline) * 0.0005)) return <span className="text-xs text-slate-600">no change from saved</span>;
  const isDown = diff < 0;
  return (
    <span className={cn('text-sm font-semibold', isDown ? 'text-green-800' : 'text-red-800')}>
      {isDown ? '▼' : '▲'} {format(Math.abs(diff))} {isDown ? 'lower' : 'higher'} than saved
    </span>
  );
}

/** The median cost of one event and its 1-in-20 (also shown for a result stored by an older model). */
export function CostIfItHappensMetric({ percentilesUsd, testId, delta }: { percentilesUsd: { p50: number; p95: number }; testId: string; delta?: ReactNode }) {
  return (
    <Metric
      label="Cost if it happens"
      value={formatUsd(percentilesUsd.p50)}
      testId={testId}
      detail={<>Median cost of one event; 1 in 20 events costs more than {formatUsd(percentilesUsd.p95)}.</>}
      delta={delta}
    />
  );
}

/** One headline figure card (also used for a result stored by an older model). */
export function Metric({ label, value, detail, delta, testId }: { label: string; value: ReactNode; detail: ReactNode; delta?: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
      <dd className="text-sm text-slate-700">{detail}</dd>
      {delta ? <dd>{delta}</dd> : null}
    </div>
  );
}

function buildHeatMapPoints(params: ModelParameters, result: RiskResult): LikelihoodImpactPoint[] {
  const current: FactorAnswers = result.factorAnswers;
  // The organisation's own marker reads the computed result, so it shows the headline's figures exactly.
  const points: LikelihoodImpactPoint[] = [{ id: 'current', label: 'Your organisation today', isCurrent: true, ...locateResult(result) }];
  const top = (result.recommendations ?? []).slice(0, 3);
  if (top.length > 0) {
    const improved = { ...current, ...Object.fromEntries(top.map((r) => [r.factorId, 'best'])) } as FactorAnswers;
    points.push({ id: 'top3', label: `After the top ${top.length} recommendations`, ...locatePosture(params, improved) });
  }
  points.push({ id: 'average', label: 'Average peer (same size and industry)', ...locatePosture(params, createUniformAnswers('partial')) });
  points.push({ id: 'best', label: 'Every control at its best', ...locatePosture(params, createUniformAnswers('best')) });
  points.push({ id: 'worst', label: 'Every answer at its worst', ...locatePosture(params, createUniformAnswers('worst')) });
  return points;
}

/** The four headline figures: the only part redrawn the moment the what-if's first pass arrives. */
const Headline = memo(function Headline({
  result,
  baseline,
  isUpdating,
  headingLevel,
}: {
  result: RiskResult;
  baseline: RiskResult | undefined;
  isUpdating: boolean;
  headingLevel: 2 | 3;
}) {
  const ale = result.annualLoss.expectedUsd;
  const ci = 1.96 * result.annualLoss.standardErrorUsd;
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const base = baseline;
  return (
    <section aria-labelledby="headline-title">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <H id="headline-title" className="text-2xl font-bold text-slate-900">
          What a cyber incident would cost {result.profile.name ? result.profile.name : 'you'}
        </H>
        <span className={cn('rounded-full px-3 py-1 text-sm font-semibold', BAND_STYLES[result.riskScore.band])}>Risk: {result.riskScore.bandLabel}</span>
        {isUpdating ? (
          <Badge variant="secondary" aria-live="polite">
            Recalculating…
          </Badge>
        ) : null}
      </div>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-live="polite" aria-atomic="false">
        <Metric
          label="Expected annual loss"
          value={formatUsd(ale)}
          testId="ale"
          detail={
            <>
              Average per year over {result.iterations.toLocaleString('en-US')} simulated years (±{formatUsd(ci)}). A bad year (1 in 20): {formatUsd(result.annualLoss.percentilesUsd.p95)}; 1 in 100:{' '}
              {formatUsd(result.annualLoss.percentilesUsd.p99)}.
              {result.annualLoss.percentilesUsd.p95 < ale ? (
                <span className="mt-1 block" data-testid="bad-year-note">
                  The 1-in-20 year is below the average because losses are rare but heavy: in most years nothing happens, and the few years with an incident carry the average.
                </span>
              ) : null}
            </>
          }
          delta={<Delta current={ale} baseline={base?.annualLoss.expectedUsd} format={formatUsd} />}
        />
        <Metric
          label="Chance of at least one loss event this year"
          value={formatPercent(result.probabilityOfAnyEvent)}
          testId="probability"
          detail={<>That is {formatReturnPeriod(result.probabilityOfAnyEvent)}.</>}
          delta={<Delta current={result.probabilityOfAnyEvent} baseline={base?.probabilityOfAnyEvent} format={formatPercentagePoints} />}
        />
        <CostIfItHappensMetric
          percentilesUsd={result.costIfItHappens.percentilesUsd}
          testId="cost-if-it-happens"
          delta={<Delta current={result.costIfItHappens.percentilesUsd.p50} baseline={base?.costIfItHappens.percentilesUsd.p50} format={formatUsd} />}
        />
        <Metric
          label="Risk score"
          value={
            <>
              {result.riskScore.score.toFixed(0)}
              <span className="text-lg font-medium text-slate-600"> / 100</span>
            </>
          }
          testId="score"
          detail={<>{result.riskScore.bandLabel}: 0 is every control at its best, 50 an average peer, 100 the worst posture.</>}
          delta={<Delta current={result.riskScore.score} baseline={base?.riskScore.score} format={(v) => `${v.toFixed(0)} points`} />}
        />
      </dl>
      {result.warnings.length > 0 ? (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-amber-950">
          {result.warnings.map((w) => (
            <li key={w.code + w.message}>{w.message}</li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 text-sm text-slate-700">
        {result.calibrationPopulation}{' '}
        <Link href="/methodology" className="font-medium text-blue-800 underline">
          How these numbers are calculated
        </Link>
      </p>
    </section>
  );
});

/** Charts and the heat map: memoised on the complete result, so a headline update skips them. */
const ResultsDetails = memo(function ResultsDetails({
  result,
  organisation,
  frameworks,
  asOfDate,
  riskAppetiteUsd,
}: {
  result: RiskResult;
  organisation: OrganisationProfile;
  frameworks: RiskInput['frameworks'];
  asOfDate: string | undefined;
  riskAppetiteUsd: number | null;
}) {
  // The closed-form model parameters depend on the profile only, not on the answers.
  const params = useMemo(() => buildModelParameters(organisation, frameworks, asOfDate), [organisation, frameworks, asOfDate]);
  const heatPoints = useMemo(() => buildHeatMapPoints(params, result), [params, result]);
  return (
    <>
      <Suspense fallback={<p className="text-sm text-slate-700">Loading charts…</p>}>
        <div className="grid gap-4 lg:grid-cols-2">
          <LossExceedanceChart
            curve={result.lossExceedanceCurve}
            probabilityOfAnyEvent={result.probabilityOfAnyEvent}
            probabilityAbove1mUsd={result.probabilityAbove1mUsd}
            riskAppetiteUsd={riskAppetiteUsd}
          />
          <CostBreakdownChart costBreakdown={result.costBreakdown} />
          <FinesChart fines={result.fines} />
          <TornadoChart attribution={result.attribution} />
        </div>
      </Suspense>
      <HeatMap points={heatPoints} />
    </>
  );
});

/**
 * The page a CFO looks at: headline figures in dollars, then why (charts, each with a table)
 * and what to fix first. Used by the guided flow, /history/:id and the demo.
 *
 * During a what-if, `result` carries the newest headline numbers (first pass, maybe without
 * attribution) and `detailsResult` the newest complete result that the charts, heat map and
 * recommendations are drawn from; each part re-renders only when its own result changes.
 */
export function ResultsView({
  result,
  detailsResult = result,
  input,
  baseline,
  isUpdating = false,
  isRefining = false,
  headingLevel = 2,
}: {
  result: RiskResult;
  detailsResult?: RiskResult;
  /** Only the profile, frameworks and date are read (the answers come from the result). */
  input: RiskInput;
  /** The saved result, when `result` is a what-if: deltas are shown against it. */
  baseline?: RiskResult | null;
  isUpdating?: boolean;
  isRefining?: boolean;
  headingLevel?: 2 | 3;
}) {
  const appetiteId = useId();
  const [appetiteText, setAppetiteText] = useState('');
  const appetite = Number(appetiteText.replace(/[$,\s]/g, ''));
  const riskAppetiteUsd = appetiteText.trim() !== '' && Number.isFinite(appetite) && appetite > 0 ? appetite : null;

  return (
    <div className="flex flex-col gap-6" aria-busy={isUpdating}>
      <Headline result={result} baseline={baseline ?? undefined} isUpdating={isUpdating} headingLevel={headingLevel} />

      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={appetiteId}>Risk appetite (optional): the annual loss you could absorb, in USD</Label>
          <Input id={appetiteId} inputMode="numeric" className="w-56" placeholder="e.g. 500000" value={appetiteText} onChange={(e) => setAppetiteText(e.target.value)} />
        </div>
      </div>

      <ResultsDetails result={detailsResult} organisation={input.organisation} frameworks={input.frameworks} asOfDate={input.asOfDate} riskAppetiteUsd={riskAppetiteUsd} />
      <RecommendationsTable recommendations={detailsResult.recommendations} notWorthIt={detailsResult.recommendationsNotWorthIt} isRefining={isRefining} />
      <p className="text-xs text-slate-600">
        Engine {result.engineVersion}, seed {result.seed}, {result.iterations.toLocaleString('en-US')} simulated years.
      </p>
    </div>
  );
}
