import type { RiskResult } from '@/engine/risk-result.ts';
import { readParameterUncertainty, readUnknownAnswersRange } from '@/reports/read-loss-scenarios.ts';
import { formatPercent, formatUsd } from '../../shared/lib/format.ts';

const range = (r: { low: number; high: number }) => `${formatUsd(r.low)} to ${formatUsd(r.high)}`;

/**
 * The ranges under the headline (ADR 208), each apart: what we don't know about the model's inputs
 * (the parameter-uncertainty range of the expected loss and of the 1-in-20 and 1-in-100 year), the
 * range the "I don't know" answers add, and, folded away as a detail, the simulation's precision,
 * which is a property of the calculation and not a range of the risk. A result without the ranges
 * (stored before model 3.0, or a quick what-if pass) shows only the precision detail.
 */
export function UncertaintyRange({ result }: { result: RiskResult }) {
  const parameter = readParameterUncertainty(result);
  const unknown = readUnknownAnswersRange(result);
  const se = result.annualLoss.standardErrorUsd;
  const share = result.annualLoss.expectedUsd > 0 ? se / result.annualLoss.expectedUsd : 0;
  return (
    <div className="mt-3 space-y-1 text-sm text-slate-800" data-testid="uncertainty-range">
      {parameter === null ? null : (
        <p data-testid="parameter-range">
          <span className="font-semibold">What we don&apos;t know about the model&apos;s inputs:</span> the published figures it is
          calibrated to have ranges of their own; within them, the expected loss is {range(parameter.expectedAnnualLossUsd)} a year, a
          1-in-20 year {range(parameter.oneInTwentyYearUsd)} and a 1-in-100 year {range(parameter.oneInHundredYearUsd)} (
          {Math.round(parameter.level * 100)}% range).
        </p>
      )}
      {unknown === null ? null : (
        <p data-testid="unknown-answers-range">
          <span className="font-semibold">What the &ldquo;I don&apos;t know&rdquo; answers add:</span> {formatUsd(unknown.low)} a year with
          every one of them at best practice, {formatUsd(unknown.high)} with every one at the weakest answer.
        </p>
      )}
      <details className="text-xs text-slate-600">
        <summary className="cursor-pointer">Simulation precision</summary>
        <p data-testid="simulation-precision">
          Over {result.iterations.toLocaleString('en-US')} simulated years the expected loss is known to ±{formatUsd(1.96 * se)} (standard
          error {formatPercent(share)} of the figure). This is the noise of the calculation, not a range of the risk.
        </p>
      </details>
    </div>
  );
}
