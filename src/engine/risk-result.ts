import type { OneAtATimeContribution, ShapleyAttribution } from './attribution.ts';
import type { CalibrationKey } from './calibration/calibration.ts';
import type { CostCategoryId } from './evaluate-scenario.ts';
import type { FactorAnswer, FactorId, FactorLevel } from './factors.ts';
import type { FinesExposure } from './fines-exposure.ts';
import type { FixPlan } from './fix-plan.ts';
import type { IndustryId } from './industries.ts';
import type { LossScenarioResult } from './loss-scenario-results.ts';
import type { ParameterUncertainty, UnknownAnswersRange } from './parameter-uncertainty.ts';
import type { Recommendation } from './recommendations.ts';
import type { RiskScore } from './risk-score.ts';
import type { AnnualLossSummary, EventLossSummary, ExceedancePoint, LossPercentiles } from './summarize-losses.ts';
import type { FactorAnswerConflict } from './suggest-factor-answers.ts';

/** A warning attached to a result (e.g. outside the calibrated range). */
export interface RiskWarning {
  readonly code: 'employeesOutsideCalibratedRange' | 'revenueAboveSmeTiers' | 'factorAnswerConflict' | 'precisionTargetNotMet' | 'factorsAssumedAverage' | 'factorsUnknown';
  readonly message: string;
}

/** The numbers behind the headline figures, each with the calibration keys it comes from. */
export interface RiskDerivation {
  /** IRIS25 P(>= 1 incident) at this revenue, interpolated on log revenue between tier centres. */
  readonly frequencyTierProbability: number;
  readonly industryProbability: number;
  readonly typicalProbability: number;
  /** P(>= 1 event) at average posture: revenue x industry / typical. */
  readonly targetProbability: number;
  /** Negative binomial dispersion, fitted to IRIS25 P(>= 2) per tier and interpolated. */
  readonly dispersion: number;
  /** Mean events per year at average posture. */
  readonly meanEventsAtAverage: number;
  /** Frequency multiplier of the answers: mean over the loss scenarios (by frequency share) of their per-scenario multipliers, ADR 223 ("unknown" answers scored at the average). */
  readonly frequencyMultiplier: number;
  /** Mean events per year for this organisation: meanEventsAtAverage x frequencyMultiplier. */
  readonly meanEventsPerYear: number;
  /** Median response & forensics per incident at average posture, before the industry multiplier (USD). */
  readonly responseMedianUsd: number;
  /** Median business interruption per incident at average posture, before the industry multiplier (USD). */
  readonly interruptionMedianUsd: number;
  readonly industrySeverityMultiplier: number;
  /** Combined severity multiplier of the answers (psi rule, clamped). */
  readonly severityMultiplier: number;
  /** Median response + interruption per incident for this organisation (USD). */
  readonly medianCoreLossUsd: number;
  readonly sigma: number;
  /** People an incident could expose (largest weighted record count). */
  readonly effectiveRecords: number;
  /** Records-driven cost if every record were exposed, at average posture (USD). */
  readonly recordsCostAllExposedUsd: number;
  /** Cap on the total loss of one incident (USD). */
  readonly capPerEventUsd: number;
  /** P(fine) per incident under each applicable regime at this A4 level. */
  readonly fineProbabilityPerRegime: number;
  readonly fineMedianUsd: number;
  readonly fineRegimes: readonly string[];
  readonly ransomProbability: number;
  readonly ransomMedianUsd: number;
  readonly a4Level: FactorLevel;
  readonly sourceKeys: { readonly [name: string]: readonly CalibrationKey[] };
}

/** How precise the expected loss is, and how that was reached (ADR 102). */
export interface PrecisionResult {
  /** 'standard' (SE <= 1%), 'board' (SE <= 0.5%), or 'fixed' when the caller set the iterations. */
  readonly mode: 'standard' | 'board' | 'fixed';
  /** Target standard error as a share of the expected loss (null for fixed iterations). */
  readonly targetRelativeStandardError: number | null;
  /** Standard error of the expected loss / expected loss, as reached. */
  readonly relativeStandardError: number;
  /** Simulated years used. */
  readonly iterationsUsed: number;
  /** Iteration budget of the mode (null for fixed iterations). */
  readonly maxIterations: number | null;
  /** True when the target was reached (always true for fixed iterations, which have none). */
  readonly isTargetMet: boolean;
}

