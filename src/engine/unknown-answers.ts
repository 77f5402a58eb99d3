import type { FactorAnswers } from './risk-input.ts';
import type { FactorId, LevelMultipliers } from './factors.ts';

/**
 * "I don't know" answers (issue #12, interface agreed with the risk model 2.0 work in #11).
 * This branch's stand-in: an unknown answer is the prevalence-weighted mix of the level
 * multipliers. No per-factor prevalence of the three levels is calibrated yet, so the weights
 * are the population the levels were centred on: "partial" is the population average and the
 * two ends are taken as equally common. #11's engine replaces this file at merge.
 */
export const UNKNOWN_LEVEL_WEIGHTS = { worst: 0.25, partial: 0.5, best: 0.25 } as const;

/** Multiplier of an unknown answer: the expected multiplier over the possible levels. */
export function blendUnknownMultiplier(multipliers: LevelMultipliers): number {
  return UNKNOWN_LEVEL_WEIGHTS.worst * multipliers.worst + UNKNOWN_LEVEL_WEIGHTS.partial * multipliers.partial + UNKNOWN_LEVEL_WEIGHTS.best * multipliers.best;
}

/** How much one unknown answer moves the expected annual loss: the ALE if it were best, and if it were worst. */
export interface UnknownFactorEffect {
  readonly factorId: FactorId;
  readonly expectedAnnualLossIfBestUsd: number;
  readonly expectedAnnualLossIfWorstUsd: number;
}

/** The factors answered "I don't know", in catalogue order. */
export function listUnknownFactors(answers: FactorAnswers, ids: readonly FactorId[]): FactorId[] {
  return ids.filter((id) => answers[id] === 'unknown');
}

/**
 * For each unknown factor, the answers with that factor set to best and to worst (the others
 * unchanged): two extra evaluations per unknown answer.
 */
export function buildUnknownFactorVariants(answers: FactorAnswers, unknown: readonly FactorId[]): { factorId: FactorId; best: FactorAnswers; worst: FactorAnswers }[] {
  return unknown.map((factorId) => ({ factorId, best: { ...answers, [factorId]: 'best' }, worst: { ...answers, [factorId]: 'worst' } }));
}
