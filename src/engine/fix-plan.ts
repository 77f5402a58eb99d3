import type { ScenarioSaving } from './attribution.ts';
import { FACTORS } from './factors.ts';
import type { FactorId } from './factors.ts';
import type { RequiredReason } from './required-controls.ts';
import type { FactorAnswers } from './risk-input.ts';

/** One fix of the plan, with the effect of doing it after every earlier step. */
export interface FixPlanStep {
  readonly factorId: FactorId;
  readonly factorName: string;
  /** Mid of the control's annual cost band (or the organisation's own figure), USD. */
  readonly annualCostUsd: number;
  /** Expected annual loss with this and every earlier step applied together (one joint run), USD. */
  readonly expectedLossAfterUsd: number;
  /** Expected loss before this step minus after it, given the earlier steps, USD per year. */
  readonly stepSavingUsd: number;
  readonly cumulativeSavingUsd: number;
  readonly cumulativeAnnualCostUsd: number;
  /** Why the control is required whatever its return (empty when it is not). */
  readonly required: readonly RequiredReason[];
  /** The step's saving split over the named loss scenarios (ADR 223); added in 3.0.0. */
  readonly savingByScenario?: readonly ScenarioSaving[];
}

/**
 * The fixes to make together, chosen greedily on joint runs (ADR 211): each
 * step is the control with the best saving per dollar given the steps before,
 * and the plan stops when no remaining control saves at least its cost.
 */
export interface FixPlan {
  readonly expectedLossBeforeUsd: number;
  readonly steps: readonly FixPlanStep[];
  /** Expected annual loss with every step applied together, USD. */
  readonly expectedLossAfterUsd: number;
  /** expectedLossBeforeUsd - expectedLossAfterUsd: never more than the expected loss. */
  readonly totalSavingUsd: number;
  readonly totalAnnualCostUsd: number;
  /** Total annual cost / total saving x 12; null when the plan saves nothing. */
  readonly paybackMonths: number | null;
}

/** A control the plan may choose: the factor and its mid annual cost. */
export interface FixCandidate {
  readonly factorId: FactorId;
  readonly annualCostUsd: number;
  readonly required: readonly RequiredReason[];
}

interface BestNext {
  readonly candidate: FixCandidate;
  readonly answers: FactorAnswers;
  readonly aleAfter: number;
}

/** The remaining candidate with the best joint saving per dollar that covers its cost, or null. */
function findBestNext(
  current: FactorAnswers,
  currentAle: number,
  remaining: readonly FixCandidate[],
  ale: (answers: FactorAnswers) => number,
): BestNext | null {
  let best: BestNext | null = null;
  let bestRatio = Number.NEGATIVE_INFINITY;
  for (const candidate of remaining) {
    const answers: FactorAnswers = { ...current, [candidate.factorId]: 'best' };
    const aleAfter = ale(answers);
    const saving = currentAle - aleAfter;
    if (saving < candidate.annualCostUsd) continue;
    const ratio = saving / candidate.annualCostUsd;
    // Ties go to questionnaire order (candidates arrive in it), so the plan is deterministic.
    if (ratio > bestRatio) {
      best = { candidate, answers, aleAfter };
      bestRatio = ratio;
    }
  }
  return best;
}

/**
 * The expected-loss function with its answers remembered: the plan's first
 * round asks for the same "one control at best" runs as the recommendations,
 * which cost a full pass over the draws each when many answers are unknown.
 */
export function rememberAleByAnswers(ale: (answers: FactorAnswers) => number): (answers: FactorAnswers) => number {
  const known = new Map<string, number>();
  return (answers) => {
    const key = FACTORS.map((f) => answers[f.id] ?? '').join(',');
    const remembered = known.get(key);
    if (remembered !== undefined) return remembered;
    const value = ale(answers);
    known.set(key, value);
    return value;
  };
}

/**
 * Builds the joint plan from the current answers. `ale` must be the same
 * expected-loss function the recommendations use, so a step's saving and a
 * recommendation's reduction agree for the first step. Candidates with a
 * cost that is not positive are ignored (a saving per dollar needs a price).
 */
export function buildFixPlan(
  answers: FactorAnswers,
  candidates: readonly FixCandidate[],
  ale: (answers: FactorAnswers) => number,
): FixPlan {
  const before = ale(answers);
  let current = answers;
  let currentAle = before;
  let remaining = candidates.filter((c) => c.annualCostUsd > 0);
  let cumulativeCost = 0;
  const steps: FixPlanStep[] = [];
  for (
    let next = findBestNext(current, currentAle, remaining, ale);
    next !== null;
    next = findBestNext(current, currentAle, remaining, ale)
  ) {
    const { candidate, aleAfter } = next;
    cumulativeCost += candidate.annualCostUsd;
    steps.push({
      factorId: candidate.factorId,
      factorName: FACTORS.find((f) => f.id === candidate.factorId)?.name ?? candidate.factorId,
      annualCostUsd: candidate.annualCostUsd,
      expectedLossAfterUsd: aleAfter,
      stepSavingUsd: currentAle - aleAfter,
      cumulativeSavingUsd: before - aleAfter,
      cumulativeAnnualCostUsd: cumulativeCost,
      required: candidate.required,
    });
    current = next.answers;
    currentAle = aleAfter;
    remaining = remaining.filter((c) => c !== candidate);
  }
  const totalSavingUsd = before - currentAle;
  return {
    expectedLossBeforeUsd: before,
    steps,
    expectedLossAfterUsd: currentAle,
    totalSavingUsd,
    totalAnnualCostUsd: cumulativeCost,
    paybackMonths: totalSavingUsd > 0 ? (cumulativeCost / totalSavingUsd) * 12 : null,
  };
}
