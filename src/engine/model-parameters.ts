import { CALIBRATION } from './calibration/calibration.ts';
import type { CalibrationKey } from './calibration/calibration.ts';
import { FACTORS, getAnswerMultiplier } from './factors.ts';
import type { FactorId, FactorLevel, KnownFactorAnswer } from './factors.ts';
import { getIndustry } from './industries.ts';
import { FACTOR_SCENARIO_WEIGHTS, LOSS_SCENARIO_COUNT, normalizeLossScenarios } from './loss-scenarios.ts';
import type { LossScenarioStructure } from './loss-scenarios.ts';
import { negativeBinomialMeanForProbability } from './random/negative-binomial.ts';
import { findApplicableRegimes, regimePhaseIn } from './regimes.ts';
import type { RegimeId } from './regimes.ts';
import type { FactorAnswers, FrameworkStates, OrganisationProfile, RecordsHeld } from './risk-input.ts';
import { suggestFactorAnswers, unknownAnswerFloors } from './suggest-factor-answers.ts';

/**
 * Regimes under which a per-incident fine is simulated, in a fixed order: every
 * incident draws a fine for each of them (used or not), so switching a regime
 * on never changes the draws of the others (ADR 100). SOX §906 penalties fall on
 * individuals, so SOX has no corporate fine.
 */
export const FINE_REGIME_IDS = ['hipaa', 'pciDss', 'glba', 'gdpr', 'ccpa'] as const satisfies readonly RegimeId[];
/** A regime with a simulated fine. */
type FineRegimeId = (typeof FINE_REGIME_IDS)[number];

/** Everything the simulation needs that depends on the profile but not on the factor answers. */
export interface ModelParameters {
  /** The profile's revenue (places it among the IRIS bands). */
  readonly annualRevenueUsd: number;
  /** IRIS25 P(≥1 incident) for this revenue, interpolated on log revenue between tier centres. */
  readonly frequencyTierProbability: number;
  readonly industryFrequencyKey: CalibrationKey;
  readonly industryProbability: number;
  readonly typicalProbability: number;
  /** p = p_revenue x p_industry / p_typical: P(≥ 1 event) at population-average factors. */
  readonly targetProbability: number;
  /** Negative binomial dispersion r, fitted per tier to IRIS25 P(≥2) and interpolated (log scale). */
  readonly dispersion: number;
  /** mu0 = r((1 - p)^(-1/r) - 1): mean events per year at average factors. */
  readonly meanEventsAtAverage: number;
  /** Largest frequency multiplier any answer set can give (all worst); sizes the event pool. */
  readonly maxFrequencyMultiplier: number;
  readonly industrySeverityKey: CalibrationKey;
  readonly industrySeverityMultiplier: number;
  /** Median response & forensics cost per incident at average posture, before the industry multiplier. */
  readonly responseMedianUsd: number;
  /** Median business interruption per incident at average posture, before the industry multiplier. */
  readonly interruptionMedianUsd: number;
  /** Median of response + interruption per incident at average posture (industry multiplier applied). */
  readonly medianUsd: number;
  /** Lognormal sigma of response + interruption. */
  readonly sigma: number;
  /** Records-driven cost: people notified if every record held were exposed (weighted, see ADR 100). */
  readonly effectiveRecords: number;
  /** Records-driven cost (notification, monitoring, regulatory response) if every record were exposed, USD. */
  readonly recordsCostAllExposedUsd: number;
  readonly recordExposureProbability: number;
  readonly recordCostScaleExponent: number;
  /** Cap on the total loss of one incident: perEventCapRevenueMultiple x revenue. */
  readonly capPerEventUsd: number;
  /** (revenue / reference)^b: scales fine and ransom medians. */
  readonly sizeScale: number;
  /** min(1, revenue / knee)^b: shrinks records costs, fines and ransoms of firms under the knee (ADR 213); 1 at and above it. */
  readonly smallFirmScale: number;
  readonly fine: {
    /** Applicable fine regimes. */
    readonly regimes: readonly FineRegimeId[];
    /** P(fine) per incident by A4 level, one entry per applicable regime (`regimes` order). */
    readonly probabilityByA4: { readonly [L in FactorLevel]: readonly number[] };
    readonly medianUsd: number;
    readonly sigma: number;
    /** Per-incident cap by A4 level, one entry per applicable regime (`regimes` order). */
    readonly capsByA4: { readonly [L in FactorLevel]: readonly number[] };
  };
  readonly ransom: { readonly probability: number; readonly medianUsd: number; readonly sigma: number };
  readonly psi: number;
  readonly severityMultiplierMin: number;
  readonly severityMultiplierMax: number;
  /** The five named loss scenarios of this profile, normalised to the 2.0 incident (ADR 223). */
  readonly lossScenarios: LossScenarioStructure;
  /** Share of the core (response + interruption) median that is response & forensics. */
  readonly responseShare: number;
  /**
   * Per loss scenario: multiplier on the core (response + interruption) draw, mean-preserving over the
   * scenario mix once the narrower within-scenario sigma is accounted for (ADR 223).
   */
  readonly coreMultiplierByLossScenario: Float64Array;
  /** Lognormal sigma of the core cost within one loss scenario: the 2.0 sigma less the spread between scenarios. */
  readonly withinScenarioSigma: number;
  /**
   * Per factor (catalogue order), the least builder level (0 worst, 1 partial, 2 best) an "I don't know"
   * answer takes in a simulated year, from the compliance evidence: evidence lifts the population mix's
   * worse years, never lowers a better one, so it never raises a figure (ADR 265).
   */
  readonly unknownAnswerFloor: Int8Array;
}

