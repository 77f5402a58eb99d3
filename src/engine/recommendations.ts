import { CONTROL_COSTS, estimateControlCost } from './calibration/control-costs.ts';
import { FACTORS } from './factors.ts';
import type { FactorAnswer, FactorId } from './factors.ts';
import { computeScenario } from './model-parameters.ts';
import type { ModelParameters, Scenario } from './model-parameters.ts';
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
  /** P95(current) - P95(improved) of annual loss, USD. */
  readonly p95ReductionUsd: number;
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

/**
 * For each improvable factor (answered below "best" and not "not
 * applicable"), the loss reduction of moving it to "best" with everything
 * else unchanged, its cost band, ROSI and payback, ranked by dollars
 * reduced per dollar spent.
 */
export function buildRecommendations(
  answers: FactorAnswers,
  params: ModelParameters,
  employees: number,
  ale: (scenario: Scenario) => number,
  p95: (scenario: Scenario) => number,
): Recommendation[] {
  const currentScenario = computeScenario(answers, params);
  const currentAle = ale(currentScenario);
  const currentP95 = p95(currentScenario);
  const rows: Omit<Recommendation, 'rank'>[] = [];
  for (const f of FACTORS) {
    const answer = answers[f.id] ?? 'partial';
    if (answer === 'best' || answer === 'notApplicable') continue;
    const improved = computeScenario({ ...answers, [f.id]: 'best' }, params);
    const reduction = currentAle - ale(improved);
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
      p95ReductionUsd: currentP95 - p95(improved),
      annualCostUsd: cost,
      returnOnSecurityInvestment: (reduction - cost.midUsd) / cost.midUsd,
      paybackMonths: reduction > 0 ? (cost.midUsd / reduction) * 12 : null,
      reductionPerDollar: reduction / cost.midUsd,
      costSource: costRow.source,
    });
  }
  rows.sort((a, b) => b.reductionPerDollar - a.reductionPerDollar || a.factorId.localeCompare(b.factorId));
  return rows.map((r, i) => ({ rank: i + 1, ...r }));
}
