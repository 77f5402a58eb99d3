import type { FactorAnswers, RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { buildModelParameters, computeScenario } from '@/engine/model-parameters.ts';
import type { ModelParameters } from '@/engine/model-parameters.ts';

/** Where one posture sits on the likelihood x impact map. */
export interface LikelihoodImpactPoint {
  id: string;
  label: string;
  /** P(at least one loss event in a year), from the negative binomial frequency. */
  likelihood: number;
  /** Median cost of one event, USD (a computed result's "cost if it happens"; closed form for the comparison postures). */
  impactUsd: number;
  isCurrent?: boolean;
}

/** Likelihood bands (rows, low → high) and impact bands (columns, low → high). */
export const LIKELIHOOD_BANDS = [
  { label: 'Rare', max: 0.02, range: 'under 2% a year' },
  { label: 'Unlikely', max: 0.05, range: '2-5%' },
  { label: 'Possible', max: 0.1, range: '5-10%' },
  { label: 'Likely', max: 0.2, range: '10-20%' },
  { label: 'Almost certain', max: Infinity, range: '20% or more' },
] as const;
export const IMPACT_BANDS = [
  { label: 'Minor', max: 100_000, range: 'under $100K' },
  { label: 'Moderate', max: 500_000, range: '$100K-$500K' },
  { label: 'Major', max: 1_000_000, range: '$500K-$1M' },
  { label: 'Severe', max: 5_000_000, range: '$1M-$5M' },
  { label: 'Critical', max: Infinity, range: '$5M or more' },
] as const;

export function findBandIndex(value: number, bands: readonly { max: number }[]): number {
  const index = bands.findIndex((b) => value < b.max);
  return index === -1 ? bands.length - 1 : index;
}

/** P(N >= 1) for a negative binomial with mean mu and size r. */
function probabilityOfAnyEvent(mu: number, r: number): number {
  return 1 - Math.pow(r / (r + mu), r);
}

/**
 * Likelihood and impact of a set of answers, in closed form from the engine's model
 * parameters (no simulation): cheap enough to place many scenarios on one map.
 */
export function locatePosture(params: ModelParameters, answers: FactorAnswers): { likelihood: number; impactUsd: number } {
  const scenario = computeScenario(answers, params);
  return {
    likelihood: probabilityOfAnyEvent(params.meanEventsAtAverage * scenario.frequencyMultiplier, params.dispersion),
    impactUsd: Math.min(params.medianUsd * scenario.severityMultiplier, params.capPerEventUsd),
  };
}

/**
 * A computed result on the map: its own probability of a loss event and median cost of one event
 * (the headline's "Cost if it happens"), so every view of one result shows the same figures.
 */
export function locateResult(result: Pick<RiskResult, 'probabilityOfAnyEvent' | 'costIfItHappens'>): { likelihood: number; impactUsd: number } {
  return { likelihood: result.probabilityOfAnyEvent, impactUsd: result.costIfItHappens.percentilesUsd.p50 };
}

export function buildModelParametersFor(input: RiskInput): ModelParameters {
  return buildModelParameters(input.organisation, input.frameworks, input.asOfDate);
}
