import { describeAssumedAnswers, describeUnknownAnswers } from './answer-notes.ts';
import { answersToLevels, computeOneAtATime, computeShapley } from './attribution.ts';
import type { AleEvaluator, ScenarioSaving } from './attribution.ts';
import { CALIBRATION } from './calibration/calibration.ts';
import { ENGINE_VERSION } from './engine-version.ts';
import {
  COST_CATEGORIES,
  collectNonZeroAnnualLosses,
  computeExpectedAnnualLoss,
  evaluateScenario,
  groupYearsByUnknownLevels,
  hasUnknownAnswers,
  resolveSlotScenarios,
  UNKNOWN_DESIGN_ROWS,
} from './evaluate-scenario.ts';
import { createAleEvaluator } from './fast-ale-evaluator.ts';
import { createGroupedAleEvaluator } from './grouped-ale-evaluator.ts';
import { FACTORS, getFactor } from './factors.ts';
import type { FactorAnswer, FactorId } from './factors.ts';
import { buildFinesExposure } from './fines-exposure.ts';
import { sampleLossDrawsInChunks } from './loss-draws.ts';
import { buildLossScenarioResults } from './loss-scenario-results.ts';
import { LOSS_SCENARIO_COUNT, LOSS_SCENARIO_IDS } from './loss-scenarios.ts';
import type { LossDraws } from './loss-draws.ts';
import { buildModelParameters, createScenarioBuilder } from './model-parameters.ts';
import type { ModelParameters, Scenario } from './model-parameters.ts';
import { requireSeed } from './random/xoshiro128.ts';
import { buildFixPlan, rememberAleByAnswers } from './fix-plan.ts';
import { measureUncertainty } from './parameter-uncertainty.ts';
import type { ParameterUncertaintyOption } from './parameter-uncertainty.ts';
import { buildRecommendations, listFixCandidates } from './recommendations.ts';
import { coverOfOneInHundredYear } from './result-shape.ts';
import { findRequiredControls } from './required-controls.ts';
import type { Recommendation, TailFigures } from './recommendations.ts';
import type { FactorAnswers, RiskInput } from './risk-input.ts';
import type { InsuranceResult, InsuranceView, PrecisionResult, RiskResult, RiskWarning, UnknownFactorEffect } from './risk-result.ts';
import { computeRiskScore, type ExposureFigures } from './risk-score.ts';
import { computeScoreAnchors } from './score-anchors.ts';
import {
  collectNonZero,
  computeExceedanceCurveFromNonZero,
  selectKth,
  summarizeEventLosses,
  summarizeNonZero,
  summarizeTailInPlace,
} from './summarize-losses.ts';
import type { AnnualLossSummary } from './summarize-losses.ts';
import { applyFactorSuggestions, findFactorAnswerConflicts, suggestFactorAnswers } from './suggest-factor-answers.ts';
import { requireNumber, validateRiskInput } from './validate-risk-input.ts';

/** Precision targets: 'standard' (SE ≤ 1% of the expected loss) or 'board' (SE ≤ 0.5%, used by board reports). */
type PrecisionMode = 'standard' | 'board';

/** Options of `assessRisk`. */
export interface AssessRiskOptions {
  /**
   * Simulated years (1,000 to 10,000,000). When omitted, the engine picks
   * the count that reaches the precision target within the mode's budget
   * (ADR 102).
   */
  readonly iterations?: number;
  /** Precision target when `iterations` is omitted (default 'standard'). */
  readonly precision?: PrecisionMode;
  /** PRNG seed, an integer in [0, 2^32 - 1] (default 1). Same input + seed → bit-identical result. */
  readonly seed?: number;
  /** Compute one-at-a-time and Shapley attribution and the recommendations (default true). */
  readonly attribution?: boolean;
  /** Draw the random numbers in this many chunks (as workers would); never changes the result (default 1). */
  readonly chunks?: number;
  /** Permutations for Shapley sampling (default 200). */
  readonly shapleyPermutations?: number;
  /**
   * Propagate the calibration's parameter uncertainty into `result.parameterUncertainty`
   * (ADR 199): true/false or `{ outerDraws?, rangeScale?, poolYears? }`. Default: on when
   * `attribution` is on, so the what-if re-scores stay within a frame.
   */
  readonly parameterUncertainty?: ParameterUncertaintyOption;
}

interface CachedRun {
  readonly key: string;
  readonly draws: LossDraws;
  /** The what-if evaluators of this run, per set of unknown answers (the key: their ids). */
  readonly evaluators: Map<string, WhatIfEvaluator>;
  /** The O(S log n) evaluator of all years (answers without unknowns). */
  fastEvaluator: FastAleEvaluator | null;
}

type FastAleEvaluator = ReturnType<typeof createAleEvaluator>;

/**
 * The draws (and the attribution evaluator) of the last run, reused when
 * only the factor answers or the insurance change: what-ifs in the Web
 * Worker then skip the random-number generation. The draws depend only on
 * the key (profile, frameworks, seed, iterations, whether unknown answers
 * need their uniforms; not on chunking), so reuse never changes a result.
 */
let lastRun: CachedRun | null = null;

/** Drops the cached draws of the last run (e.g. to free memory after a 1,000,000-year run). */
export function clearAssessRiskCache(): void {
  lastRun = null;
}

