import { CALIBRATION } from './calibration/calibration.ts';
import type { CalibrationKey } from './calibration/calibration.ts';
import { collectNonZeroAnnualLosses, computeExpectedAnnualLoss, evaluateScenario, resolveSlotScenarios } from './evaluate-scenario.ts';
import { FACTORS } from './factors.ts';
import { INDUSTRIES } from './industries.ts';
import { countBlocks, sampleLossDraws } from './loss-draws.ts';
import type { LossDraws } from './loss-draws.ts';
import { dispersionForRevenue } from './model-parameters.ts';
import type { ModelParameters } from './model-parameters.ts';
import { negativeBinomialMeanForProbability } from './random/negative-binomial.ts';
import { normalQuantile } from './random/normal-quantile.ts';
import { createXoshiro128 } from './random/xoshiro128.ts';
import type { Xoshiro128 } from './random/xoshiro128.ts';
import type { FactorAnswers } from './risk-input.ts';
import { selectKth } from './summarize-losses.ts';
import type { AnnualLossSummary } from './summarize-losses.ts';
import { requireNumber } from './validate-risk-input.ts';

/**
 * Parameter uncertainty (ADR 199): how far the headline figures move when the
 * model's own calibrated parameters move within their ranges. This is a
 * different thing from Monte Carlo precision (`result.precision`, the noise of
 * simulating a finite number of years), which the main run already keeps at
 * SE ≤ 1%.
 */

/** A figure's central value (the main run) and its 80% range over the parameter draws. */
export interface UncertaintyRange {
  /** 10th percentile of the outer draws (never above `central`), USD. */
  readonly low: number;
  /** The main run's figure (parameters at their calibrated values), USD. */
  readonly central: number;
  /** 90th percentile of the outer draws (never below `central`), USD. */
  readonly high: number;
}

/** One uncertain parameter as the result lists it: what it is, its range, where the range comes from. */
export interface UncertaintySource {
  readonly parameter: string;
  /** The 80% range of the multiplier, in words (e.g. "×/÷ 1.27 (80% range)"). */
  readonly range: string;
  readonly source: string;
}

/** `RiskResult.parameterUncertainty`: the spread of the headline figures due to the calibration's own uncertainty. */
export interface ParameterUncertainty {
  /** The range is the 10th-90th percentile of the outer draws. */
  readonly level: 0.8;
  /** Parameter draws (second-order Monte Carlo, Latin hypercube). */
  readonly outerDraws: number;
  /** Simulated years of the common pool every draw is evaluated on. */
  readonly poolYears: number;
  /** Multiplier on every parameter range (1 = the calibrated ranges; tests and sensitivity checks use others). */
  readonly rangeScale: number;
  readonly method: string;
  readonly expectedAnnualLossUsd: UncertaintyRange;
  /** P95 of annual loss. */
  readonly oneInTwentyYearUsd: UncertaintyRange;
  /** P99 of annual loss. */
  readonly oneInHundredYearUsd: UncertaintyRange;
  readonly sources: readonly UncertaintySource[];
  /** The bridge between the frequency's population (IRIS) and the cost's (NetDiligence), ADR 264. Added in 3.1.0. */
  readonly populationBridge: PopulationBridge;
}

/**
 * How far the model's incident (NetDiligence-calibrated cost, IRIS frequency) sits below IRIS's own
 * median loss per significant incident for this revenue: the disagreement the range carries.
 */
export interface PopulationBridge {
  /** IRIS 2025 median loss per significant incident at this revenue (interpolated on log revenue between band centres), USD. */
  readonly irisMedianUsd: number;
  /** The model's median cost of one incident at average answers, on the uncertainty pool, USD. */
  readonly modelMedianUsd: number;
  /** max(1, irisMedianUsd / modelMedianUsd): the top of the bridge multiplier on the cost of an incident. */
  readonly ratio: number;
}

/** Multipliers on the calibrated parameters; 1 everywhere is the calibration itself. */
export interface ParameterMultipliers {
  /** × P(≥1 incident a year) at average posture (IRIS tier × industry). */
  readonly incidentProbability: number;
  /** × negative binomial dispersion r (enters through the mean count; see ADR 199). */
  readonly dispersion: number;
  /** × mean of response + interruption per incident (the median moves with sigma so this mean holds). */
  readonly incidentCostMean: number;
  /** × lognormal sigma of response + interruption (the mean is kept: the calibration fits means). */
  readonly incidentCostSigma: number;
  /** × records-driven cost (notification, monitoring, regulatory response). */
  readonly recordsCost: number;
  /** × regulatory fine amounts. */
  readonly fines: number;
  /** × ransom paid. */
  readonly ransom: number;
  /** Exponent on the answers' combined frequency multiplier (how strongly MFA, patching and hardening act). */
  readonly controlFrequencyEffect: number;
  /** × psi, i.e. exponent on the answers' combined severity multiplier before its clamp. */
  readonly controlSeverityEffect: number;
  /**
   * × the whole cost of an incident (response, interruption, records, fines, ransom): the population
   * bridge between NetDiligence claims (1) and IRIS significant incidents (the IRIS/model median
   * ratio), ADR 264.
   */
  readonly populationBridge: number;
}