/** The numbers the factor answers act through. */
export interface Scenario {
  /** Mean-events multiplier over the loss-scenario mix: sum of share_s x F_s (for display; the simulation uses the per-scenario F_s). */
  readonly frequencyMultiplier: number;
  /** clamp(exp(psi x sum ln m_f), 0.4, 2.5) with every factor at full weight (for display; the simulation uses the per-scenario M_s). */
  readonly severityMultiplier: number;
  /** Per loss scenario (`LOSS_SCENARIO_IDS` order): F_s = exp(sum_f w_fs ln F_f) (ADR 223). */
  readonly frequencyByLossScenario: Float64Array;
  /** Per loss scenario: M_s = clamp(exp(psi x sum_f w_fs ln m_f), 0.4, 2.5) on response, interruption and records costs. */
  readonly severityByLossScenario: Float64Array;
  /** A4 level (drives the fine probability and the HIPAA cap); "not applicable" counts as partial. */
  readonly a4Level: FactorLevel;
}

const v = (key: CalibrationKey): number => CALIBRATION[key].value;

/** IRIS25 revenue tiers: anchor revenue (geometric centre of the tier) and the calibration keys. */
const FREQUENCY_TIERS: readonly { readonly revenueUsd: number; readonly atLeast1: CalibrationKey; readonly atLeast2: CalibrationKey }[] = [
  { revenueUsd: Math.sqrt(1e6 * 1e7), atLeast1: 'frequencyProbabilityLt10m', atLeast2: 'frequencyAtLeast2Lt10m' },
  { revenueUsd: Math.sqrt(1e7 * 1e8), atLeast1: 'frequencyProbability10mTo100m', atLeast2: 'frequencyAtLeast2For10mTo100m' },
  { revenueUsd: Math.sqrt(1e8 * 1e9), atLeast1: 'frequencyProbability100mTo1b', atLeast2: 'frequencyAtLeast2For100mTo1b' },
  { revenueUsd: Math.sqrt(1e9 * 1e10), atLeast1: 'frequencyProbability1bTo10b', atLeast2: 'frequencyAtLeast2For1bTo10b' },
];

/** P(N ≥ 2) of a negative binomial with P(N ≥ 1) = p1 and dispersion r. */
export function negativeBinomialAtLeast2(p1: number, r: number): number {
  const mu = negativeBinomialMeanForProbability(p1, r);
  const q = mu / (r + mu);
  const p0 = 1 - p1;
  return 1 - p0 - p0 * r * q;
}

