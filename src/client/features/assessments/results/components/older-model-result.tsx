import { useState } from 'react';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { DataTable, type TableDefinition } from '@/client/components/ui/data-table.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { ModelFigures } from '@/contracts/assessments.ts';
import type { StoredRiskResult } from '@/contracts/risk.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import { useModelComparison } from '../api/get-model-comparison.ts';
import { formatPercent, formatUsd } from '../../shared/lib/format.ts';
import { CostIfItHappensMetric, Metric } from './results-view.tsx';

const ROWS: { label: string; format: (f: ModelFigures) => string; testId: string }[] = [
  { label: 'Expected annual loss', format: (f) => formatUsd(f.expectedAnnualLossUsd), testId: 'ale' },
  { label: 'Range: a bad year (1 in 20) to a very bad one (1 in 100)', format: (f) => `${formatUsd(f.oneInTwentyYearUsd)} to ${formatUsd(f.oneInHundredYearUsd)}`, testId: 'range' },
  { label: 'Chance of at least one loss event this year', format: (f) => formatPercent(f.probabilityOfAnyEvent), testId: 'probability' },
  { label: 'Cost if it happens (median event)', format: (f) => formatUsd(f.costIfItHappensUsd), testId: 'cost-if-it-happens' },
];

type FigureRow = (typeof ROWS)[number];

/** The figure, then the stored model's value and the current model's beside it; a visible caption, as the table is the panel. */
function comparisonTable(storedVersion: string, stored: ModelFigures, current: ModelFigures): TableDefinition<FigureRow> {
  return {
    caption: 'The same answers and seed on both models',
    captionClassName: 'mb-2 text-left font-semibold text-slate-900',
    rowKey: (row) => row.testId,
    look: { cell: 'py-2 pr-4', head: 'font-medium text-slate-700', table: 'max-w-3xl border-collapse', row: 'border-b border-slate-100' },
    columns: [
      { header: 'Figure', cell: (row) => row.label, cellClassName: 'font-normal text-slate-900' },
      {
        header: `Model ${storedVersion} (as stored)`,
        cell: (row) => row.format(stored),
        cellClassName: 'tabular-nums',
        cellAttributes: (row) => ({ 'data-testid': `stored-${row.testId}` }),
      },
      {
        header: `Model ${current.engineVersion} (current)`,
        cell: (row) => row.format(current),
        className: 'pr-0',
        cellClassName: 'font-semibold tabular-nums',
        cellAttributes: (row) => ({ 'data-testid': `current-${row.testId}` }),
      },
    ],
  };
}

/** Both figures (ADR 105): asked for on demand, the stored result is never changed. */
function ModelComparisonPanel({ assessmentId, storedVersion }: { assessmentId: string; storedVersion: string }) {
  const [isRequested, setIsRequested] = useState(false);
  const comparison = useModelComparison(assessmentId, isRequested);
  if (!isRequested) {
    return (
      <div>
        <Button type="button" variant="outline" onClick={() => setIsRequested(true)}>
          Compare with the current model ({ENGINE_VERSION})
        </Button>
      </div>
    );
  }
  if (comparison.isPending) return <p className="text-sm text-slate-700" aria-live="polite">Re-running these answers on model {ENGINE_VERSION}…</p>;
  if (comparison.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>Could not re-run this assessment on the current model: {getErrorMessage(comparison.error)}</AlertDescription>
      </Alert>
    );
  const { stored, current, explanation } = comparison.data;
  return (
    <div className="flex flex-col gap-3" data-testid="model-comparison">
      <DataTable table={comparisonTable(storedVersion, stored, current)} rows={ROWS} />
      <p className="max-w-3xl text-sm text-slate-800" data-testid="model-comparison-explanation">
        {explanation}
      </p>
      <p className="text-xs text-slate-600">
        Model {current.engineVersion}: {current.iterations.toLocaleString('en-US')} simulated years, seed {comparison.data.seed}. The stored result of this assessment is unchanged.
      </p>
    </div>
  );
}

/**
 * A completed assessment whose result an older model computed (ADR 104, 105): its original
 * figures, labelled with that model, and on demand the current model's figures beside them.
 * The live what-if is not offered: it would compare the current model with an older one.
 */
export function OlderModelResult({ assessmentId, result, completedOn }: { assessmentId: string; result: StoredRiskResult; completedOn: string }) {
  const p = result.annualLoss.percentilesUsd;
  return (
    <section aria-labelledby="older-model-title" className="flex flex-col gap-4" data-testid="older-model-result">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="older-model-title" className="text-2xl font-bold text-slate-900">
          What a cyber incident would cost {result.profile.name ?? 'you'}
        </h2>
        <Badge variant="outline" data-testid="model-version-label">
          model {result.engineVersion}
        </Badge>
      </div>
      <p className="max-w-3xl text-sm text-slate-700">
        These are the figures as model {result.engineVersion} of the risk model computed them on {completedOn}. They are kept as they were; the current model is {ENGINE_VERSION}.
      </p>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Metric
          label="Expected annual loss"
          value={formatUsd(result.annualLoss.expectedUsd)}
          testId="stored-ale"
          detail={
            <>
              Average per year over {result.iterations.toLocaleString('en-US')} simulated years. A bad year (1 in 20): {formatUsd(p.p95)}; 1 in 100: {formatUsd(p.p99)}.
            </>
          }
        />
        <Metric label="Chance of at least one loss event this year" value={formatPercent(result.probabilityOfAnyEvent)} testId="stored-probability" detail="Any loss event in a year." />
        <CostIfItHappensMetric percentilesUsd={result.costIfItHappens.percentilesUsd} testId="stored-cost-if-it-happens" />
        <Metric
          label="Risk score"
          value={`${result.riskScore.score.toFixed(0)} / 100`}
          testId="stored-score"
          detail={<>{result.riskScore.bandLabel}: 0 is every control at its best, 50 an average peer, 100 the worst posture.</>}
        />
      </dl>
      <ModelComparisonPanel assessmentId={assessmentId} storedVersion={result.engineVersion} />
    </section>
  );
}