type MultiplierKey = keyof ParameterMultipliers;

/** The calibration itself. */
export const CENTRAL_MULTIPLIERS: ParameterMultipliers = {
  incidentProbability: 1,
  dispersion: 1,
  incidentCostMean: 1,
  incidentCostSigma: 1,
  recordsCost: 1,
  fines: 1,
  ransom: 1,
  controlFrequencyEffect: 1,
  controlSeverityEffect: 1,
  populationBridge: 1,
};

/** z of the 90th percentile: an 80% range is exp(± Z80 × ln-sd). */
const Z80 = normalQuantile(0.9);
const v = (key: CalibrationKey): number => CALIBRATION[key].value;

/** Standard deviation of ln(x) over the values (sample, n - 1). */
function logStandardDeviation(values: readonly number[]): number {
  const logs = values.map(Math.log);
  const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
  return Math.sqrt(logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (logs.length - 1));
}

/**
 * Frequency: how far an IRIS25 sub-population's yearly incident probability sits from the
 * typical organisation's (ln-sd over the sector figures the model uses). Applying the
 * sector spread as the uncertainty of one firm's tier × industry estimate is the assumption.
 */
const INCIDENT_PROBABILITY_LOG_SD = logStandardDeviation(
  [...new Set(INDUSTRIES.map((i) => i.frequencyKey).filter((k) => k !== 'frequencyProbabilityTypicalOrg'))].map(v),
);

/** Root-mean-square ln step between the dispersions fitted to neighbouring IRIS25 tiers. */
const DISPERSION_LOG_SD = (() => {
  const fitted = [Math.sqrt(1e6 * 1e7), Math.sqrt(1e7 * 1e8), Math.sqrt(1e8 * 1e9), Math.sqrt(1e9 * 1e10)].map(dispersionForRevenue);
  const steps = fitted.slice(1).map((r, i) => Math.log(r / (fitted[i] as number)));
  return Math.sqrt(steps.reduce((s, x) => s + x * x, 0) / steps.length);
})();

/**
 * Severity level: the calibration accepts the model's mean cost per incident within a factor 2
 * of the NetDiligence 2025 band mean (ADR 100); reading that band as a 95% range gives
 * ln-sd = ln 2 / 1.96. (The model's actual misfit over the four bands, other industries, is
 * about 0.31 in ln: the same size.)
 */
const INCIDENT_COST_MEAN_LOG_SD = Math.log(2) / normalQuantile(0.975);

/** NetDiligence 2025 Table 3, revenue < $50M: the claim count behind the maximum sigma is solved from. */
const ND25_SME_CLAIMS = 4009;
/**
 * Severity shape: sigma is solved from the largest of 4,009 claims (ADR 100), a single order
 * statistic. The maximum of n normals has sd ≈ (π/√6) / √(2 ln n) in z units; through
 * 3.48 sigma − sigma²/2 = ln(max/mean) that moves sigma by sd(ln max) / (z_n − sigma).
 */
const INCIDENT_COST_SIGMA_LOG_SD = (() => {
  const sigma = v('incidentSigma');
  const zN = normalQuantile(1 - 1 / ND25_SME_CLAIMS);
  const sdOfMaxInZ = Math.PI / Math.sqrt(6) / Math.sqrt(2 * Math.log(ND25_SME_CLAIMS));
  return (sdOfMaxInZ * sigma) / (zN - sigma) / sigma;
})();

/** Ransom: the DBIR median paid moved from $150K (2024) to $115K (2025); one year's move as the ln-sd. */
const RANSOM_LOG_SD = Math.log(150_000 / v('ransomMedian'));

/** Control effects: ±30% on the ln multiplier read as the 80% range (ADR 199 assumption). */
const CONTROL_EFFECT_LOG_SD = Math.log(1.3) / Z80;

/** One uncertain parameter: its multiplier is lognormal with median 1 and this ln-sd (times the range scale). */
interface UncertainParameter {
  readonly key: MultiplierKey;
  readonly label: string;
  readonly logSd: number;
  readonly source: string;
}

const ND25 = CALIBRATION.insuredClaimMeanLt50m.source;