/** P(N ≥ 3) of a negative binomial with P(N ≥ 1) = p1 and dispersion r. */
export function negativeBinomialAtLeast3(p1: number, r: number): number {
  const mu = negativeBinomialMeanForProbability(p1, r);
  const q = mu / (r + mu);
  const p0 = 1 - p1;
  const pmf1 = p0 * r * q;
  const pmf2 = pmf1 * ((r + 1) / 2) * q;
  return 1 - p0 - pmf1 - pmf2;
}

/**
 * The dispersion r for which a negative binomial with P(N ≥ 1) = p1 has
 * P(N ≥ 2) = p2 (bisection on log r; P(N ≥ 2) falls as r grows).
 */
function fitDispersion(p1: number, p2: number): number {
  let lo = Math.log(1e-3);
  let hi = Math.log(1e3);
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (negativeBinomialAtLeast2(p1, Math.exp(mid)) > p2) lo = mid;
    else hi = mid;
  }
  return Math.exp((lo + hi) / 2);
}

const TIER_DISPERSION: readonly number[] = FREQUENCY_TIERS.map((t) => fitDispersion(v(t.atLeast1), v(t.atLeast2)));

/**
 * Linear interpolation in log revenue between the tier anchors, flat outside
 * them: continuous in revenue, no cliff at a tier edge (ADR 100).
 */
function interpolateOnLogRevenue(revenueUsd: number, values: readonly number[]): number {
  const x = Math.log(revenueUsd);
  const first = FREQUENCY_TIERS[0] as (typeof FREQUENCY_TIERS)[number];
  if (x <= Math.log(first.revenueUsd)) return values[0] as number;
  for (let i = 1; i < FREQUENCY_TIERS.length; i++) {
    const hi = Math.log((FREQUENCY_TIERS[i] as (typeof FREQUENCY_TIERS)[number]).revenueUsd);
    if (x <= hi) {
      const lo = Math.log((FREQUENCY_TIERS[i - 1] as (typeof FREQUENCY_TIERS)[number]).revenueUsd);
      const t = (x - lo) / (hi - lo);
      return (values[i - 1] as number) * (1 - t) + (values[i] as number) * t;
    }
  }
  return values[values.length - 1] as number;
}

/** IRIS25 P(≥1 incident) at this revenue (interpolated). */
export function frequencyProbabilityForRevenue(revenueUsd: number): number {
  return interpolateOnLogRevenue(
    revenueUsd,
    FREQUENCY_TIERS.map((t) => v(t.atLeast1)),
  );
}

/** Fitted negative binomial dispersion at this revenue (interpolated on log r). */
export function dispersionForRevenue(revenueUsd: number): number {
  return Math.exp(interpolateOnLogRevenue(revenueUsd, TIER_DISPERSION.map(Math.log)));
}

/** People whose records an incident could expose: the largest weighted count of one type (types overlap: one patient is both a personal and a health record). */
function effectiveRecordCount(records: RecordsHeld): number {
  return Math.max(records.personal, records.health, records.consumerFinancial, v('paymentCardRecordWeight') * records.paymentCard);
}

/** Records-driven cost if `records` records are exposed: c x n_ref x (n / n_ref)^b (economies of scale). */
function recordsCostUsd(records: number): number {
  if (records <= 0) return 0;
  const reference = v('recordCostReferenceRecords');
  const perRecord = v('perRecordCostAverage') * v('recordDrivenCostShare');
  return perRecord * reference * Math.pow(records / reference, v('recordCostScaleExponent'));
}

function fineCap(regime: FineRegimeId, level: FactorLevel, revenueUsd: number, genericCap: number): number {
  switch (regime) {
    case 'hipaa':
      return level === 'best' ? v('hipaaDiscretionCapTier2') : v('hipaaAnnualCap');
    case 'glba':
      return v('glbaPerViolationCap');
    case 'gdpr':
      return Math.max(v('gdprUpperTierEur') * v('eurUsdRate'), v('gdprUpperTierTurnoverShare') * revenueUsd);
    default:
      return genericCap;
  }
}