/** Default seed of every run that does not give one. */
export const DEFAULT_SEED = 1;
/** Points on the loss exceedance curve. */
const EXCEEDANCE_POINTS = 60;
/** Left end of the loss exceedance curve (USD). */
const EXCEEDANCE_MIN_USD = 10_000;
/** Shapley evaluations allowed with unknown answers, in units of (groups x permutations): 24 permutations at the design's most groups, all 200 up to 12 groups (ADR 268). */
const UNKNOWN_SHAPLEY_BUDGET = 24 * UNKNOWN_DESIGN_ROWS;
const CALIBRATION_POPULATION =
  'Frequency: IRIS 2025 annual incident probabilities per revenue band and industry, with the count dispersion fitted to IRIS P(≥2). Cost per incident: built from the firm (response by headcount, interruption by revenue, notification by records, fines per regime, ransom by size), calibrated to NetDiligence 2025 SME claim means, with IRIS 2025 and IBM 2023-2025 as cross-checks. The two populations differ (IRIS significant incidents cost more than insured claims): the 80% range bridges them, from the claims level up toward the IRIS level (ADR 264).';

const ensureIterations = (value: number, name: string): number => requireNumber(value, name, 1_000, 10_000_000, true);

function drawsFor(
  input: RiskInput,
  params: ModelParameters,
  seed: number,
  iterations: number,
  chunks: number,
  withUniforms: boolean,
): CachedRun {
  const key = JSON.stringify([input.organisation, input.frameworks, input.asOfDate ?? null, seed, iterations, withUniforms]);
  if (lastRun !== null && lastRun.key === key) return lastRun;
  const run: CachedRun = {
    key,
    draws: sampleLossDrawsInChunks(params, seed, iterations, chunks, withUniforms),
    evaluators: new Map(),
    fastEvaluator: null,
  };
  lastRun = run;
  return run;
}

function summarizeAnswers(draws: LossDraws, params: ModelParameters, answers: FactorAnswers, input: RiskInput) {
  const plan = resolveSlotScenarios(draws, params, answers);
  const losses = evaluateScenario(draws, params, plan, input.insurance);
  const summary = summarizeNonZero(losses.nonZeroAnnualLossUsd, draws.years);
  return { plan, losses, summary };
}

function relativeError(summary: AnnualLossSummary): number {
  return summary.expectedUsd > 0 ? summary.standardErrorUsd / summary.expectedUsd : 0;
}

/** The what-if functions of one set of unknown answers: the expected loss, and its split by named loss scenario. */
interface WhatIfEvaluator {
  readonly ale: AleEvaluator;
  /** Combinations of unknown levels evaluated per what-if (1 without unknown answers). */
  readonly groups: number;
  /** Expected annual loss per named loss scenario (ADR 223). */
  readonly byScenario: (answers: FactorAnswers) => Float64Array;
}

/**
 * The expected-loss function of the attribution what-ifs. Without unknown
 * answers: the O(log n) evaluator over (F, M, A4). With unknown answers: the
 * years are grouped by the levels the design gives the unknown factors (at
 * most `UNKNOWN_DESIGN_ROWS` groups, ADR 268), and each group's expected loss
 * comes from one grouped evaluator of the run's draws (exact, same draws; ADR 309).
 */
function createAleOfAnswers(
  draws: LossDraws,
  params: ModelParameters,
  unknownIds: readonly FactorId[],
  fastOfRun: () => FastAleEvaluator,
): WhatIfEvaluator {
  const builder = createScenarioBuilder(params);
  const whole = (levels: Int8Array, out?: Float64Array): number => fastOfRun()(builder.buildTransient(levels), out);
  if (unknownIds.length === 0) {
    // The what-ifs use each scenario at once: the builder's reused object saves an allocation per call.
    return {
      ...rememberAnswers(whole, (levels) => whole(levels)),
      groups: 1,
    };
  }
  const factorIndex = Int32Array.from(unknownIds, (id) => FACTORS.findIndex((f) => f.id === id));
  const { groupOfSlot, levelsOfGroup } = groupYearsByUnknownLevels(draws, params, Array.from(factorIndex));
  const grouped = createGroupedAleEvaluator(draws, params, groupOfSlot, levelsOfGroup.length);
  const U = factorIndex.length;
  // Each group's level of each unknown factor, lifted to the factor's floor by compliance evidence (ADR 265).
  const flooredLevels = new Int8Array(grouped.groups * U);
  levelsOfGroup.forEach((groupLevels, g) => {
    for (let j = 0; j < U; j++)
      flooredLevels[g * U + j] = Math.max(groupLevels[j] as number, params.unknownAnswerFloor[factorIndex[j] as number] as number);
  });
  const a4Unknown = Array.from(factorIndex).indexOf(builder.a4Factor);
  const stillUnknown = new Int32Array(U);
  const skip = new Uint8Array(FACTORS.length);
  const knownSums = new Float64Array(2 * LOSS_SCENARIO_COUNT);
  const sums = new Float64Array(2 * LOSS_SCENARIO_COUNT);
  const frequency = new Float64Array(LOSS_SCENARIO_COUNT);
  const severity = new Float64Array(LOSS_SCENARIO_COUNT);
  const ofLevels = (levels: Int8Array, out?: Float64Array): number => {
    // The run's unknown factors this what-if leaves unknown (level 4); with none, one evaluator of all years.
    let count = 0;
    for (let j = 0; j < U; j++) if (levels[factorIndex[j] as number] === 4) stillUnknown[count++] = j;
    if (count === 0) return whole(levels, out);
    out?.fill(0);
    // The factors the what-if sets are summed once; each group adds its levels of the unknown ones (ADR 309).
    skip.fill(0);
    for (let q = 0; q < count; q++) skip[factorIndex[stillUnknown[q] as number] as number] = 1;
    builder.sumLogsInto(levels, skip, knownSums);
    const a4Varies = a4Unknown >= 0 && levels[builder.a4Factor] === 4;
    let total = 0;
    for (let g = 0; g < grouped.groups; g++) {
      sums.set(knownSums);
      for (let q = 0; q < count; q++) {
        const j = stillUnknown[q] as number;
        builder.addLogsInto(factorIndex[j] as number, flooredLevels[g * U + j] as number, sums);
      }
      builder.finishInto(sums, frequency, severity);
      const a4 = a4Varies ? (flooredLevels[g * U + a4Unknown] as number) : (levels[builder.a4Factor] as number);
      total += grouped.ofGroup(g, frequency, severity, a4, out);
    }
    return total;
  };
  return {
    ...rememberAnswers(ofLevels, ofLevels),
    groups: grouped.groups,
  };
}