/** The parameters the outer draws move, with the source of each range. */
export const UNCERTAIN_PARAMETERS: readonly UncertainParameter[] = [
  {
    key: 'incidentProbability',
    label: 'Yearly chance of a significant incident (revenue tier × industry)',
    logSd: INCIDENT_PROBABILITY_LOG_SD,
    source: `derived from ${CALIBRATION.frequencyIndustryHealthcare.source}: ln-sd of the sector probabilities the model uses; applying the sector spread to one firm's estimate is an assumption`,
  },
  {
    key: 'dispersion',
    label: 'Clustering of incidents (negative binomial dispersion)',
    logSd: DISPERSION_LOG_SD,
    source: `derived from ${CALIBRATION.frequencyAtLeast2Lt10m.source} (P(≥2) per revenue tier): root-mean-square ln step between neighbouring tiers' fitted dispersions; using it as the uncertainty is an assumption`,
  },
  {
    key: 'incidentCostMean',
    label: 'Mean cost of response, forensics and interruption per incident',
    logSd: INCIDENT_COST_MEAN_LOG_SD,
    source: `derived from the calibration's acceptance band (model mean per incident within ×/÷2 of the ${ND25} band means) read as a 95% range`,
  },
  {
    key: 'incidentCostSigma',
    label: 'Spread of the cost per incident (lognormal sigma, mean kept)',
    logSd: INCIDENT_COST_SIGMA_LOG_SD,
    source: `derived from ${ND25} Table 3: sigma is solved from the largest of ${ND25_SME_CLAIMS.toLocaleString('en-US')} claims, whose sampling spread (π/√6)/√(2 ln n) carries into sigma`,
  },
  {
    key: 'recordsCost',
    label: 'Records-driven cost (notification, monitoring, regulatory response)',
    logSd: INCIDENT_COST_MEAN_LOG_SD,
    source: 'assumption: the same ×/÷2 (95%) band as the incident cost, since the exposure model and the per-record share are assumptions',
  },
  {
    key: 'fines',
    label: 'Regulatory fine amounts',
    logSd: INCIDENT_COST_MEAN_LOG_SD,
    source: `assumption: ×/÷2 (95%) around the lognormal fitted to ${CALIBRATION.fineMedian.source.replace(/^derived from /, '')} (two band shares only)`,
  },
  {
    key: 'ransom',
    label: 'Ransom paid',
    logSd: RANSOM_LOG_SD,
    source: `derived from ${CALIBRATION.ransomMedian.source}: the median paid moved from $150K to $115K in one year; that move is taken as the ln-sd`,
  },
  {
    key: 'controlFrequencyEffect',
    label: 'Strength of the controls that make incidents rarer (MFA, patching, hardening)',
    logSd: CONTROL_EFFECT_LOG_SD,
    source: `assumption: ±30% on the ln multiplier (80% range), i.e. the shrinkage exponent ${v('frequencyShrinkageExponent')} on the Marsh McLennan likelihood ratios between about 0.35 and 0.65`,
  },
  {
    key: 'controlSeverityEffect',
    label: 'Strength of the controls that make incidents cheaper (combined severity multiplier)',
    logSd: CONTROL_EFFECT_LOG_SD,
    source: `assumption: ±30% on the ln multiplier (80% range), covering the ${v('deltaToHalfSpreadFactor')} delta-to-spread rule and psi ${v('severityNonAdditivityPsi')}`,
  },
];

/**
 * The one place that turns multipliers into model parameters: every other step reads
 * the perturbed parameters. The frequency-control exponent is not a model parameter
 * (the factor table holds those multipliers); `scaleFrequency` applies it to the plan.
 */
export function perturbModelParameters(params: ModelParameters, m: ParameterMultipliers): ModelParameters {
  const targetProbability = Math.min(0.99, params.targetProbability * m.incidentProbability);
  const dispersion = params.dispersion * m.dispersion;
  const sigma = params.sigma * m.incidentCostSigma;
  // Keep the mean exp(ln median + sigma²/2) fixed when sigma moves (the calibration fits means), then apply the mean multiplier.
  const medianUsd = params.medianUsd * m.incidentCostMean * Math.exp((params.sigma * params.sigma - sigma * sigma) / 2);
  const bridge = m.populationBridge;
  return {
    ...params,
    targetProbability,
    dispersion,
    meanEventsAtAverage: negativeBinomialMeanForProbability(targetProbability, dispersion),
    medianUsd: medianUsd * bridge,
    sigma,
    recordsCostAllExposedUsd: params.recordsCostAllExposedUsd * m.recordsCost * bridge,
    fine: { ...params.fine, medianUsd: params.fine.medianUsd * m.fines * bridge },
    ransom: { ...params.ransom, medianUsd: params.ransom.medianUsd * m.ransom * bridge },
    psi: params.psi * m.controlSeverityEffect,
  };
}