/**
 * The small-firm scale of ADR 213: below the knee revenue, the records-driven
 * cost, fines and ransoms shrink as (revenue / knee)^b, so a $1-5M firm's
 * median incident stays inside the published share of revenue; at and above
 * the knee it is 1, so larger firms keep their figures. Continuous (a kink,
 * no step) and non-decreasing in revenue.
 */
export function smallFirmScaleForRevenue(revenueUsd: number): number {
  return Math.pow(Math.min(1, revenueUsd / v('smallFirmKneeRevenueUsd')), v('smallFirmScaleExponent'));
}

/** Builds the profile-dependent parameters (risk model 2.0, ADR 100; small-firm scale, ADR 213). */
export function buildModelParameters(organisation: OrganisationProfile, frameworks: FrameworkStates, asOfDate?: string): ModelParameters {
  const revenue = organisation.annualRevenueUsd;
  const industry = getIndustry(organisation.industry);
  const typical = v('frequencyProbabilityTypicalOrg');
  const frequencyTierProbability = frequencyProbabilityForRevenue(revenue);
  const targetProbability = Math.min(0.99, (frequencyTierProbability * v(industry.frequencyKey)) / typical);
  const dispersion = dispersionForRevenue(revenue);
  const meanEventsAtAverage = negativeBinomialMeanForProbability(targetProbability, dispersion);
  const maxFrequencyMultiplier = computeMaxFrequencyMultiplier();

  const industrySeverityMultiplier = v(industry.severityKey);
  const referenceEmployees = v('responseReferenceEmployees');
  const referenceRevenue = v('sizeScalingReferenceRevenueUsd');
  // Both grow with the firm, continuously and with economies of scale (ADR 100).
  const responseMedianUsd = v('responseBaseUsd') + v('responsePerEmployeeUsd') * referenceEmployees * Math.pow(organisation.employees / referenceEmployees, v('responseEmployeeExponent'));
  const interruptionMedianUsd = v('businessInterruptionRevenueShare') * referenceRevenue * Math.pow(revenue / referenceRevenue, v('interruptionRevenueExponent'));
  const capPerEventUsd = v('perEventCapRevenueMultiple') * revenue;
  const effectiveRecords = effectiveRecordCount(organisation.records);
  const sizeScale = Math.pow(revenue / v('sizeScalingReferenceRevenueUsd'), v('sizeScalingExponent'));
  const smallFirmScale = smallFirmScaleForRevenue(revenue);
  const responseShare = responseMedianUsd / (responseMedianUsd + interruptionMedianUsd);
  const lossScenarios = normalizeLossScenarios(v('recordExposureProbability'), v('ransomPayRate'));
  const ransomProbability = ransomProbabilityOverMix(lossScenarios);

  const applicable = findApplicableRegimes(organisation, frameworks);
  const regimes = FINE_REGIME_IDS.filter((r) => applicable.includes(r));
  const base = v('finePerRegimeProbability');
  // Each regime's fine phases in with its record count (ADR 265): probability x min(1, records / 500).
  const phaseIn = regimes.map((r) => regimePhaseIn(organisation, frameworks, r, v('regimePhaseInRecords')));
  const probability = (multiplier: number): number[] => regimes.map((_, i) => Math.min(1, base * multiplier) * (phaseIn[i] as number));
  return {
    annualRevenueUsd: revenue,
    frequencyTierProbability,
    industryFrequencyKey: industry.frequencyKey,
    industryProbability: v(industry.frequencyKey),
    typicalProbability: typical,
    targetProbability,
    dispersion,
    meanEventsAtAverage,
    maxFrequencyMultiplier,
    industrySeverityKey: industry.severityKey,
    industrySeverityMultiplier,
    responseMedianUsd,
    interruptionMedianUsd,
    medianUsd: (responseMedianUsd + interruptionMedianUsd) * industrySeverityMultiplier,
    sigma: v('incidentSigma'),
    effectiveRecords,
    recordsCostAllExposedUsd: recordsCostUsd(effectiveRecords) * smallFirmScale,
    recordExposureProbability: v('recordExposureProbability'),
    recordCostScaleExponent: v('recordCostScaleExponent'),
    capPerEventUsd,
    sizeScale,
    smallFirmScale,
    fine: {
      regimes,
      probabilityByA4: {
        best: probability(v('fineProbabilityMultiplierCompliant')),
        partial: probability(1),
        worst: probability(v('fineProbabilityMultiplierNonCompliant')),
      },
      medianUsd: v('fineMedian') * sizeScale * smallFirmScale,
      sigma: v('fineSigma'),
      capsByA4: {
        best: regimes.map((r) => fineCap(r, 'best', revenue, capPerEventUsd)),
        partial: regimes.map((r) => fineCap(r, 'partial', revenue, capPerEventUsd)),
        worst: regimes.map((r) => fineCap(r, 'worst', revenue, capPerEventUsd)),
      },
    },
    ransom: { probability: ransomProbability, medianUsd: v('ransomMedian') * sizeScale * smallFirmScale, sigma: ransomSigmaKeepingMean(ransomProbability) },
    psi: v('severityNonAdditivityPsi'),
    severityMultiplierMin: v('severityMultiplierMin'),
    severityMultiplierMax: v('severityMultiplierMax'),
    lossScenarios,
    responseShare,
    ...splitCoreSpread(lossScenarios, responseShare, v('incidentSigma')),
    unknownAnswerFloor: evidenceFloorLevels(organisation, frameworks, asOfDate),
  };
}

