import { FACTORS } from './factors.ts';
import type { LossScenarioId } from './loss-scenarios.ts';
import type { FactorAnswer, FactorId } from './factors.ts';
import { createXoshiro128 } from './random/xoshiro128.ts';
import type { FactorAnswers } from './risk-input.ts';

/** One row of the tornado chart. */
export interface OneAtATimeContribution {
  readonly factorId: FactorId;
  readonly currentAnswer: FactorAnswer;
  /** ALE with this factor at its best answer, others as answered (USD/year). */
  readonly bestAleUsd: number;
  /** ALE with this factor at its worst answer, others as answered (USD/year). */
  readonly worstAleUsd: number;
  /** bestAleUsd - current ALE (<= 0). */
  readonly deltaToBestUsd: number;
  /** worstAleUsd - current ALE (>= 0). */
  readonly deltaToWorstUsd: number;
  /** Current ALE - bestAleUsd per named loss scenario (ADR 223); added in 3.0.0. */
  readonly byScenario?: readonly ScenarioSaving[];
}

/** What a change removes from one named loss scenario's expected annual loss (ADR 223). */
export interface ScenarioSaving {
  readonly scenarioId: LossScenarioId;
  readonly annualLossReductionUsd: number;
}

/** Shapley attribution of (current ALE - all-average ALE) to the 19 factors. */
export interface ShapleyAttribution {
  readonly permutations: number;
  readonly contributions: readonly { readonly factorId: FactorId; readonly contributionUsd: number }[];
  /** Sum of the contributions. */
  readonly sumUsd: number;
  /** ALE(current answers) - ALE(all answers "partial"), which the sum must match. */
  readonly targetUsd: number;
  readonly averageProfileAleUsd: number;
}

/** Expected annual loss of a set of answers over the common random numbers. */
type AleOfAnswers = (answers: FactorAnswers) => number;

/**
 * Expected-loss functions for the what-ifs. Levels are one Int8 per factor
 * in catalogue order: 0 worst, 1 partial, 2 best, 3 not applicable, 4 unknown
 * (the hot Shapley loop avoids building answer objects).
 */
export interface AleEvaluator {
  readonly ofAnswers: AleOfAnswers;
  readonly ofLevels: (levels: Int8Array) => number;
  readonly toLevels: (answers: FactorAnswers) => Int8Array;
}

const LEVEL_OF: { readonly [A in FactorAnswer]: number } = { worst: 0, partial: 1, best: 2, notApplicable: 3, unknown: 4 };

/** Answers → level indices (missing answers are "partial"). */
export function answersToLevels(answers: FactorAnswers): Int8Array {
  return Int8Array.from(FACTORS, (f) => LEVEL_OF[answers[f.id] ?? 'partial']);
}

/** One-at-a-time best/worst what-ifs for every factor (common random numbers). */
export function computeOneAtATime(answers: FactorAnswers, ale: AleOfAnswers): OneAtATimeContribution[] {
  const current = ale(answers);
  return FACTORS.map((f) => {
    const bestAleUsd = ale({ ...answers, [f.id]: 'best' });
    const worstAleUsd = ale({ ...answers, [f.id]: 'worst' });
    return {
      factorId: f.id,
      currentAnswer: answers[f.id] ?? 'partial',
      bestAleUsd,
      worstAleUsd,
      deltaToBestUsd: bestAleUsd - current,
      deltaToWorstUsd: worstAleUsd - current,
    };
  });
}

/**
 * Shapley values by permutation sampling (Castro et al. 2009) with
 * antithetic pairs (each sampled order and its reverse). The players are the
 * 19 factors; a coalition keeps its members at their answers and sets the
 * rest to "partial" (the population average). Every permutation's marginal
 * contributions telescope to v(all) - v(none), so the contributions add up
 * exactly (to rounding) whatever the number of permutations.
 */
export function computeShapley(answers: FactorAnswers, ale: AleEvaluator, permutations: number, seed: number): ShapleyAttribution {
  const ids = FACTORS.map((f) => f.id);
  const n = ids.length;
  const totals = new Float64Array(n);
  const rng = createXoshiro128(seed);
  const order = Array.from({ length: n }, (_, i) => i);
  const pairs = Math.max(1, Math.round(permutations / 2));
  const averageProfileAleUsd = ale.ofAnswers({});
  const current = ale.ofAnswers(answers);
  const target = ale.toLevels(answers);
  const average = ale.toLevels({});
  const levels = new Int8Array(n);
  const walk = (sequence: readonly number[]): void => {
    levels.set(average);
    let previous = averageProfileAleUsd;
    for (const i of sequence) {
      levels[i] = target[i] as number;
      const value = ale.ofLevels(levels);
      totals[i] = (totals[i] as number) + value - previous;
      previous = value;
    }
  };
  for (let p = 0; p < pairs; p++) {
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rng.nextFloat64() * (i + 1));
      const tmp = order[i] as number;
      order[i] = order[j] as number;
      order[j] = tmp;
    }
    walk(order);
    walk([...order].reverse());
  }
  const used = pairs * 2;
  const contributions = ids.map((factorId, i) => ({ factorId, contributionUsd: (totals[i] as number) / used }));
  return {
    permutations: used,
    contributions,
    sumUsd: contributions.reduce((s, c) => s + c.contributionUsd, 0),
    targetUsd: current - averageProfileAleUsd,
    averageProfileAleUsd,
  };
}
