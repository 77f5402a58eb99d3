import type { FactorAnswers, RiskInput } from './risk-input.ts';
import type { RiskResult } from './risk-result.ts';

/**
 * Where one posture sits on the likelihood x impact map, each figure with its unit of time
 * (ADR 215): the chance of at least one loss event in a year (annual), the median cost of one
 * event (per event) and the expected loss (annual).
 */
export interface PostureFigures {
  /** P(at least one loss event in a year): annual. */
  readonly probabilityOfAnyEventPerYear: number;
  /** Median cost of one event ("cost if it happens"): per event, USD. */
  readonly medianCostPerEventUsd: number;
  /** Expected annual loss: annual, USD. */
  readonly expectedAnnualLossUsd: number;
}

/** The settings a posture must share with the result it is compared with: same draws, so differences are the answers'. */
export interface PostureRunSettings {
  readonly seed: number;
  readonly iterations: number;
}

/** A result's own figures: the same numbers its headline shows. */
export function figuresOfResult(result: Pick<RiskResult, 'probabilityOfAnyEvent' | 'costIfItHappens' | 'annualLoss'>): PostureFigures {
  return {
    probabilityOfAnyEventPerYear: result.probabilityOfAnyEvent,
    medianCostPerEventUsd: result.costIfItHappens.percentilesUsd.p50,
    expectedAnnualLossUsd: result.annualLoss.expectedUsd,
  };
}

/** The profile of an input with other answers (insurance and control costs left out: they never move these figures). */
export function withAnswers(input: Pick<RiskInput, 'organisation' | 'frameworks' | 'asOfDate'>, factors: FactorAnswers): RiskInput {
  const { organisation, frameworks, asOfDate } = input;
  return asOfDate === undefined ? { organisation, frameworks, factors } : { organisation, frameworks, factors, asOfDate };
}