/** Answer sets priced before, per what-if evaluator; past this many the memory is cleared (a long what-if session). */
const REMEMBERED_ANSWER_SETS = 4_096;

/**
 * The what-ifs of named answers, each set priced once with its split by loss scenario: the unknown-factor
 * effects, the one-at-a-time rows, the recommendations, the fix plan and the split by scenario ask for
 * many of the same sets (ADR 309). The total does not depend on whether the split is asked for, so a
 * remembered figure is the figure. The Shapley walk (`ofLevels`, mostly new coalitions) is not remembered.
 */
function rememberAnswers(
  ofLevelsWithSplit: (levels: Int8Array, out: Float64Array) => number,
  ofLevels: (levels: Int8Array) => number,
): Pick<WhatIfEvaluator, 'ale' | 'byScenario'> {
  const priced = new Map<string, { readonly total: number; readonly byScenario: Float64Array }>();
  const price = (answers: FactorAnswers) => {
    const levels = answersToLevels(answers);
    const key = levels.join(',');
    let known = priced.get(key);
    if (known === undefined) {
      const byScenario = new Float64Array(LOSS_SCENARIO_COUNT);
      known = { total: ofLevelsWithSplit(levels, byScenario), byScenario };
      if (priced.size >= REMEMBERED_ANSWER_SETS) priced.clear();
      priced.set(key, known);
    }
    return known;
  };
  return {
    ale: { ofAnswers: (answers) => price(answers).total, ofLevels, toLevels: answersToLevels },
    byScenario: (answers) => Float64Array.from(price(answers).byScenario),
  };
}

/** Sums over the worst 1% of simulated years (the years ES99 averages): gross loss, insurable part, what the policy pays. */
interface PooledTail {
  readonly years: number;
  readonly grossUsd: number;
  readonly insurableUsd: number;
  readonly paidUsd: number;
}

/**
 * The worst ceil(1% x years) years by gross loss (ties in year order), pooled: every figure of the
 * insurance view comes from these sums, not from the one year that happens to sit at the P99, so
 * it is stable across seeds (ADR 266). `limit` null: no policy, nothing paid.
 */
export function poolWorstYears(nonZero: Float64Array, recoverable: Float64Array, years: number, limit: number | null): PooledTail {
  const tailYears = Math.max(1, Math.ceil(0.01 * years));
  const n = nonZero.length;
  const take = Math.min(tailYears, n);
  let grossUsd = 0;
  let insurableUsd = 0;
  let paidUsd = 0;
  if (take > 0) {
    const work = Float64Array.from(nonZero);
    selectKth(work, 0, n - 1, n - take);
    const threshold = work[n - take] as number;
    let above = 0;
    for (let i = 0; i < n; i++) if ((nonZero[i] as number) > threshold) above += 1;
    let ties = take - above;
    for (let i = 0; i < n; i++) {
      const gross = nonZero[i] as number;
      if (gross < threshold || (gross === threshold && ties-- <= 0)) continue;
      const insurable = recoverable[i] as number;
      grossUsd += gross;
      insurableUsd += insurable;
      paidUsd += limit === null ? 0 : Math.min(limit, insurable);
    }
  }
  return { years: tailYears, grossUsd, insurableUsd, paidUsd };
}

function buildInsuranceView(
  input: RiskInput,
  summary: AnnualLossSummary,
  nonZero: Float64Array,
  recoverable: Float64Array,
  insurance: InsuranceResult | null,
): InsuranceView {
  const p99 = summary.percentilesUsd.p99;
  const limit = input.insurance?.limitUsd ?? null;
  const tail = poolWorstYears(nonZero, recoverable, summary.years, limit);
  // The insurable share of a 1-in-100 year (after retention and coinsurance per incident), pooled over the worst 1% of years.
  const insurableShare = tail.grossUsd > 0 ? tail.insurableUsd / tail.grossUsd : 1;
  const needed = p99 * insurableShare;
  return {
    oneInHundredYearLossUsd: p99,
    expectedShortfall99Usd: summary.expectedShortfall99Usd,
    policyLimitUsd: limit,
    expectedRecoveredAnnualUsd: insurance?.expectedRecoveredAnnualUsd ?? 0,
    // One uninsured figure (ADR 313): what stays is the 1-in-100 year of the loss kept after insurance.
    ...coverOfOneInHundredYear(p99, insurance === null ? p99 : insurance.netPercentilesUsd.p99),
    limitToCoverOneInHundredYearUsd: needed,
    worstYearsUninsuredAverageUsd: (tail.grossUsd - tail.paidUsd) / tail.years,
  };
}

