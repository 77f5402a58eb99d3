import { assessRisk } from './assess-risk.ts';
import type { AssessRiskOptions } from './assess-risk.ts';
import { ENGINE_VERSION } from './engine-version.ts';
import type { RiskInput } from './risk-input.ts';
import type { RiskResult } from './risk-result.ts';

/** The headline figures of a stored result, of any engine version (the fields 1.0.0 already had). */
export interface StoredHeadline {
  readonly engineVersion: string;
  readonly seed: number;
  readonly annualLoss: { readonly expectedUsd: number; readonly percentilesUsd: { readonly p95: number; readonly p99: number } };
  readonly probabilityOfAnyEvent: number;
  readonly costIfItHappens: { readonly percentilesUsd: { readonly p50: number } };
}

/** One figure under the stored model and under the current one. */
interface FigureComparison {
  readonly storedUsd: number;
  readonly currentUsd: number;
}

/** "Both figures": a stored assessment next to the same input run on the current model (ADR 104). */
interface ModelVersionComparison {
  readonly storedEngineVersion: string;
  readonly currentEngineVersion: string;
  /** True when the stored result already comes from the current model (nothing to compare). */
  readonly isSameVersion: boolean;
  readonly expectedAnnualLoss: FigureComparison;
  readonly p95AnnualLoss: FigureComparison;
  readonly p99AnnualLoss: FigureComparison;
  readonly medianIncident: FigureComparison;
  /** The full result on the current model (same input and seed); the stored result is never modified. */
  readonly current: RiskResult;
}

/**
 * Re-runs a stored assessment's input on the current model with the stored
 * seed, so the product can show the original figures (labelled with their
 * engine version) next to the current ones. Stored results keep the version
 * they were computed with; this never rewrites them.
 * @throws RangeError naming the parameter when the stored input is no longer valid.
 */
export function rerunOnCurrentModel(input: RiskInput, stored: StoredHeadline, options: Omit<AssessRiskOptions, 'seed'> = {}): ModelVersionComparison {
  const current = assessRisk(input, { ...options, seed: stored.seed });
  const pair = (storedUsd: number, currentUsd: number): FigureComparison => ({ storedUsd, currentUsd });
  return {
    storedEngineVersion: stored.engineVersion,
    currentEngineVersion: ENGINE_VERSION,
    isSameVersion: stored.engineVersion === ENGINE_VERSION,
    expectedAnnualLoss: pair(stored.annualLoss.expectedUsd, current.annualLoss.expectedUsd),
    p95AnnualLoss: pair(stored.annualLoss.percentilesUsd.p95, current.annualLoss.percentilesUsd.p95),
    p99AnnualLoss: pair(stored.annualLoss.percentilesUsd.p99, current.annualLoss.percentilesUsd.p99),
    medianIncident: pair(stored.costIfItHappens.percentilesUsd.p50, current.costIfItHappens.percentilesUsd.p50),
    current,
  };
}