const FLOOR_BUILDER_LEVEL: { readonly [L in FactorLevel]: number } = { worst: 0, partial: 1, best: 2 };

/** The evidence floors of "I don't know" answers as builder levels (0 = no floor), ADR 265. */
function evidenceFloorLevels(organisation: OrganisationProfile, frameworks: FrameworkStates, asOfDate: string | undefined): Int8Array {
  const suggestions = suggestFactorAnswers(frameworks, asOfDate === undefined ? { organisation } : { organisation, asOfDate });
  const floors = unknownAnswerFloors(suggestions);
  return Int8Array.from(FACTORS, (f) => {
    const floor = floors[f.id];
    return floor === undefined ? 0 : FLOOR_BUILDER_LEVEL[floor];
  });
}

/** P(a ransom is paid) over the scenario mix: the ransomware share x the pay rate (ADR 223). */
function ransomProbabilityOverMix(lossScenarios: LossScenarioStructure): number {
  return lossScenarios.ransomProbability.reduce((sum, p, s) => sum + p * (lossScenarios.share[s] as number), 0);
}

/**
 * The lognormal sigma of the ransom paid that keeps the 2.0 expected ransom
 * per incident (P_2.0 x median x exp(sigma_2.0^2 / 2)) now that a ransom is
 * paid only in ransomware at the DBIR pay rate (P lower by 0.88 / 0.35):
 * sigma^2 = sigma_2.0^2 + 2 ln(P_2.0 / P). About 1.69, inside the spread of
 * Coveware's Q4 2024 payments (mean $554K / median $111K = 5.0, sigma 1.79).
 * ADR 223.
 */
function ransomSigmaKeepingMean(ransomProbability: number): number {
  const probability20 = v('ransomwareShareSmb') * v('ransomPayRate');
  return Math.sqrt(v('ransomSigma') ** 2 + 2 * Math.log(probability20 / ransomProbability));
}

/**
 * Part of the 2.0 spread of one incident's cost (sigma, from NetDiligence's
 * SME mean and maximum) is the difference between loss scenarios. The
 * within-scenario sigma keeps the total variance of log cost:
 * sigma_w^2 = sigma^2 - Var_s(ln c_s) over the scenarios' relative mean costs
 * c_s (at least half of sigma), and the scenario multipliers k_s are raised by
 * exp((sigma^2 - sigma_w^2) / 2) so that the mean incident of the mix stays
 * the 2.0 mean exactly (and the median close to it). Sigma and the lift do
 * not depend on the profile, so the draws stay monotone in headcount and
 * revenue. ADR 223.
 */