/** The insurance view: what a policy recovers and how much of a 1-in-100 year it covers. */
export interface InsuranceView {
  /** Gross loss of a 1-in-100 year (P99 of annual loss), USD. */
  readonly oneInHundredYearLossUsd: number;
  /** Mean of the worst 1% of years (gross), USD. */
  readonly expectedShortfall99Usd: number;
  /** The policy's annual aggregate limit (null without a policy). */
  readonly policyLimitUsd: number | null;
  /** Expected yearly recovery under the policy (0 without a policy), USD. */
  readonly expectedRecoveredAnnualUsd: number;
  /** What the policy pays in that 1-in-100 year, USD: its loss minus `uncoveredInOneInHundredYearUsd`. */
  readonly recoveredInOneInHundredYearUsd: number;
  /** Share of the 1-in-100 year's loss the policy pays, in [0, 1]. */
  readonly coveredShareOfOneInHundredYear: number;
  /**
   * What stays with the organisation in a 1-in-100 year, USD: the P99 of the annual loss kept after
   * insurance (`insurance.netPercentilesUsd.p99`), the whole P99 without a policy. The one uninsured
   * figure every format prints (ADR 313; read into stored results by result-shape.ts).
   */
  readonly uncoveredInOneInHundredYearUsd: number;
  /**
   * Aggregate limit that would pay everything insurable in that year (after retention and coinsurance), USD:
   * the year's loss times the insurable share of the worst 1% of years, pooled (ADR 266).
   */
  readonly limitToCoverOneInHundredYearUsd: number;
  /** Average loss that stays with the organisation in the worst 1% of years (the years ES99 averages; equal to ES99 without a policy), USD. Added in 3.1.0. */
  readonly worstYearsUninsuredAverageUsd: number;
}

/** How much one "unknown" answer moves the expected loss (others unchanged). */
export interface UnknownFactorEffect {
  readonly factorId: FactorId;
  readonly expectedAnnualLossIfBestUsd: number;
  readonly expectedAnnualLossIfWorstUsd: number;
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
  /** The answers used (missing ones filled from compliance evidence or "partial"; "unknown" kept). */
  readonly factorAnswers: { readonly [F in FactorId]: FactorAnswer };
  /** Factors that were not answered and were taken as average. */
  readonly assumedFactors: readonly FactorId[];
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
  /**
   * "Cost if it happens": distribution of the loss of one incident, over every potential incident
   * of the run's pool (thinning is independent of cost, so it is the same distribution, and it
   * cannot move when a control only makes incidents rarer; ADR 100).
   */
  readonly costIfItHappens: EventLossSummary;
  /** P(annual loss > x), 60 log-spaced points from $10K to 2 x revenue. */
  readonly lossExceedanceCurve: readonly ExceedancePoint[];
  /** Expected annual loss by cost category (sums to the ALE). */
  readonly costBreakdown: readonly { readonly category: CostCategoryId; readonly label: string; readonly expectedAnnualUsd: number; readonly share: number }[];
  /**
   * The five named loss scenarios (ADR 223): expected annual loss (summing exactly to
   * `annualLoss.expectedUsd`), share, annual probability, cost if it happens and breakdown.
   * Absent in stored results before 3.0.0.
   */
  readonly lossScenarios: readonly LossScenarioResult[];
  readonly fines: FinesExposure;
  readonly riskScore: RiskScore;
  readonly insurance: InsuranceResult | null;
  /** One-at-a-time and Shapley attribution; null when `attribution: false`. */
  readonly attribution: { readonly oneAtATime: readonly OneAtATimeContribution[]; readonly shapley: ShapleyAttribution } | null;
  /** ROI-ranked recommendations that pay for themselves at typical prices (ROSI >= 0); null when `attribution: false`. */
  readonly recommendations: readonly Recommendation[] | null;
  /** Controls that reduce the loss by less than they cost at typical prices (ROSI < 0) and that nobody requires; null when `attribution: false`. */
  readonly recommendationsNotWorthIt: readonly Recommendation[] | null;
  /**
   * Every control a selected framework or a typical cyber-insurance application requires whatever its
   * return, largest saving first: its own list, never inside "not worth it" (one that pays for itself
   * is also in `recommendations`); null when `attribution: false`. Results stored before it get it
   * when read (result-shape.ts, ADR 312).
   */
  readonly requiredControls: readonly Recommendation[] | null;
  /**
   * The fixes to make together, greedy on joint runs: every "together" figure (saving, cost,
   * payback) comes from one engine run with all of them applied (ADR 211); null when `attribution: false`.
   */
  readonly fixPlan: FixPlan | null;
  /** Unknown answers and how far each moves the expected loss; empty when nothing is unknown. */
  readonly unknownFactors: readonly UnknownFactorEffect[];
  /** Precision reached (standard error as a share of the expected loss, iterations used). */
  readonly precision: PrecisionResult;
  /** What a policy recovers and how much of a 1-in-100 year it covers (also without a policy). */
  readonly insuranceView: InsuranceView;
  readonly derivation: RiskDerivation;
  /**
   * The spread of the expected loss, 1-in-20 and 1-in-100 year figures when the calibration's own
   * parameters move within their sourced ranges (10th-90th percentile of a second-order Monte
   * Carlo, ADR 199); separate from `precision` (simulation noise). Absent on runs that skip it
   * (by default those without attribution) and in results stored before it.
   */
  readonly parameterUncertainty?: ParameterUncertainty;
  /** Expected loss with every "I don't know" answered best (low) and worst (high); absent when nothing is unknown. */
  readonly unknownAnswersRangeUsd?: UnknownAnswersRange;
}

export type { LossScenarioResult } from './loss-scenario-results.ts';
export type { LossScenarioId } from './loss-scenarios.ts';