/**
 * Response + interruption multiplier of each named loss scenario, as the draws apply it
 * (`loss-draws.ts`, ADR 223): core = multiplier_s x exp(ln median + sigma z). A test checks
 * that rescaling with central multipliers gives back the draws, so a change there is caught.
 */
function coreMultiplierByLossScenario(params: ModelParameters): Float64Array {
  const { responseMultiplier, interruptionMultiplier } = params.lossScenarios;
  return Float64Array.from(
    responseMultiplier,
    (r, s) => params.responseShare * r + (1 - params.responseShare) * (interruptionMultiplier[s] as number),
  );
}

/** The pool of years every parameter draw is evaluated on, with each incident's standard normal kept and reusable cost arrays. */
interface Pool {
  readonly draws: LossDraws;
  /** z of each incident's response + interruption cost. */
  readonly coreNormal: Float64Array;
  /** ln of each incident's loss-scenario multiplier on that cost. */
  readonly coreLogMultiplier: Float64Array;
  readonly core: Float64Array;
  readonly records: Float64Array;
  readonly fineAmounts: Float32Array;
  readonly ransom: Float64Array;
}

export function createPool(draws: LossDraws, base: ModelParameters): Pool {
  const logMedian = Math.log(base.medianUsd);
  const logMultiplier = coreMultiplierByLossScenario(base).map(Math.log);
  const coreNormal = new Float64Array(draws.eventCount);
  const coreLogMultiplier = new Float64Array(draws.eventCount);
  for (let e = 0; e < draws.eventCount; e++) {
    const shift = logMultiplier[draws.lossScenario[e] as number] as number;
    coreLogMultiplier[e] = shift;
    coreNormal[e] = (Math.log(draws.coreLossUsd[e] as number) - shift - logMedian) / base.sigma;
  }
  return {
    draws,
    coreNormal,
    coreLogMultiplier,
    core: new Float64Array(draws.eventCount),
    records: new Float64Array(draws.recordsLossUsd.length),
    fineAmounts: new Float32Array(draws.fineAmountUsd.length),
    ransom: new Float64Array(draws.ransomUsd.length),
  };
}

/**
 * The pool's cost draws as they would have been under `perturbed` (same uniforms, same
 * normals), written into the pool's reusable arrays (valid until the next call). Events whose
 * frequency threshold is above `maxFrequency` never happen under the plan being evaluated, so
 * their costs are left as they are (the evaluators skip them before reading a cost).
 */
export function rescaleDraws(
  pool: Pool,
  base: ModelParameters,
  perturbed: ModelParameters,
  maxFrequency = Number.POSITIVE_INFINITY,
): LossDraws {
  const { draws, coreNormal, coreLogMultiplier, core, records, fineAmounts, ransom } = pool;
  const logMedian = Math.log(perturbed.medianUsd);
  const sigma = perturbed.sigma;
  const ratio = (after: number, before: number): number => (before > 0 ? after / before : 1);
  const recordsFactor = ratio(perturbed.recordsCostAllExposedUsd, base.recordsCostAllExposedUsd);
  const fineFactor = ratio(perturbed.fine.medianUsd, base.fine.medianUsd);
  const ransomFactor = ratio(perturbed.ransom.medianUsd, base.ransom.medianUsd);
  const rc = draws.regimeCount;
  const threshold = draws.frequencyThreshold;
  for (let e = 0; e < core.length; e++) {
    if ((threshold[e] as number) > maxFrequency) continue;
    core[e] = Math.exp(logMedian + (coreLogMultiplier[e] as number) + sigma * (coreNormal[e] as number));
    records[e] = (draws.recordsLossUsd[e] as number) * recordsFactor;
    ransom[e] = (draws.ransomUsd[e] as number) * ransomFactor;
    for (let j = e * rc; j < (e + 1) * rc; j++) fineAmounts[j] = (draws.fineAmountUsd[j] as number) * fineFactor;
  }
  return { ...draws, coreLossUsd: core, recordsLossUsd: records, fineAmountUsd: fineAmounts, ransomUsd: ransom };
}

type SlotPlan = ReturnType<typeof resolveSlotScenarios>;

/**
 * The plan with every frequency multiplier F (per year and named loss scenario) replaced by
 * k x F^c: k is the change of the mean count at average posture (binomial thinning of the
 * pool keeps the negative binomial, ADR 010), c the strength of the frequency controls.
 */