function splitCoreSpread(lossScenarios: LossScenarioStructure, responseShare: number, sigma: number): { coreMultiplierByLossScenario: Float64Array; withinScenarioSigma: number } {
  const k = Float64Array.from(
    { length: LOSS_SCENARIO_COUNT },
    (_, s) => responseShare * (lossScenarios.responseMultiplier[s] as number) + (1 - responseShare) * (lossScenarios.interruptionMultiplier[s] as number),
  );
  let meanLog = 0;
  let meanSquare = 0;
  lossScenarios.relativeMeanCost.forEach((c, s) => {
    const w = lossScenarios.share[s] as number;
    meanLog += w * Math.log(c);
    meanSquare += w * Math.log(c) ** 2;
  });
  const between = Math.max(0, meanSquare - meanLog * meanLog);
  const withinVariance = Math.max(0.25 * sigma * sigma, sigma * sigma - between);
  const lift = Math.exp((sigma * sigma - withinVariance) / 2);
  return { coreMultiplierByLossScenario: k.map((x) => x * lift), withinScenarioSigma: Math.sqrt(withinVariance) };
}

/**
 * The largest per-scenario frequency multiplier any answer set can give
 * (every factor at its largest multiplier, weighted per scenario): sizes
 * the event pool so every scenario can be thinned from it (ADR 223).
 */
function computeMaxFrequencyMultiplier(): number {
  let max = 1;
  for (let s = 0; s < LOSS_SCENARIO_COUNT; s++) {
    let logF = 0;
    FACTORS.forEach((f, i) => {
      const largest = Math.max(f.frequencyMultiplier.best, f.frequencyMultiplier.partial, f.frequencyMultiplier.worst, 1);
      logF += (FACTOR_SCENARIO_WEIGHTS[i * LOSS_SCENARIO_COUNT + s] as number) * Math.log(largest);
    });
    max = Math.max(max, Math.exp(logF));
  }
  return max;
}

/** The answer used for a factor: the given one, or `partial` (population average) when missing. */
function resolveAnswer(answers: FactorAnswers, id: FactorId): KnownFactorAnswer {
  const answer = answers[id];
  // "unknown" is spread over the levels per simulated year by the caller; as a single answer it scores as the average.
  return answer === undefined || answer === 'unknown' ? 'partial' : answer;
}

type ScenarioParams = Pick<ModelParameters, 'psi' | 'severityMultiplierMin' | 'severityMultiplierMax' | 'lossScenarios'>;

/** One builder per parameter set, so `computeScenario` and the hot loops share the same tables (bit-identical scenarios). */
const builders = new WeakMap<ScenarioParams, ScenarioBuilder>();

/**
 * Collapses 19 answers into the scenario the simulation uses
 * (docs/methodology.md, per loss scenario: ADR 223). Always iterates
 * in catalogue order so that equal answer sets give bit-identical multipliers.
 */
export function computeScenario(answers: FactorAnswers, params: ScenarioParams): Scenario {
  let builder = builders.get(params);
  if (builder === undefined) {
    builder = createScenarioBuilder(params);
    builders.set(params, builder);
  }
  return builder.build(builder.toLevels(answers));
}

const LEVEL_INDEX: { readonly [A in KnownFactorAnswer]: number } = { worst: 0, partial: 1, best: 2, notApplicable: 3 };