/** The answers the model runs on: the given ones, completed from compliance evidence, the rest "partial". */
function resolveFactorAnswers(input: RiskInput) {
  const org = input.organisation;
  const suggestOptions = input.asOfDate === undefined ? { organisation: org } : { organisation: org, asOfDate: input.asOfDate };
  const suggestions = suggestFactorAnswers(input.frameworks, suggestOptions);
  const frameworkConflicts = findFactorAnswerConflicts(input.factors, suggestions);
  const answersGiven = applyFactorSuggestions(input.factors, suggestions);
  const factorAnswers = Object.fromEntries(FACTORS.map((f) => [f.id, answersGiven[f.id] ?? 'partial'])) as {
    [F in FactorId]: FactorAnswer;
  };
  return { factorAnswers, answersGiven, frameworkConflicts };
}

/**
 * The gross annual loss of every simulated year that had a loss, in simulation order (every
 * other year lost $0), for an input, seed and iteration count: the years behind
 * `assessRisk(input, { seed, iterations })`, whose annual-loss summary they reproduce exactly.
 * Stored results keep summaries only; this lets a verification workbook list the years.
 * Pure; the iterations are required because a precision-targeted run chooses its own count
 * (pass the stored result's `iterations`).
 * @throws RangeError naming the parameter when the input or an option is invalid.
 */
export function computeAnnualLossYears(input: RiskInput, options: { readonly seed: number; readonly iterations: number }): Float64Array {
  return computeLossSamples(input, options).annualLossYearsUsd;
}

/**
 * The years of `computeAnnualLossYears` and the cost of every incident that `costIfItHappens`
 * summarises (in simulation order), from one run: the verification workbook lists both so its
 * formulas recompute the median cost of an incident as well as the annual figures.
 * @throws RangeError naming the parameter when the input or an option is invalid.
 */
export function computeLossSamples(
  input: RiskInput,
  options: { readonly seed: number; readonly iterations: number },
): { readonly annualLossYearsUsd: Float64Array; readonly incidentLossUsd: Float64Array } {
  validateRiskInput(input);
  const iterations = ensureIterations(options.iterations, 'iterations');
  const seed = requireSeed(options.seed);
  const params = buildModelParameters(input.organisation, input.frameworks, input.asOfDate);
  const { factorAnswers } = resolveFactorAnswers(input);
  const run = drawsFor(input, params, seed, iterations, 1, hasUnknownAnswers(factorAnswers));
  const { losses } = summarizeAnswers(run.draws, params, factorAnswers, input);
  return { annualLossYearsUsd: losses.nonZeroAnnualLossUsd, incidentLossUsd: losses.eventLossUsd };
}

/** The options of a run, checked, with their defaults. */
interface RunSettings {
  readonly fixedIterations: number | null;
  readonly mode: PrecisionMode;
  readonly seed: number;
  readonly chunks: number;
  readonly permutations: number;
  readonly withAttribution: boolean;
}

function readRunSettings(options: AssessRiskOptions): RunSettings {
  const fixedIterations = options.iterations === undefined ? null : ensureIterations(options.iterations, 'iterations');
  const mode: PrecisionMode = options.precision ?? 'standard';
  if (mode !== 'standard' && mode !== 'board') throw new RangeError(`precision: must be standard or board, got ${String(mode)}`);
  const seed = requireSeed(options.seed ?? DEFAULT_SEED);
  const chunks = requireNumber(options.chunks ?? 1, 'chunks', 1, 4096, true);
  const permutations = requireNumber(
    options.shapleyPermutations ?? CALIBRATION.shapleyPermutations.value,
    'shapleyPermutations',
    2,
    100_000,
    true,
  );
  return { fixedIterations, mode, seed, chunks, permutations, withAttribution: options.attribution ?? true };
}

/** The precision target and iteration budget of a mode (ADR 102). */
function precisionGoal(mode: PrecisionMode): { target: number; budget: number } {
  return mode === 'board'
    ? { target: CALIBRATION.precisionTargetBoard.value, budget: CALIBRATION.maxIterationsBoard.value }
    : { target: CALIBRATION.precisionTargetStandard.value, budget: CALIBRATION.maxIterationsStandard.value };
}