export function scaleFrequency(plan: SlotPlan, k: number, c: number): SlotPlan {
  const scale = (f: number): number => k * Math.pow(f, c);
  const constant = plan.constant;
  return {
    ...plan,
    constant: {
      ...constant,
      frequencyMultiplier: scale(constant.frequencyMultiplier),
      frequencyByLossScenario: constant.frequencyByLossScenario.map(scale),
    },
    combinations: plan.combinations === null ? null : { ...plan.combinations, frequencyMultiplier: plan.combinations.frequencyMultiplier.map(scale) },
  };
}

/** Options of `measureParameterUncertainty`. */
export interface ParameterUncertaintyOptions {
  /** Parameter draws (default 60, 10 to 1,000). */
  readonly outerDraws?: number;
  /** Multiplier on every ln-sd (default 1; 0 gives low = central = high). */
  readonly rangeScale?: number;
  /** Years of the common pool (default 20,000, never more than the main run's). */
  readonly poolYears?: number;
}

/** The main run the range is built around. */
export interface UncertaintyContext {
  readonly params: ModelParameters;
  readonly answers: FactorAnswers;
  readonly seed: number;
  /** Simulated years of the main run (the pool never uses more). */
  readonly years: number;
  readonly hasUnknownAnswers: boolean;
  readonly central: { readonly expectedUsd: number; readonly p95Usd: number; readonly p99Usd: number };
}

/**
 * 60 draws on 20,000 years: about an eighth of a standard clinic run's time (engine.bench.ts).
 * The bounds' noise comes mostly from the number of draws (Latin hypercube), little from the
 * pool, whose noise the ratio to its own central figure cancels: between seeds the 80% bounds
 * of the clinic move by about ±5% (tails ±7%), against ×/÷1.5 for the range itself (ADR 199).
 */
const DEFAULT_OUTER_DRAWS = 60;
const DEFAULT_POOL_YEARS = 20_000;

/** The parameter draws' own stream: the seed's generator long-jumped twice (2^97 steps), past every loss and answer stream. */
function parameterStream(seed: number): Xoshiro128 {
  const rng = createXoshiro128(seed);
  rng.longJump();
  rng.longJump();
  return rng;
}

/**
 * K Latin-hypercube draws of standard normals, one column per uncertain parameter: each
 * column hits each of the K equal-probability strata once, so 60 draws already give
 * stable 10th and 90th percentiles.
 */
function latinHypercubeNormals(rng: Xoshiro128, draws: number, dimensions: number): Float64Array[] {
  const rows = Array.from({ length: draws }, () => new Float64Array(dimensions));
  for (let d = 0; d < dimensions; d++) {
    const strata = Array.from({ length: draws }, (_, i) => i);
    for (let i = draws - 1; i > 0; i--) {
      const j = Math.floor(rng.nextFloat64() * (i + 1));
      [strata[i], strata[j]] = [strata[j] as number, strata[i] as number];
    }
    rows.forEach((row, i) => (row[d] = normalQuantile(((strata[i] as number) + rng.nextFloat64()) / draws)));
  }
  return rows;
}

/**
 * The multipliers of one outer draw. The last column is the population bridge: log-uniform
 * between the claims level (1) and the IRIS level (`bridgeLogRatio` = ln of the IRIS/model
 * median ratio), i.e. exp(ratio x Phi(z)), so each source is an end of the range (ADR 264).
 */
function multipliersOf(normals: Float64Array, rangeScale: number, bridgeLogRatio: number): ParameterMultipliers {
  const m: Record<MultiplierKey, number> = { ...CENTRAL_MULTIPLIERS };
  UNCERTAIN_PARAMETERS.forEach((p, d) => (m[p.key] = Math.exp(rangeScale * p.logSd * (normals[d] as number))));
  m.populationBridge = Math.exp(rangeScale * bridgeLogRatio * standardNormalCdf(normals[UNCERTAIN_PARAMETERS.length] as number));
  return m;
}

/** Largest frequency multiplier an outer draw can ask of the pool: k × max(1, F_max^c). */
function requiredPoolFrequency(params: ModelParameters, m: ParameterMultipliers): number {
  const k = perturbModelParameters(params, m).meanEventsAtAverage / params.meanEventsAtAverage;
  return k * Math.max(1, Math.pow(params.maxFrequencyMultiplier, m.controlFrequencyEffect));
}

/** Nearest-rank percentile of `years` annual losses given the non-zero ones (reordered in place), as `summarizeNonZero` reads it. */
function percentileInPlace(nonZero: Float64Array, years: number, p: number): number {
  const index = Math.min(years - 1, Math.max(0, Math.ceil(p * years) - 1));
  const zeros = years - nonZero.length;
  if (index < zeros) return 0;
  selectKth(nonZero, 0, nonZero.length - 1, index - zeros);
  return nonZero[index - zeros] as number;
}

