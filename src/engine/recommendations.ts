import { CONTROL_COSTS, estimateControlCost } from './calibration/control-costs.ts';
import { FACTORS } from './factors.ts';
import type { FactorAnswer, FactorId } from './factors.ts';
import type { FactorAnswers } from './risk-input.ts';

/** One ROI-ranked recommendation. */
export interface Recommendation {
  readonly rank: number;
  readonly factorId: FactorId;
  readonly factorName: string;
  readonly action: string;
  readonly currentAnswer: FactorAnswer;
  readonly targetAnswer: 'best';
  /** ALE(current) - ALE(factor at best), USD per year. */
  readonly annualLossReductionUsd: number;
  /**
   * Expected shortfall 99 (mean of the worst 1% of years) now minus after the
   * change, USD: a tail measure that cannot collapse to zero when the control
   * pushes P(any event) below a percentile (ADR 103).
   */
  readonly expectedShortfall99ReductionUsd: number;
  /** P99(current) - P99(improved) of annual loss, USD. */
  readonly p99ReductionUsd: number;
  /** Typical SME annual cost band of the control (assumption, see CONTROL_COSTS). */
  readonly annualCostUsd: { readonly lowUsd: number; readonly highUsd: number; readonly midUsd: number };
  /** (reduction - cost) / cost at the mid cost. */
  readonly returnOnSecurityInvestment: number;
  /** cost / reduction x 12 at the mid cost; null when the reduction is not positive. */
  readonly paybackMonths: number | null;
  /** reduction / mid cost: the ranking key (dollars of risk removed per dollar spent). */
  readonly reductionPerDollar: number;
  readonly costSource: string;
}

/** Tail figures of one set of answers. */
export interface TailFigures {
  readonly expectedShortfall99Usd: number;
  readonly p99Usd: number;
}

/** Recommendations split by whether they pay for themselves at typical prices. */
interface RecommendationLists {
  /** Controls whose expected loss reduction is at least their mid cost (ROSI >= 0), ranked by reduction per dollar. */
  readonly worthIt: Recommendation[];
  /** Controls that reduce the loss by less than they cost at typical prices (ROSI < 0): shown apart, not as fixes. */
  readonly notWorthIt: Recommendation[];
}

/**
 * For each improvable factor (answered below "best", "unknown" included, not
 * "not applicable"), the loss reduction of moving it to "best" with
 * everything else unchanged, its tail reduction, cost band, ROSI and
 * payback, ranked by dollars reduced per dollar spent and split at ROSI 0.
 */
export function buildRecommendations(
  answers: FactorAnswers,
  employees: number,
  ale: (answers: FactorAnswers) => number,
  tail: (answers: FactorAnswers) => TailFigures,
): RecommendationLists {
  const currentAle = ale(answers);
  const currentTail = tail(answers);
  const rows: Omit<Recommendation, 'rank'>[] = [];
  for (const f of FACTORS) {
    const answer = answers[f.id] ?? 'partial';
    if (answer === 'best' || answer === 'notApplicable') continue;
    const improved = { ...answers, [f.id]: 'best' as const };
    const reduction = currentAle - ale(improved);
    const improvedTail = tail(improved);
    const costRow = CONTROL_COSTS.find((c) => c.factorId === f.id);
    if (costRow === undefined) continue;
    const cost = estimateControlCost(costRow, employees);
    const bestLabel = f.options.find((o) => o.value === 'best')?.label ?? 'best';
    rows.push({
      factorId: f.id,
      factorName: f.name,
      action: `${f.name}: move to "${bestLabel}" (${costRow.description})`,
      currentAnswer: answer,
      targetAnswer: 'best',
      annualLossReductionUsd: reduction,
      expectedShortfall99ReductionUsd: currentTail.expectedShortfall99Usd - improvedTail.expectedShortfall99Usd,
      p99ReductionUsd: currentTail.p99Usd - improvedTail.p99Usd,
      annualCostUsd: cost,
      returnOnSecurityInvestment: (reduction - cost.midUsd) / cost.midUsd,
      paybackMonths: reduction > 0 ? (cost.midUsd / reduction) * 12 : null,
      reductionPerDollar: reduction / cost.midUsd,
      costSource: costRow.source,
    });
  }
  rows.sort((a, b) => b.reductionPerDollar - a.reductionPerDollar || a.factorId.localeCompare(b.factorId));
  const rank = (list: Omit<Recommendation, 'rank'>[]): Recommendation[] => list.map((r, i) => ({ rank: i + 1, ...r }));
  return { worthIt: rank(rows.filter((r) => r.returnOnSecurityInvestment >= 0)), notWorthIt: rank(rows.filter((r) => r.returnOnSecurityInvestment < 0)) };
}