/** Precision (ADR 102): a pilot run, then the iteration count that reaches the target within the budget. */
function simulateToPrecision(input: RiskInput, params: ModelParameters, settings: RunSettings, factorAnswers: FactorAnswers) {
  const { target, budget } = precisionGoal(settings.mode);
  const { fixedIterations, seed, chunks } = settings;
  const withUniforms = hasUnknownAnswers(factorAnswers);
  let iterations = fixedIterations ?? CALIBRATION.iterationsDefault.value;
  let run = drawsFor(input, params, seed, iterations, chunks, withUniforms);
  let evaluated = summarizeAnswers(run.draws, params, factorAnswers, input);
  // SE falls as 1/sqrt(n): scale up with 15% headroom for the noise of the SE estimate itself, and
  // re-check (heavy tails can make a pilot's SE optimistic); at most three refinements, never past the budget.
  for (let round = 0; fixedIterations === null && round < 3; round++) {
    const rel = relativeError(evaluated.summary);
    if (rel <= target || iterations >= budget) break;
    const wanted = Math.ceil(iterations * (rel / target) ** 2 * 1.15);
    iterations = Math.min(budget, Math.max(iterations + 10_000, Math.ceil(wanted / 10_000) * 10_000));
    run = drawsFor(input, params, seed, iterations, chunks, withUniforms);
    evaluated = summarizeAnswers(run.draws, params, factorAnswers, input);
  }
  return { run, ...evaluated };
}

function describePrecision(settings: RunSettings, summary: AnnualLossSummary, years: number): PrecisionResult {
  const relativeStandardError = relativeError(summary);
  if (settings.fixedIterations !== null) {
    return {
      mode: 'fixed',
      targetRelativeStandardError: null,
      relativeStandardError,
      iterationsUsed: years,
      maxIterations: null,
      isTargetMet: true,
    };
  }
  const { target, budget } = precisionGoal(settings.mode);
  return {
    mode: settings.mode,
    targetRelativeStandardError: target,
    relativeStandardError,
    iterationsUsed: years,
    maxIterations: budget,
    isTargetMet: relativeStandardError <= target,
  };
}

function buildCostBreakdown(categoryTotalsUsd: Float64Array, years: number): RiskResult['costBreakdown'] {
  const categoryTotal = categoryTotalsUsd.reduce((s, x) => s + x, 0);
  return COST_CATEGORIES.map((c, i) => ({
    category: c.id,
    label: c.label,
    expectedAnnualUsd: (categoryTotalsUsd[i] as number) / years,
    share: categoryTotal > 0 ? (categoryTotalsUsd[i] as number) / categoryTotal : 0,
  }));
}

/** The 0-100 score: where the expected loss sits between all-best and all-worst answers on the same draws. */
function scoreRisk(draws: LossDraws, params: ModelParameters, ale: number, exposure: ExposureFigures) {
  // Answer-independent: computed once per cached draws (ADR 216).
  const anchors = computeScoreAnchors(draws, params);
  return computeRiskScore(ale, anchors.allBestAleUsd, anchors.averageAleUsd, anchors.allWorstAleUsd, exposure);
}

/**
 * What answering each "I don't know" would do: the expected loss if it were best, and if it were worst.
 * With attribution the run's what-if evaluator gives them (ADR 268); without, one exact pass each.
 */
function measureUnknownFactors(
  run: CachedRun,
  params: ModelParameters,
  factorAnswers: FactorAnswers,
  unknownIds: readonly FactorId[],
  withEvaluator: boolean,
): UnknownFactorEffect[] {
  if (unknownIds.length === 0) return [];
  const { draws } = run;
  const exactAle = withEvaluator
    ? aleEvaluatorFor(run, params, unknownIds).ale.ofAnswers
    : (answers: FactorAnswers): number => computeExpectedAnnualLoss(draws, params, resolveSlotScenarios(draws, params, answers));
  return unknownIds.map((factorId) => ({
    factorId,
    expectedAnnualLossIfBestUsd: exactAle({ ...factorAnswers, [factorId]: 'best' }),
    expectedAnnualLossIfWorstUsd: exactAle({ ...factorAnswers, [factorId]: 'worst' }),
  }));
}

function summarizeInsurance(
  input: RiskInput,
  netNonZeroAnnualLossUsd: Float64Array | null,
  ale: number,
  years: number,
): InsuranceResult | null {
  if (input.insurance === undefined || netNonZeroAnnualLossUsd === null) return null;
  // Net losses can be 0 in a year with events (fully recovered): drop them before sorting.
  const net = summarizeNonZero(collectNonZero(netNonZeroAnnualLossUsd), years);
  return {
    limitUsd: input.insurance.limitUsd,
    retentionUsd: input.insurance.retentionUsd,
    coinsuranceShare: input.insurance.coinsuranceShare ?? 0,
    expectedNetAnnualLossUsd: net.expectedUsd,
    expectedRecoveredAnnualUsd: ale - net.expectedUsd,
    netPercentilesUsd: net.percentilesUsd,
    netExpectedShortfall99Usd: net.expectedShortfall99Usd,
  };
}

/** The what-if evaluator of a run for its set of unknown answers, built once per set (ADR 268). */
function aleEvaluatorFor(run: CachedRun, params: ModelParameters, unknownIds: readonly FactorId[]): WhatIfEvaluator {
  const key = unknownIds.join(',');
  let built = run.evaluators.get(key);
  if (built === undefined) {
    built = createAleOfAnswers(run.draws, params, unknownIds, () => fastEvaluatorFor(run, params));
    // A what-if session visits a few sets of unknown answers; keep the latest few.
    if (run.evaluators.size >= 8) run.evaluators.clear();
    run.evaluators.set(key, built);
  }
  return built;
}

function fastEvaluatorFor(run: CachedRun, params: ModelParameters): FastAleEvaluator {
  return (run.fastEvaluator ??= createAleEvaluator(run.draws, params));
}

