import { computeOneAtATime, computeShapley } from './attribution.ts';
import { CALIBRATION } from './calibration/calibration.ts';
import { ENGINE_VERSION } from './engine-version.ts';
import { COST_CATEGORIES, collectNonZeroAnnualLosses, computeExpectedAnnualLosses, evaluateScenario } from './evaluate-scenario.ts';
import { createAleEvaluator } from './fast-ale-evaluator.ts';
import { FACTOR_IDS, FACTORS } from './factors.ts';
import type { FactorAnswer, FactorId } from './factors.ts';
import { buildFinesExposure } from './fines-exposure.ts';
import { drawCostShares, sampleLossDrawsInChunks } from './loss-draws.ts';
import type { LossDraws } from './loss-draws.ts';
import { buildModelParameters, computeScenario } from './model-parameters.ts';
import type { Scenario } from './model-parameters.ts';
import { requireSeed } from './random/xoshiro128.ts';
import { buildRecommendations } from './recommendations.ts';
import type { RiskInput } from './risk-input.ts';
import type { InsuranceResult, RiskResult, RiskWarning } from './risk-result.ts';
import { computeRiskScore } from './risk-score.ts';
import { collectNonZero, computeExceedanceCurveFromNonZero, percentileWithZeros, summarizeEventLosses, summarizeNonZero } from './summarize-losses.ts';
import { applyFactorSuggestions, findFactorAnswerConflicts, suggestFactorAnswers } from './suggest-factor-answers.ts';
import { requireNumber, validateRiskInput } from './validate-risk-input.ts';
import { buildUnknownFactorVariants, listUnknownFactors } from './unknown-answers.ts';

/** Options of `assessRisk`. */
export interface AssessRiskOptions {
  /** Simulated years (default 100,000; 1,000 to 10,000,000). */
  readonly iterations?: number;
  /** PRNG seed, an integer in [0, 2^32 - 1] (default 1). Same input + seed → bit-identical result. */
  readonly seed?: number;
  /** Compute one-at-a-time and Shapley attribution and the recommendations (default true). */
  readonly attribution?: boolean;
  /** Draw the random numbers in this many chunks (as workers would); never changes the result (default 1). */
  readonly chunks?: number;
  /** Permutations for Shapley sampling (default 200). */
  readonly shapleyPermutations?: number;
}

interface CachedRun {
  readonly key: string;
  readonly draws: LossDraws;
  aleEvaluator: ((scenario: Scenario) => number) | null;
}

/**
 * The draws (and the attribution evaluator) of the last run, reused when
 * only the factor answers or the insurance change: what-ifs in the Web
 * Worker then skip the random-number generation. The draws depend only on
 * the key (profile, frameworks, date, seed, iterations; not on chunking),
 * so reuse never changes a result.
 */
let lastRun: CachedRun | null = null;

/** Drops the cached draws of the last run (e.g. to free memory after a 1,000,000-year run). */
export function clearAssessRiskCache(): void {
  lastRun = null;
}

/** Default seed of every run that does not give one. */
export const DEFAULT_SEED = 1;
/** Points on the loss exceedance curve. */
export const EXCEEDANCE_POINTS = 60;
/** Left end of the loss exceedance curve (USD). */
export const EXCEEDANCE_MIN_USD = 10_000;

const CALIBRATION_POPULATION =
  'Calibrated to significant, publicly reported-scale cyber incidents at organisations with 10-500 employees (IRIS 2025 frequency and loss, IBM 2023-2025 cost factors); typical insured claims are smaller (NetDiligence 2025 SME mean $142K-$374K).';

/**
 * The full risk model (risk-model.md): 19 factors + compliance frameworks →
 * Monte Carlo annual losses in USD, attribution and ROI-ranked
 * recommendations. Pure and deterministic: the same input, iterations and
 * seed give a bit-identical result, however the draws are chunked.
 * @throws RangeError naming the parameter when the input or an option is invalid.
 */
