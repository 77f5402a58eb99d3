import { resolveControlCost } from './calibration/control-costs.ts';
import type { ScenarioSaving } from './attribution.ts';
import type { ControlCostOverrides } from './calibration/control-costs.ts';
import { FACTORS } from './factors.ts';
import type { FactorAnswer, FactorId } from './factors.ts';
import type { FixCandidate } from './fix-plan.ts';
import type { RequiredReason } from './required-controls.ts';
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
  /** The reduction split over the named loss scenarios (ADR 223); added in 3.0.0. */
  readonly savingByScenario?: readonly ScenarioSaving[];
  /**
   * Expected shortfall 99 (mean of the worst 1% of years) now minus after the
   * change, USD: a tail measure that cannot collapse to zero when the control
   * pushes P(any event) below a percentile (ADR 103).
   */
  readonly expectedShortfall99ReductionUsd: number;
  /** P99(current) - P99(improved) of annual loss, USD. */
  readonly p99ReductionUsd: number;
  /** Annual cost band of the control: the typical SME band (CONTROL_COSTS) or the organisation's own figure. */
  readonly annualCostUsd: { readonly lowUsd: number; readonly highUsd: number; readonly midUsd: number };
  /** (reduction - cost) / cost at the mid cost. */
  readonly returnOnSecurityInvestment: number;
  /** cost / reduction x 12 at the mid cost; null when the reduction is not positive. */
  readonly paybackMonths: number | null;
  /** reduction / mid cost: the ranking key (dollars of risk removed per dollar spent). */
  readonly reductionPerDollar: number;
  readonly costSource: string;
  /**
   * Why the control is required whatever its return (a selected framework, a typical
   * cyber-insurance application); empty when it is not. Every required control is in the
   * result's own `requiredControls` list, never in the "not worth it" one (ADR 211, 312).
   */
  readonly required: readonly RequiredReason[];
}

/** Tail figures of one set of answers. */
export interface TailFigures {
  readonly expectedShortfall99Usd: number;
  readonly p99Usd: number;
}

/** Recommendations split by whether they pay for themselves at typical prices, and the required ones in a list of their own. */
export interface RecommendationLists {
  /** Controls whose expected loss reduction is at least their mid cost (ROSI >= 0), ranked by reduction per dollar; a required one carries its reasons. */
  readonly worthIt: Recommendation[];
  /** Controls that reduce the loss by less than they cost at typical prices (ROSI < 0) and that nobody requires: shown apart, not as fixes. */
  readonly notWorthIt: Recommendation[];
  /** Every control required by a framework or the insurer whatever its return, largest saving first (ADR 312). */
  readonly required: Recommendation[];
}

type UnrankedRecommendation = Omit<Recommendation, 'rank'>;

const isRequired = (r: { readonly required?: readonly RequiredReason[] | undefined }): boolean => (r.required?.length ?? 0) > 0;
/** Numbers a list 1..n, rank first as the engine writes it (a stored row's old rank is replaced). */
function rank<T extends UnrankedRecommendation>(list: readonly T[]): (T & { rank: number })[] {
  return list.map((row, i) => {
    const { rank: _stored, ...rest } = row as T & { rank?: number };
    return { rank: i + 1, ...(rest as T) };
  });
}

/**
 * The three lists from the controls ranked by reduction per dollar: those that pay for themselves
 * (required or not), those that do not and that nobody requires, and every required control,
 * largest saving first (the order of the public API's list, ADR 228). Also the rule a stored result
 * of an older shape is read with (result-shape.ts), so both agree.
 */
export function splitRecommendations<T extends UnrankedRecommendation>(ranked: readonly T[]): { worthIt: (T & { rank: number })[]; notWorthIt: (T & { rank: number })[]; required: (T & { rank: number })[] } {
  const required = ranked.filter(isRequired).sort((a, b) => b.annualLossReductionUsd - a.annualLossReductionUsd);
  return {
    worthIt: rank(ranked.filter((r) => r.returnOnSecurityInvestment >= 0)),
    notWorthIt: rank(ranked.filter((r) => r.returnOnSecurityInvestment < 0 && !isRequired(r))),
    required: rank(required),
  };
}

/** What the recommendations need besides the answers: required controls and the organisation's own costs. */
export interface RecommendationContext {
  readonly required?: ReadonlyMap<FactorId, readonly RequiredReason[]>;
  readonly costOverrides?: ControlCostOverrides | undefined;
}

const NOT_REQUIRED: readonly RequiredReason[] = [];

/** An answer the recommendations and the fix plan may improve: below "best", "unknown" included, not "not applicable". */
function isImprovable(answer: FactorAnswer): boolean {
  return answer !== 'best' && answer !== 'notApplicable';
}

/** The controls a fix plan may choose from: every improvable factor with its mid annual cost and required reasons. */
export function listFixCandidates(answers: FactorAnswers, employees: number, context: RecommendationContext = {}): FixCandidate[] {
  const candidates: FixCandidate[] = [];
  for (const f of FACTORS) {
    if (!isImprovable(answers[f.id] ?? 'partial')) continue;
    const resolved = resolveControlCost(f.id, employees, context.costOverrides);
    if (resolved === null) continue;
    candidates.push({ factorId: f.id, annualCostUsd: resolved.cost.midUsd, required: context.required?.get(f.id) ?? NOT_REQUIRED });
  }
  return candidates;
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
  context: RecommendationContext = {},
): RecommendationLists {
  const currentAle = ale(answers);
  const currentTail = tail(answers);
  const rows: UnrankedRecommendation[] = [];
  for (const f of FACTORS) {
    const answer = answers[f.id] ?? 'partial';
    if (!isImprovable(answer)) continue;
    const resolved = resolveControlCost(f.id, employees, context.costOverrides);
    if (resolved === null) continue;
    const improved = { ...answers, [f.id]: 'best' as const };
    const reduction = currentAle - ale(improved);
    const improvedTail = tail(improved);
    const { cost } = resolved;
    const bestLabel = f.options.find((o) => o.value === 'best')?.label ?? 'best';
    rows.push({
      factorId: f.id,
      factorName: f.name,
      action: `${f.name}: move to "${bestLabel}" (${resolved.description})`,
      currentAnswer: answer,
      targetAnswer: 'best',
      annualLossReductionUsd: reduction,
      expectedShortfall99ReductionUsd: currentTail.expectedShortfall99Usd - improvedTail.expectedShortfall99Usd,
      p99ReductionUsd: currentTail.p99Usd - improvedTail.p99Usd,
      annualCostUsd: cost,
      returnOnSecurityInvestment: (reduction - cost.midUsd) / cost.midUsd,
      paybackMonths: reduction > 0 ? (cost.midUsd / reduction) * 12 : null,
      reductionPerDollar: reduction / cost.midUsd,
      costSource: resolved.source,
      required: context.required?.get(f.id) ?? NOT_REQUIRED,
    });
  }
  rows.sort((a, b) => b.reductionPerDollar - a.reductionPerDollar || a.factorId.localeCompare(b.factorId));
  return splitRecommendations(rows);
}
