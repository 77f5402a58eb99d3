import { computeExpectedAnnualLosses } from './evaluate-scenario.ts';
import { FACTORS } from './factors.ts';
import type { LossDraws } from './loss-draws.ts';
import { computeScenario } from './model-parameters.ts';
import type { ModelParameters } from './model-parameters.ts';
import type { FactorAnswers } from './risk-input.ts';

/** The expected annual losses the risk score is placed between: every answer at best, the average peer, every answer at worst. */
export interface ScoreAnchors {
  readonly allBestAleUsd: number;
  readonly averageAleUsd: number;
  readonly allWorstAleUsd: number;
}

/**
 * The anchors depend on the draws and the profile's parameters only, never on the answers, so a
 * what-if on cached draws reuses them instead of three more passes over every event (ADR 216).
 * Keyed by the draws object: the engine samples each set of draws for one profile's parameters.
 */
const anchorsOfDraws = new WeakMap<LossDraws, ScoreAnchors>();

const everyAnswer = (answer: 'best' | 'worst'): FactorAnswers => Object.fromEntries(FACTORS.map((f) => [f.id, answer]));

/** The risk score's anchors on these draws (computed once per draws). */
export function computeScoreAnchors(draws: LossDraws, params: ModelParameters): ScoreAnchors {
  const cached = anchorsOfDraws.get(draws);
  if (cached !== undefined) return cached;
  // The average peer is the empty answer set: every factor at its default ("partial").
  const [allBestAleUsd, averageAleUsd, allWorstAleUsd] = computeExpectedAnnualLosses(draws, params, [
    computeScenario(everyAnswer('best'), params),
    computeScenario({}, params),
    computeScenario(everyAnswer('worst'), params),
  ]);
  const anchors = { allBestAleUsd: allBestAleUsd ?? 0, averageAleUsd: averageAleUsd ?? 0, allWorstAleUsd: allWorstAleUsd ?? 0 };
  anchorsOfDraws.set(draws, anchors);
  return anchors;
}
