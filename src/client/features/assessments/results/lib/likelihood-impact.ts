import { FACTORS } from '@/engine/factors.ts';
import { figuresOfResult, withAnswers, type PostureFigures, type PostureRunSettings } from '@/engine/posture-figures.ts';
import type { FactorAnswers, RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';

/**
 * Where one posture sits on the likelihood x impact map. Every figure comes from an engine run
 * with the seed and iterations of the result on screen (ADR 215); each names its unit of time.
 */
export interface LikelihoodImpactPoint {
  id: string;
  label: string;
  /** Annual: P(at least one loss event in a year). */
  likelihood: number;
  /** Per event: the median cost of one event (the headline's "cost if it happens"). */
  impactUsd: number;
  /** Annual: the expected loss per year. */
  expectedAnnualLossUsd: number;
  isCurrent?: boolean;
}

/** Likelihood bands (rows, low → high) and impact bands (columns, low → high). */
export const LIKELIHOOD_BANDS = [
  { label: 'Rare', max: 0.02, range: 'under 2% a year' },
  { label: 'Unlikely', max: 0.05, range: '2-5% a year' },
  { label: 'Possible', max: 0.1, range: '5-10% a year' },
  { label: 'Likely', max: 0.2, range: '10-20% a year' },
  { label: 'Almost certain', max: Infinity, range: '20% a year or more' },
] as const;
export const IMPACT_BANDS = [
  { label: 'Minor', max: 100_000, range: 'under $100K per event' },
  { label: 'Moderate', max: 500_000, range: '$100K-$500K per event' },
  { label: 'Major', max: 1_000_000, range: '$500K-$1M per event' },
  { label: 'Severe', max: 5_000_000, range: '$1M-$5M per event' },
  { label: 'Critical', max: Infinity, range: '$5M or more per event' },
] as const;

export function findBandIndex(value: number, bands: readonly { max: number }[]): number {
  const index = bands.findIndex((b) => value < b.max);
  return index === -1 ? bands.length - 1 : index;
}

/** A posture placed from engine figures. */
export function toPoint(id: string, label: string, figures: PostureFigures, isCurrent = false): LikelihoodImpactPoint {
  const point = { id, label, likelihood: figures.probabilityOfAnyEventPerYear, impactUsd: figures.medianCostPerEventUsd, expectedAnnualLossUsd: figures.expectedAnnualLossUsd };
  return isCurrent ? { ...point, isCurrent } : point;
}

/** A computed result on the map: its own figures, so the marker shows exactly what the headline shows. */
export function locateResult(result: RiskResult, id = 'current', label = 'Your organisation today'): LikelihoodImpactPoint {
  return toPoint(id, label, figuresOfResult(result), true);
}

/** One posture the engine must run: its input, and the key its figures are cached under. */
export interface PostureToRun {
  id: string;
  label: string;
  input: RiskInput;
}

/** The seed and iterations of a result: every posture compared with it runs on the same simulated years. */
export function runSettingsOf(result: Pick<RiskResult, 'seed' | 'iterations'>): PostureRunSettings {
  return { seed: result.seed, iterations: result.iterations };
}

/** The cache key of a posture's figures: its input and the run settings (same key, same figures: the engine is deterministic). */
export function postureKey(input: RiskInput, settings: PostureRunSettings): string {
  return JSON.stringify([input.organisation, input.frameworks, input.asOfDate ?? null, input.factors, settings.seed, settings.iterations]);
}

const everyAnswer = (answer: 'best' | 'partial' | 'worst'): FactorAnswers => Object.fromEntries(FACTORS.map((f) => [f.id, answer]));

/**
 * The postures a result is compared with: its top three recommendations applied together, the
 * average peer (every answer "partial": the risk score's 50), every control at its best (the
 * score's 0) and every answer at its worst (the score's 100). Same profile as the result.
 */
export function comparisonPostures(input: Pick<RiskInput, 'organisation' | 'frameworks' | 'asOfDate'>, result: Pick<RiskResult, 'factorAnswers' | 'recommendations'>): PostureToRun[] {
  const postures: PostureToRun[] = [];
  const top = (result.recommendations ?? []).slice(0, 3);
  if (top.length > 0) {
    const improved: FactorAnswers = { ...result.factorAnswers, ...Object.fromEntries(top.map((r) => [r.factorId, 'best'])) };
    postures.push({ id: 'top3', label: `After the top ${top.length} recommendations`, input: withAnswers(input, improved) });
  }
  postures.push({ id: 'average', label: 'Average peer (same size and industry)', input: withAnswers(input, everyAnswer('partial')) });
  postures.push({ id: 'best', label: 'Every control at its best', input: withAnswers(input, everyAnswer('best')) });
  postures.push({ id: 'worst', label: 'Every answer at its worst', input: withAnswers(input, everyAnswer('worst')) });
  return postures;
}
