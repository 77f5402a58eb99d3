import { controlName } from './control-names.ts';
import { isCurrentModel } from '@/contracts/risk.ts';
import type { StoredRiskResult } from '@/contracts/risk.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import type { FactorId } from '@/engine/factors.ts';
import type { RiskDerivation, RiskResult } from '@/engine/risk-result.ts';

/**
 * The ONE place reports read the figures of a stored RiskResult. Results are stored JSON,
 * written by whichever engine version completed the assessment (ADR 104): a model 1.0.0
 * result lacks the fields 2.0.0 added (precision reached, the insurance view's 1-in-100
 * figures, unknown answers, tail reductions of the fixes, the controls not worth it). Those
 * read as `null` here and the reports say "not available for model 1.0.0": nothing is invented.
 */
export interface ResultView {
  readonly engineVersion: string;
  /** True when the result was computed by the running model's major version (2.x). */
  readonly isCurrentModel: boolean;
  readonly seed: number;
  readonly iterations: number;
  readonly aleUsd: number;
  readonly standardErrorUsd: number;
  /** Standard error as a share of the ALE (the precision reached). */
  readonly standardErrorShare: number;
  readonly precision: PrecisionView | null;
  readonly percentilesUsd: { readonly p50: number; readonly p90: number; readonly p95: number; readonly p99: number };
  /** Mean of the worst 1% of years. */
  readonly expectedShortfall99Usd: number;
  readonly probabilityOfAnyEvent: number;
  readonly probabilityAbove1mUsd: number;
  readonly eventMedianUsd: number;
  readonly eventP95Usd: number;
  readonly eventMeanUsd: number;
  readonly costBreakdown: readonly {
    readonly category: string;
    readonly label: string;
    readonly expectedAnnualUsd: number;
    readonly share: number;
  }[];
  readonly insurance: InsuranceView | null;
  /** The 1-in-100-year view, with or without a policy (model 2.0.0; null for older results). */
  readonly oneInHundred: OneInHundredView | null;
  /** "I don't know" answers and how far each moves the expected loss (model 2.0.0; empty before). */
  readonly unknownFactors: readonly UnknownFactorView[];
  /** Factors not answered and taken as average. */
  readonly assumedFactors: readonly FactorId[];
  /** Controls that pay for themselves at typical prices, ranked. */
  readonly recommendations: readonly RecommendationView[];
  /** Controls that cost more than they remove at typical prices and that nobody requires (model 2.0.0; null for older results). */
  readonly recommendationsNotWorthIt: readonly RecommendationView[] | null;
  /** Every control required by a framework or the insurer whatever its return, largest saving first (ADR 312; null for older results). */
  readonly requiredControls: readonly RecommendationView[] | null;
  /** The analytic parts of model 2 (null for a result of an older model, whose derivation differs). */
  readonly derivation: RiskDerivation | null;
}

interface PrecisionView {
  readonly mode: 'standard' | 'board' | 'fixed';
  readonly targetRelativeStandardError: number | null;
  readonly relativeStandardError: number;
  readonly iterationsUsed: number;
  readonly isTargetMet: boolean;
}

export interface InsuranceView {
  readonly limitUsd: number;
  readonly retentionUsd: number;
  readonly coinsuranceShare: number;
  readonly expectedRecoveredAnnualUsd: number;
  readonly expectedNetAnnualLossUsd: number;
  readonly netP99Usd: number;
}

export interface OneInHundredView {
  readonly oneInHundredYearLossUsd: number;
  readonly policyLimitUsd: number | null;
  readonly recoveredInOneInHundredYearUsd: number;
  readonly coveredShareOfOneInHundredYear: number;
  readonly uncoveredInOneInHundredYearUsd: number;
  readonly limitToCoverOneInHundredYearUsd: number;
  readonly expectedRecoveredAnnualUsd: number;
}

interface UnknownFactorView {
  readonly factorId: FactorId;
  readonly expectedAnnualLossIfBestUsd: number;
  readonly expectedAnnualLossIfWorstUsd: number;
}

export interface RecommendationView {
  readonly rank: number;
  readonly factorId: FactorId;
  readonly factorName: string;
  readonly action: string;
  readonly annualLossReductionUsd: number;
  /** Mean of the worst 1% of years, now minus after the fix (model 2.0.0). */
  readonly expectedShortfall99ReductionUsd: number | null;
  /** 1-in-100 year, now minus after the fix (model 2.0.0). */
  readonly p99ReductionUsd: number | null;
  readonly annualCostLowUsd: number;
  readonly annualCostHighUsd: number;
  readonly annualCostMidUsd: number;
  readonly returnOnSecurityInvestment: number;
  readonly paybackMonths: number | null;
}

/** A stored result as reports receive it: typed as the current engine's, possibly written by an older one. */
type AnyStoredResult = RiskResult | StoredRiskResult;
type StoredRecommendation = NonNullable<StoredRiskResult['recommendations']>[number];

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function readRecommendation(r: StoredRecommendation): RecommendationView {
  return {
    rank: r.rank,
    factorId: r.factorId,
    // The control's name, never the risk factor's (control-names.ts, ADR 272).
    factorName: controlName(r.factorId),
    action: r.action,
    annualLossReductionUsd: r.annualLossReductionUsd,
    expectedShortfall99ReductionUsd: numberOrNull(r.expectedShortfall99ReductionUsd),
    p99ReductionUsd: numberOrNull(r.p99ReductionUsd),
    annualCostLowUsd: r.annualCostUsd.lowUsd,
    annualCostHighUsd: r.annualCostUsd.highUsd,
    annualCostMidUsd: r.annualCostUsd.midUsd,
    returnOnSecurityInvestment: r.returnOnSecurityInvestment,
    paybackMonths: r.paybackMonths,
  };
}