/** The largest frequency multiplier of a plan (over years and loss scenarios). */
function largestFrequency(plan: SlotPlan): number {
  let max = 0;
  for (const f of plan.combinations?.frequencyMultiplier ?? plan.constant.frequencyByLossScenario) if (f > max) max = f;
  return max;
}

/** Expected loss, P95 and P99 of annual loss of one parameter draw on the pool. */
export function evaluateOnPool(
  pool: Pool,
  params: ModelParameters,
  answers: FactorAnswers,
  m: ParameterMultipliers,
  buffer: Float64Array,
): [number, number, number] {
  const perturbed = perturbModelParameters(params, m);
  const k = perturbed.meanEventsAtAverage / params.meanEventsAtAverage;
  // The plan reads only the pool's years and answer uniforms, not its costs.
  const plan = scaleFrequency(resolveSlotScenarios(pool.draws, perturbed, answers), k, m.controlFrequencyEffect);
  const draws = rescaleDraws(pool, params, perturbed, largestFrequency(plan));
  const count = collectNonZeroAnnualLosses(draws, perturbed, plan, buffer);
  const years = draws.years;
  let total = 0;
  for (let i = 0; i < count; i++) total += buffer[i] as number;
  const nonZero = buffer.subarray(0, count);
  // P99 first: selecting it leaves everything above index 0.99 n on its right, so P95 only searches the left part again.
  const p99 = percentileInPlace(nonZero, years, 0.99);
  return [total / years, percentileInPlace(nonZero, years, 0.95), p99];
}

/**
 * The level's uncertainty in plain words, for the methodology page, the reports and the explanation
 * (ADR 264): one paragraph, no figures (each result gives its own).
 */
export const POPULATION_BRIDGE_WORDS =
  'The biggest uncertainty is the dollar level of an incident, because the two main sources count different incidents. How often an incident happens comes from IRIS 2025, which counts significant incidents; what one costs comes from NetDiligence 2025 insured claims, which include many smaller ones. For the same size of firm, IRIS puts the typical (median) incident several times higher than the claims do. We cannot tell which population your incidents will look like, so the main figures follow the claims and the 80% range runs from the claims level up toward the IRIS level: its top end shows what the figures would be if your incidents cost what IRIS reports.';

/** IRIS25 Table 1 median loss per incident by revenue band, at the band's geometric centre (the < $100M band taken from $1M). */
const IRIS_SEVERITY_BANDS: readonly { readonly revenueUsd: number; readonly key: CalibrationKey }[] = [
  { revenueUsd: 1e7, key: 'severityMedianLt100m' },
  { revenueUsd: Math.sqrt(1e8 * 1e9), key: 'severityMedian100mTo1b' },
  { revenueUsd: Math.sqrt(1e9 * 1e10), key: 'severityMedian1bTo10b' },
  { revenueUsd: Math.sqrt(1e10 * 1e11), key: 'severityMedianGt10b' },
];

/** IRIS25 median loss per significant incident at this revenue: ln median linear in ln revenue between band centres, flat outside (no cliff at a band edge). */
export function irisMedianLossForRevenue(revenueUsd: number): number {
  const x = Math.log(revenueUsd);
  const points = IRIS_SEVERITY_BANDS.map((b) => ({ x: Math.log(b.revenueUsd), y: Math.log(v(b.key)) }));
  const first = points[0] as { x: number; y: number };
  const last = points[points.length - 1] as { x: number; y: number };
  if (x <= first.x) return Math.exp(first.y);
  if (x >= last.x) return Math.exp(last.y);
  const i = points.findIndex((p) => p.x >= x);
  const lo = points[i - 1] as { x: number; y: number };
  const hi = points[i] as { x: number; y: number };
  return Math.exp(lo.y + ((x - lo.x) / (hi.x - lo.x)) * (hi.y - lo.y));
}

/** The bridge of a profile: the model's median incident at average answers on the pool against the IRIS median (ADR 264). */
export function measurePopulationBridge(draws: LossDraws, params: ModelParameters): PopulationBridge {
  const costs = evaluateScenario(draws, params, resolveSlotScenarios(draws, params, {}), undefined).eventLossUsd;
  const modelMedianUsd = costs.length > 0 ? medianInPlace(costs) : 0;
  const irisMedianUsd = irisMedianLossForRevenue(params.annualRevenueUsd);
  return { irisMedianUsd, modelMedianUsd, ratio: modelMedianUsd > 0 ? Math.max(1, irisMedianUsd / modelMedianUsd) : 1 };
}

function medianInPlace(values: Float64Array): number {
  const k = Math.min(values.length - 1, Math.max(0, Math.ceil(0.5 * values.length) - 1));
  selectKth(values, 0, values.length - 1, k);
  return values[k] as number;
}