/** Before minus after, per loss scenario. */
function savingsBetween(before: Float64Array, after: Float64Array): ScenarioSaving[] {
  return LOSS_SCENARIO_IDS.map((scenarioId, s) => ({ scenarioId, annualLossReductionUsd: (before[s] as number) - (after[s] as number) }));
}

/** Adds the per-scenario split to the one-at-a-time rows, the recommendations and the fix plan steps. */
function splitByScenario(
  parts: AttributionParts,
  answers: FactorAnswers,
  byScenario: (answers: FactorAnswers) => Float64Array,
): AttributionParts {
  const current = byScenario(answers);
  // A required control is in two lists (ADR 312): its split is computed once.
  const splits = new Map<FactorId, ScenarioSaving[]>();
  const ofBest = (factorId: FactorId): ScenarioSaving[] => {
    const known = splits.get(factorId);
    if (known !== undefined) return known;
    const split = savingsBetween(current, byScenario({ ...answers, [factorId]: 'best' }));
    splits.set(factorId, split);
    return split;
  };
  const withSplit = (list: readonly Recommendation[] | null): Recommendation[] | null =>
    list?.map((r) => ({ ...r, savingByScenario: ofBest(r.factorId) })) ?? null;
  let before = current;
  let applied = answers;
  const steps = parts.fixPlan?.steps.map((step) => {
    applied = { ...applied, [step.factorId]: 'best' };
    const after = byScenario(applied);
    const savingByScenario = savingsBetween(before, after);
    before = after;
    return { ...step, savingByScenario };
  });
  return {
    attribution:
      parts.attribution === null
        ? null
        : { ...parts.attribution, oneAtATime: parts.attribution.oneAtATime.map((row) => ({ ...row, byScenario: ofBest(row.factorId) })) },
    recommendations: withSplit(parts.recommendations),
    recommendationsNotWorthIt: withSplit(parts.recommendationsNotWorthIt),
    requiredControls: withSplit(parts.requiredControls),
    fixPlan: parts.fixPlan === null || steps === undefined ? null : { ...parts.fixPlan, steps },
  };
}

type AttributionParts = Pick<RiskResult, 'attribution' | 'recommendations' | 'recommendationsNotWorthIt' | 'requiredControls' | 'fixPlan'>;

/** One-at-a-time and Shapley attribution, then the recommendations ranked by ROI with their tail effect. */
function attributeAndRecommend(
  run: CachedRun,
  params: ModelParameters,
  settings: RunSettings,
  context: {
    factorAnswers: FactorAnswers;
    unknownIds: readonly FactorId[];
    summary: AnnualLossSummary;
    employees: number;
    input: RiskInput;
  },
): AttributionParts {
  const { draws } = run;
  const { factorAnswers, summary } = context;
  const { ale: evaluator, groups, byScenario } = aleEvaluatorFor(run, params, context.unknownIds);
  // With many unknown answers the exact what-ifs cost one evaluator per group: fewer Shapley permutations keep it bounded (the sum stays exact).
  const shapleyPermutations = Math.max(2, Math.min(settings.permutations, Math.floor(UNKNOWN_SHAPLEY_BUDGET / groups)));
  const attribution = {
    oneAtATime: computeOneAtATime(factorAnswers, evaluator.ofAnswers),
    shapley: computeShapley(factorAnswers, evaluator, groups > 1 ? shapleyPermutations : settings.permutations, settings.seed),
  };
  const buffer = new Float64Array(Math.max(1, draws.slotCount));
  const tail = (answers: FactorAnswers): TailFigures => {
    // The current answers' tail is the result's own (same plan, same losses in the same order).
    if (answers === factorAnswers) return { expectedShortfall99Usd: summary.expectedShortfall99Usd, p99Usd: summary.percentilesUsd.p99 };
    const count = collectNonZeroAnnualLosses(draws, params, resolveSlotScenarios(draws, params, answers), buffer);
    return summarizeTailInPlace(buffer.subarray(0, count), draws.years);
  };
  // Required controls and the organisation's own costs (ADR 211, 212); the plan uses the same expected-loss function as the list.
  const recommendationContext = {
    required: findRequiredControls(factorAnswers, context.input.frameworks),
    costOverrides: context.input.controlCostOverrides,
  };
  const ale = rememberAleByAnswers(evaluator.ofAnswers);
  const lists = buildRecommendations(factorAnswers, context.employees, ale, tail, recommendationContext);
  const fixPlan = buildFixPlan(factorAnswers, listFixCandidates(factorAnswers, context.employees, recommendationContext), ale);
  const parts = { attribution, recommendations: lists.worthIt, recommendationsNotWorthIt: lists.notWorthIt, requiredControls: lists.required, fixPlan };
  return splitByScenario(parts, factorAnswers, byScenario);
}

/** Whether the profile lies inside the calibrated population (employees, revenue below the large-company tiers). */
function checkCalibratedRange(org: RiskInput['organisation']) {
  const minEmployees = CALIBRATION.calibratedEmployeesMin.value;
  const maxEmployees = CALIBRATION.calibratedEmployeesMax.value;
  return {
    isEmployeesInRange: org.employees >= minEmployees && org.employees <= maxEmployees,
    isRevenueInRange: org.annualRevenueUsd < 1e9,
    minEmployees,
    maxEmployees,
  };
}