function readInsurance(result: StoredRiskResult): InsuranceView | null {
  const insurance = result.insurance as
    | (StoredRiskResult['insurance'] &
        Partial<Pick<NonNullable<RiskResult['insurance']>, 'limitUsd' | 'retentionUsd' | 'coinsuranceShare' | 'netPercentilesUsd'>>)
    | null;
  if (!insurance) return null;
  return {
    limitUsd: insurance.limitUsd ?? 0,
    retentionUsd: insurance.retentionUsd ?? 0,
    coinsuranceShare: insurance.coinsuranceShare ?? 0,
    expectedRecoveredAnnualUsd: insurance.expectedRecoveredAnnualUsd,
    expectedNetAnnualLossUsd: insurance.expectedNetAnnualLossUsd,
    netP99Usd: insurance.netPercentilesUsd?.p99 ?? 0,
  };
}

/** The figures every report shows, from one stored result of any model version. */
export function readResult(stored: AnyStoredResult): ResultView {
  // Read through the stored-result contract: the fields 2.0.0 added are optional there.
  const result = stored as StoredRiskResult & Pick<RiskResult, 'probabilityAbove1mUsd'>;
  const loss = result.annualLoss;
  const ale = loss.expectedUsd;
  const current = isCurrentModel(result, ENGINE_VERSION);
  const precision = current && result.precision ? result.precision : null;
  const view = current && result.insuranceView ? result.insuranceView : null;
  return {
    engineVersion: result.engineVersion,
    isCurrentModel: current,
    seed: result.seed,
    iterations: result.iterations,
    aleUsd: ale,
    standardErrorUsd: loss.standardErrorUsd,
    standardErrorShare: precision?.relativeStandardError ?? (ale > 0 ? loss.standardErrorUsd / ale : 0),
    precision: precision && {
      mode: precision.mode,
      targetRelativeStandardError: precision.targetRelativeStandardError,
      relativeStandardError: precision.relativeStandardError,
      iterationsUsed: precision.iterationsUsed,
      isTargetMet: precision.isTargetMet,
    },
    percentilesUsd: loss.percentilesUsd,
    expectedShortfall99Usd: loss.expectedShortfall99Usd,
    probabilityOfAnyEvent: result.probabilityOfAnyEvent,
    probabilityAbove1mUsd: result.probabilityAbove1mUsd,
    eventMedianUsd: result.costIfItHappens.percentilesUsd.p50,
    eventP95Usd: result.costIfItHappens.percentilesUsd.p95,
    eventMeanUsd: result.costIfItHappens.meanUsd,
    costBreakdown: result.costBreakdown.map((c) => ({
      category: c.category,
      label: c.label,
      expectedAnnualUsd: c.expectedAnnualUsd,
      share: c.share,
    })),
    insurance: readInsurance(result),
    oneInHundred: view && {
      oneInHundredYearLossUsd: view.oneInHundredYearLossUsd,
      policyLimitUsd: view.policyLimitUsd,
      recoveredInOneInHundredYearUsd: view.recoveredInOneInHundredYearUsd,
      coveredShareOfOneInHundredYear: view.coveredShareOfOneInHundredYear,
      uncoveredInOneInHundredYearUsd: view.uncoveredInOneInHundredYearUsd,
      limitToCoverOneInHundredYearUsd: view.limitToCoverOneInHundredYearUsd,
      expectedRecoveredAnnualUsd: view.expectedRecoveredAnnualUsd,
    },
    unknownFactors: current
      ? (result.unknownFactors ?? []).map((u) => ({
          factorId: u.factorId,
          expectedAnnualLossIfBestUsd: u.expectedAnnualLossIfBestUsd,
          expectedAnnualLossIfWorstUsd: u.expectedAnnualLossIfWorstUsd,
        }))
      : [],
    assumedFactors: result.assumedFactors,
    recommendations: (result.recommendations ?? []).map(readRecommendation),
    recommendationsNotWorthIt:
      current && result.recommendationsNotWorthIt !== undefined ? (result.recommendationsNotWorthIt ?? []).map(readRecommendation) : null,
    requiredControls: current && result.requiredControls ? result.requiredControls.map(readRecommendation) : null,
    derivation: current ? (stored as RiskResult).derivation : null,
  };
}

/** Every control the result prices, once each: a required one that pays for itself is in two lists. */
export function listEveryControl(view: Pick<ResultView, 'recommendations' | 'recommendationsNotWorthIt' | 'requiredControls'>): RecommendationView[] {
  const byFactor = new Map<FactorId, RecommendationView>();
  for (const r of [...view.recommendations, ...(view.recommendationsNotWorthIt ?? []), ...(view.requiredControls ?? [])]) if (!byFactor.has(r.factorId)) byFactor.set(r.factorId, r);
  return [...byFactor.values()];
}