/** A scenario builder for hot loops (see `createScenarioBuilder`). */
export interface ScenarioBuilder {
  readonly toLevels: (answers: FactorAnswers) => Int8Array;
  readonly build: (levels: Int8Array) => Scenario;
  /**
   * Writes the per-loss-scenario multipliers of `levels` at `offset` of the
   * two arrays (the per-year path of unknown answers) and returns the A4
   * level index (0 worst, 1 partial, 2 best, 3 not applicable).
   */
  readonly buildInto: (levels: Int8Array, frequencyOut: Float64Array, severityOut: Float64Array, offset: number) => number;
  /**
   * `build` into one reused scenario object (no allocation): for hot loops that use the scenario
   * at once (the attribution what-ifs). Valid until the next call; never keep it.
   */
  readonly buildTransient: (levels: Int8Array) => Scenario;
  /**
   * The ten log sums `buildInto` turns into multipliers (frequency, then severity, per loss scenario) of
   * the factors whose `skip` entry is 0. With `addLogsInto` a caller that varies a few factors over many
   * combinations sums the others once (the what-ifs over unknown levels, ADR 309); `finishInto` then
   * writes the multipliers as `buildInto` does (the same up to summation order).
   */
  readonly sumLogsInto: (levels: Int8Array, skip: Uint8Array, sums: Float64Array) => void;
  readonly addLogsInto: (factor: number, level: number, sums: Float64Array) => void;
  readonly finishInto: (sums: Float64Array, frequencyOut: Float64Array, severityOut: Float64Array) => void;
  /** The catalogue index of A4, whose level `buildInto` returns. */
  readonly a4Factor: number;
}

/** The log multipliers of every factor and level, weighted per loss scenario: from the catalogue alone, so built once (a run builds many builders: ADR 309). */
interface BuilderTables {
  readonly logSeverity: Float64Array;
  readonly weightedLogFrequency: Float64Array;
  readonly weightedLogSeverity: Float64Array;
  readonly a4Index: number;
}

let builderTables: BuilderTables | null = null;

function buildBuilderTables(): BuilderTables {
  const n = FACTORS.length;
  const S = LOSS_SCENARIO_COUNT;
  const logSeverity = new Float64Array(n * 4);
  const weightedLogFrequency = new Float64Array(n * 4 * S);
  const weightedLogSeverity = new Float64Array(n * 4 * S);
  const answersByIndex: readonly KnownFactorAnswer[] = ['worst', 'partial', 'best', 'notApplicable'];
  FACTORS.forEach((f, i) => {
    answersByIndex.forEach((answer, level) => {
      const k = i * 4 + level;
      const logM = Math.log(getAnswerMultiplier(f.severityMultiplier, answer));
      const logF = Math.log(getAnswerMultiplier(f.frequencyMultiplier, answer));
      logSeverity[k] = logM;
      for (let s = 0; s < S; s++) {
        const w = FACTOR_SCENARIO_WEIGHTS[i * S + s] as number;
        weightedLogFrequency[k * S + s] = w * logF;
        weightedLogSeverity[k * S + s] = w * logM;
      }
    });
  });
  return { logSeverity, weightedLogFrequency, weightedLogSeverity, a4Index: FACTORS.findIndex((f) => f.id === 'A4') };
}

/**
 * A scenario builder for hot loops: answers as an array of level indices
 * (0 worst, 1 partial, 2 best, 3 not applicable) in catalogue order. Each
 * factor's log multipliers are weighted per loss scenario by
 * `FACTOR_SCENARIO_WEIGHTS` (all >= 0, so monotone) and summed in catalogue
 * order: F_s = exp(sum w ln F), M_s = clamp(exp(psi x sum w ln m)).
 */