function collectWarnings(
  org: RiskInput['organisation'],
  precision: PrecisionResult,
  answers: { assumedFactors: readonly FactorId[]; unknownIds: readonly FactorId[]; frameworkConflicts: RiskResult['frameworkConflicts'] },
): RiskWarning[] {
  const warnings: RiskWarning[] = [];
  const { isEmployeesInRange, isRevenueInRange, minEmployees, maxEmployees } = checkCalibratedRange(org);
  if (!isEmployeesInRange) {
    warnings.push({
      code: 'employeesOutsideCalibratedRange',
      message: `${org.employees} employees is outside the calibrated range of ${minEmployees}-${maxEmployees}; treat the figures as indicative.`,
    });
  }
  if (!isRevenueInRange)
    warnings.push({
      code: 'revenueAboveSmeTiers',
      message: 'Revenue of $1B or more uses the large-company IRIS tiers, outside the SME calibration.',
    });
  if (!precision.isTargetMet) {
    const rel = precision.relativeStandardError;
    warnings.push({
      code: 'precisionTargetNotMet',
      message: `The standard error of the expected loss is ${(100 * rel).toFixed(1)}% after ${precision.iterationsUsed.toLocaleString('en-US')} simulated years, the budget of this run (target ${(100 * (precision.targetRelativeStandardError as number)).toFixed(1)}%): read the expected loss as ±${(200 * rel).toFixed(0)}%.`,
    });
  }
  // Named as the questionnaire names them, never by code (ADR 314); a path's own words come from src/reports/result-notes.ts.
  const { assumedFactors, unknownIds } = answers;
  if (assumedFactors.length > 0) warnings.push({ code: 'factorsAssumedAverage', message: describeAssumedAnswers(assumedFactors.map((id) => getFactor(id).name)) });
  if (unknownIds.length > 0) warnings.push({ code: 'factorsUnknown', message: describeUnknownAnswers(unknownIds.map((id) => getFactor(id).name)) });
  for (const c of answers.frameworkConflicts) warnings.push({ code: 'factorAnswerConflict', message: c.message });
  return warnings;
}

/** How the figures were reached: the fitted parameters, the scenario's multipliers and the calibration keys behind each. */
function describeDerivation(params: ModelParameters, scenario: Scenario, mode: PrecisionMode): RiskResult['derivation'] {
  return {
    frequencyTierProbability: params.frequencyTierProbability,
    industryProbability: params.industryProbability,
    typicalProbability: params.typicalProbability,
    targetProbability: params.targetProbability,
    dispersion: params.dispersion,
    meanEventsAtAverage: params.meanEventsAtAverage,
    frequencyMultiplier: scenario.frequencyMultiplier,
    meanEventsPerYear: params.meanEventsAtAverage * scenario.frequencyMultiplier,
    responseMedianUsd: params.responseMedianUsd,
    interruptionMedianUsd: params.interruptionMedianUsd,
    industrySeverityMultiplier: params.industrySeverityMultiplier,
    severityMultiplier: scenario.severityMultiplier,
    medianCoreLossUsd: params.medianUsd * scenario.severityMultiplier,
    sigma: params.sigma,
    effectiveRecords: params.effectiveRecords,
    recordsCostAllExposedUsd: params.recordsCostAllExposedUsd,
    capPerEventUsd: params.capPerEventUsd,
    fineProbabilityPerRegime: params.fine.regimes.length > 0 ? (params.fine.probabilityByA4[scenario.a4Level][0] as number) : 0,
    fineMedianUsd: params.fine.medianUsd,
    fineRegimes: params.fine.regimes,
    ransomProbability: params.ransom.probability,
    ransomMedianUsd: params.ransom.medianUsd,
    a4Level: scenario.a4Level,
    sourceKeys: {
      frequency: [
        'frequencyProbabilityLt10m',
        'frequencyProbability10mTo100m',
        'frequencyProbability100mTo1b',
        'frequencyProbability1bTo10b',
        params.industryFrequencyKey,
        'frequencyProbabilityTypicalOrg',
      ],
      dispersion: [
        'frequencyAtLeast2Lt10m',
        'frequencyAtLeast2For10mTo100m',
        'frequencyAtLeast2For100mTo1b',
        'frequencyAtLeast2For1bTo10b',
      ],
      severity: [
        'responseBaseUsd',
        'responsePerEmployeeUsd',
        'businessInterruptionRevenueShare',
        'incidentSigma',
        params.industrySeverityKey,
        'severityNonAdditivityPsi',
        'severityMultiplierMin',
        'severityMultiplierMax',
      ],
      records: [
        'perRecordCostAverage',
        'recordDrivenCostShare',
        'recordCostReferenceRecords',
        'recordCostScaleExponent',
        'recordExposureProbability',
        'paymentCardRecordWeight',
        'smallFirmKneeRevenueUsd',
        'smallFirmScaleExponent',
      ],
      cap: ['perEventCapRevenueMultiple'],
      fines: [
        'finePerRegimeProbability',
        'fineMedian',
        'fineSigma',
        'fineProbabilityMultiplierCompliant',
        'fineProbabilityMultiplierNonCompliant',
        'sizeScalingReferenceRevenueUsd',
        'sizeScalingExponent',
        'smallFirmKneeRevenueUsd',
        'smallFirmScaleExponent',
      ],
      ransom: [
        'ransomwareShareSmb',
        'ransomPayRate',
        'ransomMedian',
        'ransomSigma',
        'sizeScalingReferenceRevenueUsd',
        'sizeScalingExponent',
        'smallFirmKneeRevenueUsd',
        'smallFirmScaleExponent',
      ],
      precision: mode === 'board' ? ['precisionTargetBoard', 'maxIterationsBoard'] : ['precisionTargetStandard', 'maxIterationsStandard'],
    },
  };
}

