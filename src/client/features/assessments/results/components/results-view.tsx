import { lazy, memo, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { cn } from '@/client/lib/utils.ts';
import type { OrganisationProfile, RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { formatPercent, formatUsd } from '../../shared/lib/format.ts';
import { formatReturnPeriod } from '@/reports/format.ts';
import { describeResultNotes, type AnsweredAs } from '@/reports/result-notes.ts';
import { ExposureBand, PeerAleNote } from './exposure-band.tsx';
import { ResultHeatMap } from './heat-map.tsx';
import { RecommendationsTable } from './recommendations-table.tsx';
import { LossScenariosPanel } from './loss-scenarios-panel.tsx';
import { UncertaintyRange } from './uncertainty-range.tsx';

const LossExceedanceChart = lazy(async () => ({ default: (await import('./results-charts.tsx')).LossExceedanceChart }));
const CostBreakdownChart = lazy(async () => ({ default: (await import('./results-charts.tsx')).CostBreakdownChart }));
const FinesChart = lazy(async () => ({ default: (await import('./results-charts.tsx')).FinesChart }));
const TornadoChart = lazy(async () => ({ default: (await import('./results-charts.tsx')).TornadoChart }));

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

/** The posture score, below the dollars: it rates the controls against peers, not the loss. */
function RiskScoreLine({ result, baseline }: { result: RiskResult; baseline: RiskResult | undefined }) {
  return (
    <p className="mt-3 text-sm text-slate-700">
      Risk score{' '}
      <strong className="text-slate-900 tabular-nums" data-testid="score">
        {result.riskScore.score.toFixed(0)} / 100
      </strong>
      : security posture against peers (0 is every control at its best, 50 an average peer, 100 the worst posture). The band above rates the dollars.{' '}
      <Delta current={result.riskScore.score} baseline={baseline?.riskScore.score} format={(v) => `${v.toFixed(0)} points`} />
    </p>
  );
}

/** The four figures of the headline, each with its change from the baseline. */
function HeadlineMetrics({ result, baseline: base }: { result: RiskResult; baseline: RiskResult | undefined }) {
  const ale = result.annualLoss.expectedUsd;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-live="polite" aria-atomic="false">
      <Metric
        label="Expected annual loss"
        value={formatUsd(ale)}
        testId="ale"
        detail={
          <>
            Average per year over {result.iterations.toLocaleString('en-US')} simulated years. A bad year (1 in 20): {formatUsd(result.annualLoss.percentilesUsd.p95)}; 1 in 100:{' '}
            {formatUsd(result.annualLoss.percentilesUsd.p99)}.
            <PeerAleNote result={result} />
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
        label="Chance of an incident this year"
        value={formatPercent(result.probabilityOfAnyEvent)}
        testId="probability"
        detail={<>At least one loss event: that is {formatReturnPeriod(result.probabilityOfAnyEvent)}.</>}
        delta={<Delta current={result.probabilityOfAnyEvent} baseline={base?.probabilityOfAnyEvent} format={formatPercentagePoints} />}
      />
      <Metric
        label="A typical incident costs"
        value={formatUsd(result.costIfItHappens.percentilesUsd.p50)}
        testId="cost-if-it-happens"
        detail={<>The median cost of one incident: half cost less, half more.</>}
        delta={<Delta current={result.costIfItHappens.percentilesUsd.p50} baseline={base?.costIfItHappens.percentilesUsd.p50} format={formatUsd} />}
      />
      <Metric
        label="A severe incident (1 in 20) costs"
        value={formatUsd(result.costIfItHappens.percentilesUsd.p95)}
        testId="severe-incident-cost"
        detail={<>One incident in twenty costs more than this.</>}
        delta={<Delta current={result.costIfItHappens.percentilesUsd.p95} baseline={base?.costIfItHappens.percentilesUsd.p95} format={formatUsd} />}
      />
    </dl>
  );
}

/** The result's notes in the words the user answered in: questions and option labels, never codes (ADR 314). */
function ResultNotes({ result, answeredAs }: { result: RiskResult; answeredAs: AnsweredAs | null }) {
  const notes = describeResultNotes(result, answeredAs);
  if (notes.length === 0) return null;
  return (
    <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-amber-950" data-testid="result-notes">
      {notes.map((note) => (
        <li key={note.text}>{note.text}</li>
      ))}
    </ul>
  );
}

/** The four headline figures: the only part redrawn the moment the what-if's first pass arrives. */
const Headline = memo(function Headline({
  result,
  baseline,
  isUpdating,
  headingLevel,
  appetiteUsd,
  answeredAs,
}: {
  result: RiskResult;
  baseline: RiskResult | undefined;
  isUpdating: boolean;
  headingLevel: 2 | 3;
  /** The appetite typed below: a figure above it makes the band stricter (ADR 206). */
  appetiteUsd: number | null;
  answeredAs: AnsweredAs | null;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const base = baseline;
  return (
    <section aria-labelledby="headline-title">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <H id="headline-title" className="text-2xl font-bold text-slate-900">
          What a cyber incident would cost {result.profile.name ? result.profile.name : 'you'}
        </H>
        <ExposureBand result={result} appetiteUsd={appetiteUsd} />
        {isUpdating ? (
          <Badge variant="secondary" aria-live="polite">
            Recalculating…
          </Badge>
        ) : null}
      </div>
      <HeadlineMetrics result={result} baseline={base} />
      <RiskScoreLine result={result} baseline={base} />
      <UncertaintyRange result={result} />
      <ResultNotes result={result} answeredAs={answeredAs} />
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
  // The heat map's postures are engine runs on this profile (ADR 215): one object per profile keeps it memoised.
  const profile = useMemo(() => ({ organisation, frameworks, asOfDate }), [organisation, frameworks, asOfDate]);
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
      <LossScenariosPanel result={result} />
      <ResultHeatMap result={result} profile={profile} />
    </>
  );
});

/**
 * The page a CFO looks at, in the order a manager reads it: the headline figures in dollars
 * (what a year costs, the chance of an incident, a typical and a severe incident), then what to
 * fix first, then what is not known yet (`afterAdvice`), then why (charts, each with a table). Used by the guided flow, /history/:id and the demo.
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
  afterAdvice,
  answeredAs = null,
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
  /** What is not known yet and the hand-over: after what to do, before the charts (the order a manager reads in). */
  afterAdvice?: ReactNode;
  /** The path and the plain answers, so the notes name the questions the user answered (none: the questions' names). */
  answeredAs?: AnsweredAs | null;
}) {
  const appetiteId = useId();
  const [appetiteText, setAppetiteText] = useState('');
  const appetite = Number(appetiteText.replace(/[$,\s]/g, ''));
  const riskAppetiteUsd = appetiteText.trim() !== '' && Number.isFinite(appetite) && appetite > 0 ? appetite : null;
  // Drawn again only when its own figures change: a what-if's headline update skips it (ADR 283).
  const { recommendations, recommendationsNotWorthIt, requiredControls, fixPlan } = detailsResult;
  const advice = useMemo(
    () => (
      <RecommendationsTable
        recommendations={recommendations}
        notWorthIt={recommendationsNotWorthIt}
        requiredControls={requiredControls}
        fixPlan={fixPlan}
        isRefining={isRefining}
      />
    ),
    [recommendations, recommendationsNotWorthIt, requiredControls, fixPlan, isRefining],
  );

  return (
    <div className="flex flex-col gap-6" aria-busy={isUpdating}>
      <Headline
        result={result}
        baseline={baseline ?? undefined}
        isUpdating={isUpdating}
        headingLevel={headingLevel}
        appetiteUsd={riskAppetiteUsd}
        answeredAs={answeredAs}
      />

      {advice}
      {afterAdvice}
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={appetiteId}>Risk appetite (optional): the annual loss you could absorb, in USD</Label>
          <Input id={appetiteId} inputMode="numeric" className="w-56" placeholder="e.g. 500000" value={appetiteText} onChange={(e) => setAppetiteText(e.target.value)} />
        </div>
      </div>

      <ResultsDetails result={detailsResult} organisation={input.organisation} frameworks={input.frameworks} asOfDate={input.asOfDate} riskAppetiteUsd={riskAppetiteUsd} />
      <p className="text-xs text-slate-600">
        Engine {result.engineVersion}, seed {result.seed}, {result.iterations.toLocaleString('en-US')} simulated years.
      </p>
    </div>
  );
}