export function createScenarioBuilder(params: ScenarioParams): ScenarioBuilder {
  const n = FACTORS.length;
  const S = LOSS_SCENARIO_COUNT;
  const { logSeverity, weightedLogFrequency, weightedLogSeverity, a4Index } = (builderTables ??= buildBuilderTables());
  const a4Levels: readonly FactorLevel[] = ['worst', 'partial', 'best', 'partial'];
  const clamp = (x: number): number => Math.min(params.severityMultiplierMax, Math.max(params.severityMultiplierMin, x));
  if (S !== 5) throw new Error('createScenarioBuilder: the unrolled sums below assume five loss scenarios');
  // Unrolled over the five scenarios (locals, not arrays): this runs thousands of times per attribution.
  const buildInto = (levels: Int8Array, frequencyOut: Float64Array, severityOut: Float64Array, offset: number): number => {
    let f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0; // prettier-ignore
    let m0 = 0, m1 = 0, m2 = 0, m3 = 0, m4 = 0; // prettier-ignore
    for (let i = 0; i < n; i++) {
      const k = (i * 4 + (levels[i] as number)) * 5;
      f0 += weightedLogFrequency[k] as number;
      f1 += weightedLogFrequency[k + 1] as number;
      f2 += weightedLogFrequency[k + 2] as number;
      f3 += weightedLogFrequency[k + 3] as number;
      f4 += weightedLogFrequency[k + 4] as number;
      m0 += weightedLogSeverity[k] as number;
      m1 += weightedLogSeverity[k + 1] as number;
      m2 += weightedLogSeverity[k + 2] as number;
      m3 += weightedLogSeverity[k + 3] as number;
      m4 += weightedLogSeverity[k + 4] as number;
    }
    const psi = params.psi;
    frequencyOut[offset] = Math.exp(f0);
    frequencyOut[offset + 1] = Math.exp(f1);
    frequencyOut[offset + 2] = Math.exp(f2);
    frequencyOut[offset + 3] = Math.exp(f3);
    frequencyOut[offset + 4] = Math.exp(f4);
    severityOut[offset] = clamp(Math.exp(psi * m0));
    severityOut[offset + 1] = clamp(Math.exp(psi * m1));
    severityOut[offset + 2] = clamp(Math.exp(psi * m2));
    severityOut[offset + 3] = clamp(Math.exp(psi * m3));
    severityOut[offset + 4] = clamp(Math.exp(psi * m4));
    return levels[a4Index] as number;
  };
  const addLogsInto = (factor: number, level: number, sums: Float64Array): void => {
    const k = (factor * 4 + level) * S;
    for (let s = 0; s < S; s++) {
      sums[s] = (sums[s] as number) + (weightedLogFrequency[k + s] as number);
      sums[S + s] = (sums[S + s] as number) + (weightedLogSeverity[k + s] as number);
    }
  };
  const sumLogsInto = (levels: Int8Array, skip: Uint8Array, sums: Float64Array): void => {
    sums.fill(0);
    for (let i = 0; i < n; i++) if (skip[i] === 0) addLogsInto(i, levels[i] as number, sums);
  };
  const finishInto = (sums: Float64Array, frequencyOut: Float64Array, severityOut: Float64Array): void => {
    for (let s = 0; s < S; s++) {
      frequencyOut[s] = Math.exp(sums[s] as number);
      severityOut[s] = clamp(Math.exp(params.psi * (sums[S + s] as number)));
    }
  };
  const share = params.lossScenarios.share;
  /** The display figures of a scenario: the share-weighted frequency and the full-weight severity multiplier. */
  const fillScenario = (levels: Int8Array, frequencyByLossScenario: Float64Array, severityByLossScenario: Float64Array): Scenario => {
    const a4 = buildInto(levels, frequencyByLossScenario, severityByLossScenario, 0);
    let frequencyMultiplier = 0;
    for (let s = 0; s < S; s++) frequencyMultiplier += (share[s] as number) * (frequencyByLossScenario[s] as number);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += logSeverity[i * 4 + (levels[i] as number)] as number;
    const severityMultiplier = clamp(Math.exp(params.psi * sum));
    return { frequencyMultiplier, severityMultiplier, frequencyByLossScenario, severityByLossScenario, a4Level: a4Levels[a4] as FactorLevel };
  };
  const transientFrequency = new Float64Array(S);
  const transientSeverity = new Float64Array(S);
  return {
    toLevels: (answers) => Int8Array.from(FACTORS, (f) => LEVEL_INDEX[resolveAnswer(answers, f.id)]),
    buildInto,
    build: (levels) => fillScenario(levels, new Float64Array(S), new Float64Array(S)),
    buildTransient: (levels) => fillScenario(levels, transientFrequency, transientSeverity),
    sumLogsInto,
    addLogsInto,
    finishInto,
    a4Factor: a4Index,
  };
}