/**
 * The full risk model 2.0 (ADR 100-103): 19 factors + compliance frameworks →
 * Monte Carlo annual losses in USD, attribution and ROI-ranked
 * recommendations. Pure and deterministic: the same input, options and
 * seed give a bit-identical result, however the draws are chunked.
 * @throws RangeError naming the parameter when the input or an option is invalid.
 */
export function assessRisk(input: RiskInput, options: AssessRiskOptions = {}): RiskResult {
  validateRiskInput(input);
  const settings = readRunSettings(options);
  const org = input.organisation;
  const params = buildModelParameters(org, input.frameworks, input.asOfDate);
  const { factorAnswers, answersGiven, frameworkConflicts } = resolveFactorAnswers(input);
  const assumedFactors = FACTORS.filter((f) => answersGiven[f.id] === undefined).map((f) => f.id);
  const unknownIds = FACTORS.filter((f) => factorAnswers[f.id] === 'unknown').map((f) => f.id);

  const { run, plan, losses, summary } = simulateToPrecision(input, params, settings, factorAnswers);
  const { draws } = run;
  const years = draws.years;
  const nonZero = losses.nonZeroAnnualLossUsd;
  const ale = summary.expectedUsd;
  if (!Number.isFinite(ale) || !Number.isFinite(summary.standardDeviationUsd)) {
    throw new Error(`assessRisk produced a non-finite annual loss (${ale}); this is a bug in the engine`);
  }
  const precision = describePrecision(settings, summary, years);
  const costBreakdown = buildCostBreakdown(losses.categoryTotalsUsd, years);
  const riskScore = scoreRisk(draws, params, ale, {
    expectedUsd: ale,
    oneInTwentyUsd: summary.percentilesUsd.p95,
    oneInHundredUsd: summary.percentilesUsd.p99,
    annualRevenueUsd: org.annualRevenueUsd,
  });
  const unknownFactors = measureUnknownFactors(run, params, factorAnswers, unknownIds, settings.withAttribution);
  const uncertainty = measureUncertainty(options.parameterUncertainty ?? settings.withAttribution, {
    params,
    answers: factorAnswers,
    seed: settings.seed,
    draws,
    summary,
  });
  const insurance = summarizeInsurance(input, losses.netNonZeroAnnualLossUsd, ale, years);
  const insuranceView = buildInsuranceView(input, summary, nonZero, losses.recoverableNonZeroUsd, insurance);
  const attributed: AttributionParts = settings.withAttribution
    ? attributeAndRecommend(run, params, settings, { factorAnswers, unknownIds, summary, employees: org.employees, input })
    : { attribution: null, recommendations: null, recommendationsNotWorthIt: null, requiredControls: null, fixPlan: null };
  const warnings = collectWarnings(org, precision, { assumedFactors, unknownIds, frameworkConflicts });
  const { isEmployeesInRange, isRevenueInRange } = checkCalibratedRange(org);

  const scenario = plan.constant;
  return {
    engineVersion: ENGINE_VERSION,
    seed: settings.seed,
    iterations: years,
    profile: { name: org.name ?? null, industry: org.industry, employees: org.employees, annualRevenueUsd: org.annualRevenueUsd },
    factorAnswers,
    assumedFactors,
    warnings,
    frameworkConflicts,
    isInCalibratedRange: isEmployeesInRange && isRevenueInRange,
    calibrationPopulation: CALIBRATION_POPULATION,
    annualLoss: summary,
    probabilityOfAnyEvent: summary.probabilityOfAnyLoss,
    probabilityAbove1mUsd: countAbove(nonZero, 1_000_000) / years,
    costIfItHappens: summarizeEventLosses(losses.eventLossUsd),
    lossExceedanceCurve: computeExceedanceCurveFromNonZero(
      nonZero,
      years,
      EXCEEDANCE_MIN_USD,
      Math.max(2 * org.annualRevenueUsd, 10 * EXCEEDANCE_MIN_USD),
      EXCEEDANCE_POINTS,
    ),
    costBreakdown,
    lossScenarios: buildLossScenarioResults(draws, losses, ale),
    fines: buildFinesExposure(org, input.frameworks, params, scenario.a4Level, losses.fineTotalsByRegimeUsd, years),
    riskScore,
    insurance,
    attribution: attributed.attribution,
    recommendations: attributed.recommendations,
    recommendationsNotWorthIt: attributed.recommendationsNotWorthIt,
    requiredControls: attributed.requiredControls,
    fixPlan: attributed.fixPlan,
    unknownFactors,
    precision,
    insuranceView,
    derivation: describeDerivation(params, scenario, settings.mode),
    ...uncertainty,
  };
}

function countAbove(values: Float64Array, x: number): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) if ((values[i] as number) > x) count += 1;
  return count;
}
