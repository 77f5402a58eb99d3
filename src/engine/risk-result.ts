import type { OneAtATimeContribution, ShapleyAttribution } from './attribution.ts';
import type { CalibrationKey } from './calibration/calibration.ts';
import type { CostCategoryId } from './evaluate-scenario.ts';
import type { FactorAnswer, FactorId, FactorLevel } from './factors.ts';
import type { FinesExposure } from './fines-exposure.ts';
import type { IndustryId } from './industries.ts';
import type { Recommendation } from './recommendations.ts';
import type { RiskScore } from './risk-score.ts';
import type { AnnualLossSummary, EventLossSummary, ExceedancePoint, LossPercentiles } from './summarize-losses.ts';
import type { FactorAnswerConflict } from './suggest-factor-answers.ts';
import type { UnknownFactorEffect } from './unknown-answers.ts';

/** A warning attached to a result (e.g. outside the calibrated range). */
export interface RiskWarning {
  readonly code: 'employeesOutsideCalibratedRange' | 'revenueAboveSmeTiers' | 'factorAnswerConflict' | 'standardErrorAbove2Percent' | 'factorsAssumedAverage';
  readonly message: string;
}

/** The numbers behind the headline figures, each with the calibration keys it comes from. */
export interface RiskDerivation {
  readonly frequencyTierProbability: number;
  readonly industryProbability: number;
  readonly typicalProbability: number;
  /** P(>= 1 event) at average posture: tier x industry / typical. */
  readonly targetProbability: number;
  readonly dispersion: number;
  /** Mean events per year at average posture. */
  readonly meanEventsAtAverage: number;
  /** Product of the frequency multipliers of the answers. */
  readonly frequencyMultiplier: number;
  /** Mean events per year for this organisation: meanEventsAtAverage x frequencyMultiplier. */
  readonly meanEventsPerYear: number;
  readonly tierMedianUsd: number;
  readonly industrySeverityMultiplier: number;
  /** Combined severity multiplier of the answers (psi rule, clamped). */
  readonly severityMultiplier: number;
  /** Median core loss per event for this organisation (USD). */
  readonly medianCoreLossUsd: number;
  readonly sigma: number;
  readonly hasIndependentAssurance: boolean;
  readonly capPerEventUsd: number;
  readonly fineProbability: number;
  readonly fineRegimes: readonly string[];
  readonly ransomProbability: number;
  readonly a4Level: FactorLevel;
  readonly sourceKeys: { readonly [name: string]: readonly CalibrationKey[] };
}

/** Insurance layer results (net = gross - recoveries). */
export interface InsuranceResult {
  readonly limitUsd: number;
  readonly retentionUsd: number;
  readonly coinsuranceShare: number;
  readonly expectedNetAnnualLossUsd: number;
  readonly expectedRecoveredAnnualUsd: number;
  readonly netPercentilesUsd: LossPercentiles;
  readonly netExpectedShortfall99Usd: number;
}

/**
 * The result of `assessRisk`: plain objects, arrays and numbers only
 * (JSON and structured-clone friendly). Money is in USD; "annual" figures
 * are per simulated year; probabilities are in [0, 1].
 */
export interface RiskResult {
  readonly engineVersion: string;
  readonly seed: number;
  readonly iterations: number;
  readonly profile: { readonly name: string | null; readonly industry: IndustryId; readonly employees: number; readonly annualRevenueUsd: number };
  /** The answers used (missing ones filled with "partial"). */
  readonly factorAnswers: { readonly [F in FactorId]: FactorAnswer };
  /** Factors that were not answered and were taken as average. */
  readonly assumedFactors: readonly FactorId[];
  /** Factors answered "I don't know", with the ALE if each were best and if it were worst (empty when none). */
  readonly unknownFactors: ReadonlyArray<UnknownFactorEffect>;
  readonly warnings: readonly RiskWarning[];
  readonly frameworkConflicts: readonly FactorAnswerConflict[];
  readonly isInCalibratedRange: boolean;
  readonly calibrationPopulation: string;
  /** Annual loss: ALE (expectedUsd), its Monte Carlo SE, percentiles, VaR, ES. */
  readonly annualLoss: AnnualLossSummary;
  /** P(at least one loss event in a year). */
  readonly probabilityOfAnyEvent: number;
  /** P(annual loss > $1M). */
  readonly probabilityAbove1mUsd: number;
  /** "Cost if it happens": distribution of the loss of one event. */
  readonly costIfItHappens: EventLossSummary;
  /** P(annual loss > x), 60 log-spaced points from $10K to 2 x revenue. */
  readonly lossExceedanceCurve: readonly ExceedancePoint[];
  /** Expected annual loss by cost category (sums to the ALE). */
  readonly costBreakdown: readonly { readonly category: CostCategoryId; readonly label: string; readonly expectedAnnualUsd: number; readonly share: number }[];
  readonly fines: FinesExposure;
  readonly riskScore: RiskScore;
  readonly insurance: InsuranceResult | null;
  /** One-at-a-time and Shapley attribution; null when `attribution: false`. */
  readonly attribution: { readonly oneAtATime: readonly OneAtATimeContribution[]; readonly shapley: ShapleyAttribution } | null;
  /** ROI-ranked recommendations; null when `attribution: false`. */
  readonly recommendations: readonly Recommendation[] | null;
  readonly derivation: RiskDerivation;
}