export function assessRisk(input: RiskInput, options: AssessRiskOptions = {}): RiskResult {
  validateRiskInput(input);
  const iterations = requireNumber(options.iterations ?? CALIBRATION.iterationsDefault.value, 'iterations', 1_000, 10_000_000, true);
  const seed = requireSeed(options.seed ?? DEFAULT_SEED);
  const chunks = requireNumber(options.chunks ?? 1, 'chunks', 1, 4096, true);
  const permutations = requireNumber(options.shapleyPermutations ?? CALIBRATION.shapleyPermutations.value, 'shapleyPermutations', 2, 100_000, true);
  const withAttribution = options.attribution ?? true;
  const org = input.organisation;

  const params = buildModelParameters(org, input.frameworks, input.asOfDate);
  const suggestOptions = input.asOfDate === undefined ? { organisation: org } : { organisation: org, asOfDate: input.asOfDate };
  const suggestions = suggestFactorAnswers(input.frameworks, suggestOptions);
  const frameworkConflicts = findFactorAnswerConflicts(input.factors, suggestions);
  const answersGiven = applyFactorSuggestions(input.factors, suggestions);
  const factorAnswers = Object.fromEntries(FACTORS.map((f) => [f.id, answersGiven[f.id] ?? 'partial'])) as { [F in FactorId]: FactorAnswer };
  const assumedFactors = FACTORS.filter((f) => answersGiven[f.id] === undefined).map((f) => f.id);

  const cacheKey = JSON.stringify([org, input.frameworks, input.asOfDate ?? null, seed, iterations]);
  const cached = lastRun !== null && lastRun.key === cacheKey ? lastRun : null;
  const draws = cached?.draws ?? sampleLossDrawsInChunks(params, seed, iterations, chunks);
  const run: CachedRun = cached ?? { key: cacheKey, draws, aleEvaluator: null };
  lastRun = run;
  const scenario = computeScenario(factorAnswers, params);
  const costShares = drawCostShares(draws, params, seed, scenario.frequencyMultiplier);
  const losses = evaluateScenario(draws, params, scenario, costShares, input.insurance);
  const years = draws.years;
  // Gross losses of years with events are all > 0 (core losses are lognormal).
  const nonZero = losses.nonZeroAnnualLossUsd;
  const summary = summarizeNonZero(nonZero, years);
  const ale = summary.expectedUsd;
  if (!Number.isFinite(ale) || !Number.isFinite(summary.standardDeviationUsd)) {
    throw new Error(`assessRisk produced a non-finite annual loss (${ale}); this is a bug in the engine`);
  }

  const categoryTotal = losses.categoryTotalsUsd.reduce((s, x) => s + x, 0);
  const costBreakdown = COST_CATEGORIES.map((c, i) => ({
    category: c.id,
    label: c.label,
    expectedAnnualUsd: (losses.categoryTotalsUsd[i] as number) / years,
    share: categoryTotal > 0 ? (losses.categoryTotalsUsd[i] as number) / categoryTotal : 0,
  }));

  const allAnswers = (answer: 'best' | 'worst'): { [F in FactorId]?: FactorAnswer } => Object.fromEntries(FACTORS.map((f) => [f.id, answer]));
  const [allBestAle, averageAle, allWorstAle] = computeExpectedAnnualLosses(draws, params, [
    computeScenario(allAnswers('best'), params),
    computeScenario({}, params),
    computeScenario(allAnswers('worst'), params),
  ]);
  const unknownVariants = buildUnknownFactorVariants(factorAnswers, listUnknownFactors(factorAnswers, FACTOR_IDS));
  const unknownAles = computeExpectedAnnualLosses(draws, params, unknownVariants.flatMap((v) => [computeScenario(v.best, params), computeScenario(v.worst, params)]));
  const unknownFactors = unknownVariants.map((v, i) => ({ factorId: v.factorId, expectedAnnualLossIfBestUsd: unknownAles[2 * i] ?? ale, expectedAnnualLossIfWorstUsd: unknownAles[2 * i + 1] ?? ale }));
  const riskScore = computeRiskScore(ale, allBestAle ?? 0, averageAle ?? 0, allWorstAle ?? 0);

  let insurance: InsuranceResult | null = null;
  if (input.insurance !== undefined && losses.netNonZeroAnnualLossUsd !== null) {
    // Net losses can be 0 in a year with events (fully recovered): drop them before sorting.
    const net = summarizeNonZero(collectNonZero(losses.netNonZeroAnnualLossUsd), years);
    insurance = {
      limitUsd: input.insurance.limitUsd,
      retentionUsd: input.insurance.retentionUsd,
      coinsuranceShare: input.insurance.coinsuranceShare ?? 0,
      expectedNetAnnualLossUsd: net.expectedUsd,
      expectedRecoveredAnnualUsd: ale - net.expectedUsd,
      netPercentilesUsd: net.percentilesUsd,
      netExpectedShortfall99Usd: net.expectedShortfall99Usd,
    };
  }

  let attribution: RiskResult['attribution'] = null;
  let recommendations: RiskResult['recommendations'] = null;
  if (withAttribution) {
    const fastAle = run.aleEvaluator ?? createAleEvaluator(draws, params);
    run.aleEvaluator = fastAle;
    attribution = {
      oneAtATime: computeOneAtATime(factorAnswers, params, fastAle),
      shapley: computeShapley(factorAnswers, params, fastAle, permutations, seed),
    };
    const buffer = new Float64Array(draws.eventCount);
    const p95 = (s: Scenario): number => {
      const count = collectNonZeroAnnualLosses(draws, params, s, buffer);
      return percentileWithZeros(buffer.subarray(0, count).sort(), years, 0.95);
    };
    recommendations = buildRecommendations(factorAnswers, params, org.employees, fastAle, p95);
  }

  const warnings: RiskWarning[] = [];
  const minEmployees = CALIBRATION.calibratedEmployeesMin.value;
  const maxEmployees = CALIBRATION.calibratedEmployeesMax.value;
  const isEmployeesInRange = org.employees >= minEmployees && org.employees <= maxEmployees;
  if (!isEmployeesInRange) {
    warnings.push({ code: 'employeesOutsideCalibratedRange', message: `${org.employees} employees is outside the calibrated range of ${minEmployees}-${maxEmployees}; treat the figures as indicative.` });
  }
  const isRevenueInRange = org.annualRevenueUsd < 1e9;
  if (!isRevenueInRange) warnings.push({ code: 'revenueAboveSmeTiers', message: 'Revenue of $1B or more uses the large-company IRIS tiers, outside the SME calibration.' });
  if (ale > 0 && summary.standardErrorUsd / ale > 0.02) {
    warnings.push({ code: 'standardErrorAbove2Percent', message: `Monte Carlo standard error is ${((100 * summary.standardErrorUsd) / ale).toFixed(1)}% of the ALE; raise iterations (e.g. 1,000,000) for a board report.` });
  }
  if (assumedFactors.length > 0) warnings.push({ code: 'factorsAssumedAverage', message: `Unanswered factors taken as average ("partial"): ${assumedFactors.join(', ')}.` });
  for (const c of frameworkConflicts) warnings.push({ code: 'factorAnswerConflict', message: c.message });

  return {
    engineVersion: ENGINE_VERSION,
    seed,
    iterations,
    profile: { name: org.name ?? null, industry: org.industry, employees: org.employees, annualRevenueUsd: org.annualRevenueUsd },
    factorAnswers,
    assumedFactors,
    unknownFactors,
    warnings,
    frameworkConflicts,
    isInCalibratedRange: isEmployeesInRange && isRevenueInRange,
    calibrationPopulation: CALIBRATION_POPULATION,
    annualLoss: summary,
    probabilityOfAnyEvent: summary.probabilityOfAnyLoss,
    probabilityAbove1mUsd: countAbove(nonZero, 1_000_000) / years,
    costIfItHappens: summarizeEventLosses(losses.eventLossUsd),
    lossExceedanceCurve: computeExceedanceCurveFromNonZero(nonZero, years, EXCEEDANCE_MIN_USD, Math.max(2 * org.annualRevenueUsd, 10 * EXCEEDANCE_MIN_USD), EXCEEDANCE_POINTS),
    costBreakdown,
    fines: buildFinesExposure(org, input.frameworks, params, scenario.a4Level, losses.fineTotalsByRegimeUsd, years),
    riskScore,
    insurance,
    attribution,
    recommendations,
    derivation: {
      frequencyTierProbability: params.frequencyTierProbability,
      industryProbability: params.industryProbability,
      typicalProbability: params.typicalProbability,
      targetProbability: params.targetProbability,
      dispersion: params.dispersion,
      meanEventsAtAverage: params.meanEventsAtAverage,
      frequencyMultiplier: scenario.frequencyMultiplier,
      meanEventsPerYear: params.meanEventsAtAverage * scenario.frequencyMultiplier,
      tierMedianUsd: params.tierMedianUsd,
      industrySeverityMultiplier: params.industrySeverityMultiplier,
      severityMultiplier: scenario.severityMultiplier,
      medianCoreLossUsd: params.medianUsd * scenario.severityMultiplier,
      sigma: params.sigma,
      hasIndependentAssurance: params.hasIndependentAssurance,
      capPerEventUsd: params.capPerEventUsd,
      fineProbability: params.fine.probabilityByA4[scenario.a4Level],
      fineRegimes: params.fine.regimes,
      ransomProbability: params.ransom.probability,
      a4Level: scenario.a4Level,
      sourceKeys: {
        frequency: [params.frequencyTierKey, params.industryFrequencyKey, 'frequencyProbabilityTypicalOrg', 'negativeBinomialDispersion'],
        severity: [params.severityTierMedianKey, params.severitySigmaKey, params.industrySeverityKey, 'perEventCapRevenueMultiple', 'severityNonAdditivityPsi', 'severityMultiplierMin', 'severityMultiplierMax'],
        assurance: params.hasIndependentAssurance ? ['auditedSigmaFactor'] : [],
        fines: ['fineProbability', 'fineMedian', 'fineSigma', 'fineProbabilityMultiplierCompliant', 'fineProbabilityMultiplierNonCompliant'],
        ransom: ['ransomwareShareSmb', 'ransomPayRate', 'ransomMedian', 'ransomSigma'],
        costSplit: ['costShareDetection', 'costShareNotification', 'costSharePostBreach', 'costShareLostBusiness', 'costShareConcentration'],
      },
    },
  };
}

function countAbove(values: Float64Array, x: number): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) if ((values[i] as number) > x) count += 1;
  return count;
}