/** Standard normal CDF (Abramowitz-Stegun 7.1.26 on erf, |error| < 1.5e-7): enough to place a draw in [0, 1]. */
function standardNormalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

function formatUsd(x: number): string {
  return `$${Math.round(x).toLocaleString('en-US')}`;
}

/** Percentile (linear interpolation between order statistics) of a small array. */
function quantile(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return (sorted[lo] as number) + (h - lo) * ((sorted[hi] as number) - (sorted[lo] as number));
}

/**
 * The 80% range of one figure. The high end is the 90th percentile of the draws with the population
 * bridge; the low end the 10th percentile of the same draws at the claims level (each divided by its
 * bridge factor, which scales every incident's cost, so the figure up to the per-incident cap): the
 * bridge only says the IRIS level may be higher, never that claims cost less (ADR 264).
 */
function rangeOf(central: number, poolCentral: number, poolValues: readonly number[], bridges: readonly number[]): UncertaintyRange {
  // Ratio to the pool's own central figure (common random numbers cancel most pool noise), times the main run's figure.
  const scaled = poolValues.map((x) => (poolCentral > 0 ? (central * x) / poolCentral : x));
  const high = [...scaled].sort((a, b) => a - b);
  const low = scaled.map((x, i) => x / (bridges[i] as number)).sort((a, b) => a - b);
  return { low: Math.min(central, quantile(low, 0.1)), central, high: Math.max(central, quantile(high, 0.9)) };
}

function describeRange(logSd: number): string {
  const factor = Math.exp(Z80 * logSd);
  return `×/÷ ${factor.toFixed(2)} (80% range)`;
}

/**
 * Second-order Monte Carlo over the calibrated parameter ranges (ADR 199): K Latin-hypercube
 * draws of the parameter multipliers from their own seeded stream; each is evaluated on one
 * common pool of simulated years (the run's seed, a frequency pool wide enough for every draw)
 * by rescaling the pool's severities and thinning its events, so a draw costs one pass over
 * the pool. Each figure's range is the 10th-90th percentile of draw / pool-central × main-run
 * figure; `central` is the main run's figure. Deterministic: same context and options, same range.
 */
export function measureParameterUncertainty(context: UncertaintyContext, options: ParameterUncertaintyOptions = {}): ParameterUncertainty {
  const outerDraws = requireNumber(options.outerDraws ?? DEFAULT_OUTER_DRAWS, 'parameterUncertainty.outerDraws', 10, 1_000, true);
  const rangeScale = requireNumber(options.rangeScale ?? 1, 'parameterUncertainty.rangeScale', 0, 4);
  const poolYears = Math.min(
    context.years,
    requireNumber(options.poolYears ?? DEFAULT_POOL_YEARS, 'parameterUncertainty.poolYears', 1_000, 10_000_000, true),
  );
  const { params, answers } = context;
  const normals = latinHypercubeNormals(parameterStream(context.seed), outerDraws, UNCERTAIN_PARAMETERS.length + 1);
  // The bridge does not change how often incidents happen, so the pool's frequency does not depend on it.
  const frequencyDraws = normals.map((z) => multipliersOf(z, rangeScale, 0));
  const poolFrequency = Math.max(params.maxFrequencyMultiplier, ...frequencyDraws.map((m) => requiredPoolFrequency(params, m)));
  const pool = createPool(
    sampleLossDraws(
      { ...params, maxFrequencyMultiplier: poolFrequency },
      context.seed,
      poolYears,
      0,
      countBlocks(poolYears),
      context.hasUnknownAnswers,
    ),
    params,
  );
  const bridge = measurePopulationBridge(pool.draws, params);
  const draws = normals.map((z) => multipliersOf(z, rangeScale, Math.log(bridge.ratio)));
  const buffer = new Float64Array(Math.max(1, pool.draws.slotCount));
  const [ale0, p950, p990] = evaluateOnPool(pool, params, answers, CENTRAL_MULTIPLIERS, buffer);
  const outcomes = draws.map((m) => evaluateOnPool(pool, params, answers, m, buffer));
  const bridges = draws.map((m) => m.populationBridge);
  const { central } = context;
  return {
    level: 0.8,
    outerDraws,
    poolYears: pool.draws.years,
    rangeScale,
    method: `Second-order Monte Carlo: ${outerDraws} Latin-hypercube draws of ${UNCERTAIN_PARAMETERS.length} calibration parameters and the population bridge (the cost of an incident anywhere between NetDiligence claims and IRIS significant incidents), each evaluated on a common pool of ${poolYears.toLocaleString('en-US')} simulated years by rescaling incident costs and thinning incidents; the range is the 10th-90th percentile of the draws, scaled to the main run, which gives the central figure. Simulation precision is reported separately.`,
    expectedAnnualLossUsd: rangeOf(
      central.expectedUsd,
      ale0,
      outcomes.map((o) => o[0]),
      bridges,
    ),
    oneInTwentyYearUsd: rangeOf(
      central.p95Usd,
      p950,
      outcomes.map((o) => o[1]),
      bridges,
    ),
    oneInHundredYearUsd: rangeOf(
      central.p99Usd,
      p990,
      outcomes.map((o) => o[2]),
      bridges,
    ),
    sources: [
      ...UNCERTAIN_PARAMETERS.map((p) => ({ parameter: p.label, range: describeRange(rangeScale * p.logSd), source: p.source })),
      {
        parameter: 'Which population an incident belongs to: insured claims (NetDiligence) or significant incidents (IRIS)',
        range: `×1 to ×${Math.pow(bridge.ratio, rangeScale).toFixed(2)} (log-uniform between the two sources)`,
        source: `IRIS 2025 median loss per significant incident at this revenue ${formatUsd(bridge.irisMedianUsd)} against the model's median incident at average answers ${formatUsd(bridge.modelMedianUsd)} (NetDiligence-calibrated); the frequency comes from IRIS, so the cost of an IRIS incident may sit anywhere between the two (ADR 264)`,
      },
    ],
    populationBridge: bridge,
  };
}

