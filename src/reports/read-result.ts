import type { FactorId } from '@/engine/factors.ts';
import type { RiskResult } from '@/engine/risk-result.ts';

/**
 * The ONE place reports read a stored RiskResult. Results are stored JSON, written by whichever
 * engine version completed the assessment, so fields that newer engines add (model 2.0.0:
 * precision reached, the insurance view's 1-in-100 figures, unknown factors) are read
 * defensively here and are `null` when the stored result does not carry them. Nothing is
 * invented: a figure the stored result cannot give is reported as not available.
 */
export interface ResultView {
  readonly engineVersion: string;
  readonly seed: number;
  readonly iterations: number;
  readonly aleUsd: number;
  readonly standardErrorUsd: number;
  /** Standard error as a share of the ALE (the precision reached). */
  readonly standardErrorShare: number;
  /** The precision target the engine ran to (model 2.0.0 'board' option), when recorded. */
  readonly precisionTarget: string | null;
  readonly percentilesUsd: { readonly p50: number; readonly p90: number; readonly p95: number; readonly p99: number };
  /** Mean of the worst 1% of years. */
  readonly expectedShortfall99Usd: number | null;
  readonly probabilityOfAnyEvent: number;
  readonly probabilityAbove1mUsd: number;
  readonly eventMedianUsd: number;
  readonly eventP95Usd: number;
  readonly eventMeanUsd: number;
  readonly insurance: InsuranceView | null;
  /** Factors the user did not know (model 2.0.0) or left unanswered (taken as average). */
  readonly unknownFactors: readonly FactorId[];
}

export interface InsuranceView {
  readonly limitUsd: number;
  readonly retentionUsd: number;
  readonly coinsuranceShare: number;
  readonly expectedRecoveredAnnualUsd: number;
  readonly expectedNetAnnualLossUsd: number;
  readonly netP99Usd: number;
  /** Share of a 1-in-100 year the policy leaves with the organisation (model 2.0.0). */
  readonly uncoveredShareOfOneIn100: number | null;
  /** Aggregate limit that would cover a 1-in-100 year (model 2.0.0). */
  readonly limitToCoverOneIn100Usd: number | null;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function field(source: unknown, name: string): unknown {
  return source !== null && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
}

function readInsurance(result: RiskResult): InsuranceView | null {
  const insurance = result.insurance;
  if (!insurance) return null;
  // Model 2.0.0 names: read whichever spelling is present, never compute a stand-in.
  const uncovered = numberOrNull(field(insurance, 'uncoveredShareOfOneIn100')) ?? numberOrNull(field(field(insurance, 'oneIn100'), 'uncoveredShare'));
  const limitToCover = numberOrNull(field(insurance, 'limitToCoverOneIn100Usd')) ?? numberOrNull(field(field(insurance, 'oneIn100'), 'limitToCoverUsd'));
  return {
    limitUsd: insurance.limitUsd,
    retentionUsd: insurance.retentionUsd,
    coinsuranceShare: insurance.coinsuranceShare,
    expectedRecoveredAnnualUsd: insurance.expectedRecoveredAnnualUsd,
    expectedNetAnnualLossUsd: insurance.expectedNetAnnualLossUsd,
    netP99Usd: insurance.netPercentilesUsd.p99,
    uncoveredShareOfOneIn100: uncovered,
    limitToCoverOneIn100Usd: limitToCover,
  };
}

function readUnknownFactors(result: RiskResult): readonly FactorId[] {
  const unknown = field(result, 'unknownFactors');
  if (Array.isArray(unknown)) return unknown.filter((x): x is FactorId => typeof x === 'string');
  return result.assumedFactors;
}

function readPrecisionTarget(result: RiskResult): string | null {
  const precision = field(result, 'precision');
  const target = field(precision, 'target') ?? field(precision, 'option');
  return typeof target === 'string' ? target : null;
}

/** The figures every report shows, from one stored result. */
export function readResult(result: RiskResult): ResultView {
  const loss = result.annualLoss;
  const ale = loss.expectedUsd;
  return {
    engineVersion: result.engineVersion,
    seed: result.seed,
    iterations: result.iterations,
    aleUsd: ale,
    standardErrorUsd: loss.standardErrorUsd,
    standardErrorShare: ale > 0 ? loss.standardErrorUsd / ale : 0,
    precisionTarget: readPrecisionTarget(result),
    percentilesUsd: loss.percentilesUsd,
    expectedShortfall99Usd: numberOrNull(loss.expectedShortfall99Usd) ?? numberOrNull(field(result, 'expectedShortfallUsd')),
    probabilityOfAnyEvent: result.probabilityOfAnyEvent,
    probabilityAbove1mUsd: result.probabilityAbove1mUsd,
    eventMedianUsd: result.costIfItHappens.percentilesUsd.p50,
    eventP95Usd: result.costIfItHappens.percentilesUsd.p95,
    eventMeanUsd: result.costIfItHappens.meanUsd,
    insurance: readInsurance(result),
    unknownFactors: readUnknownFactors(result),
  };
}