/** `RiskResult.unknownAnswersRangeUsd`: the expected loss with every "I don't know" answered best, and worst. */
export interface UnknownAnswersRange {
  readonly low: number;
  readonly high: number;
}

/**
 * How much wider the expected loss is because of "I don't know" answers: every unknown
 * answered best (low) and worst (high), on the run's own draws; null when nothing is unknown.
 */
export function measureUnknownAnswersRange(draws: LossDraws, params: ModelParameters, answers: FactorAnswers): UnknownAnswersRange | null {
  const unknown = FACTORS.filter((f) => answers[f.id] === 'unknown');
  if (unknown.length === 0) return null;
  // "Worst" is the worst level the evidence leaves possible: a floor of "Partly" caps it there (ADR 265).
  const worstAllowed = (i: number): 'worst' | 'partial' | 'best' => (['worst', 'partial', 'best'] as const)[params.unknownAnswerFloor[i] as number] ?? 'worst';
  const answeredAll = (level: 'best' | 'worst'): number => {
    const resolved: FactorAnswers = { ...answers, ...Object.fromEntries(unknown.map((f) => [f.id, level === 'best' ? 'best' : worstAllowed(FACTORS.indexOf(f))])) };
    return computeExpectedAnnualLoss(draws, params, resolveSlotScenarios(draws, params, resolved));
  };
  return { low: answeredAll('best'), high: answeredAll('worst') };
}

/** `AssessRiskOptions.parameterUncertainty`: true/false, or options (implies true). */
export type ParameterUncertaintyOption = boolean | ParameterUncertaintyOptions;

/** The uncertainty fields of a result (each present only when computed). */
export interface UncertaintyFields {
  readonly parameterUncertainty?: ParameterUncertainty;
  readonly unknownAnswersRangeUsd?: UnknownAnswersRange;
}

/**
 * The uncertainty fields of one `assessRisk` run: the parameter range when asked for (by
 * default on full runs, the ones with attribution; the what-if re-scores skip it so they stay
 * within a frame, ADR 216), and the range the "I don't know" answers add whenever there are any.
 */
export function measureUncertainty(
  option: ParameterUncertaintyOption,
  run: {
    readonly params: ModelParameters;
    readonly answers: FactorAnswers;
    readonly seed: number;
    readonly draws: LossDraws;
    readonly summary: AnnualLossSummary;
  },
): UncertaintyFields {
  if (typeof option !== 'boolean' && (typeof option !== 'object' || option === null))
    throw new RangeError(`parameterUncertainty: must be true, false or an options object, got ${String(option)}`);
  const unknownRange = measureUnknownAnswersRange(run.draws, run.params, run.answers);
  const parameterUncertainty =
    option === false
      ? null
      : measureParameterUncertainty(
          {
            params: run.params,
            answers: run.answers,
            seed: run.seed,
            years: run.draws.years,
            hasUnknownAnswers: unknownRange !== null,
            central: {
              expectedUsd: run.summary.expectedUsd,
              p95Usd: run.summary.percentilesUsd.p95,
              p99Usd: run.summary.percentilesUsd.p99,
            },
          },
          option === true ? {} : option,
        );
  return {
    ...(parameterUncertainty === null ? {} : { parameterUncertainty }),
    ...(unknownRange === null ? {} : { unknownAnswersRangeUsd: unknownRange }),
  };
}
