import { CALIBRATION } from './calibration/calibration.ts';
import type { CalibrationKey } from './calibration/calibration.ts';
import { FACTORS, getAnswerMultiplier } from './factors.ts';
import type { FactorId, FactorLevel, KnownFactorAnswer } from './factors.ts';
import { getIndustry } from './industries.ts';
import { negativeBinomialMeanForProbability } from './random/negative-binomial.ts';
import { findApplicableRegimes } from './regimes.ts';
import type { RegimeId } from './regimes.ts';
import type { FactorAnswers, FrameworkStates, OrganisationProfile, RecordsHeld } from './risk-input.ts';

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
}

/** The three numbers the factor answers act through. */
export interface Scenario {
  /** Product of the frequency multipliers (M3, M4, M5), always in factor order. */
  readonly frequencyMultiplier: number;
  /** clamp(exp(psi x sum ln m_f), 0.4, 2.5): applies to response, interruption and records costs. */
  readonly severityMultiplier: number;
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

/** Builds the profile-dependent parameters (risk model 2.0, ADR 100). */
export function buildModelParameters(organisation: OrganisationProfile, frameworks: FrameworkStates, asOfDate?: string): ModelParameters {
  void asOfDate; // The profile parameters no longer depend on the evidence date (compliance acts through the answers only).
  const revenue = organisation.annualRevenueUsd;
  const industry = getIndustry(organisation.industry);
  const typical = v('frequencyProbabilityTypicalOrg');
  const frequencyTierProbability = frequencyProbabilityForRevenue(revenue);
  const targetProbability = Math.min(0.99, (frequencyTierProbability * v(industry.frequencyKey)) / typical);
  const dispersion = dispersionForRevenue(revenue);
  const meanEventsAtAverage = negativeBinomialMeanForProbability(targetProbability, dispersion);
  let maxFrequencyMultiplier = 1;
  for (const f of FACTORS) maxFrequencyMultiplier *= Math.max(f.frequencyMultiplier.best, f.frequencyMultiplier.partial, f.frequencyMultiplier.worst, 1);

  const industrySeverityMultiplier = v(industry.severityKey);
  const referenceEmployees = v('responseReferenceEmployees');
  const referenceRevenue = v('sizeScalingReferenceRevenueUsd');
  // Both grow with the firm, continuously and with economies of scale (ADR 100).
  const responseMedianUsd = v('responseBaseUsd') + v('responsePerEmployeeUsd') * referenceEmployees * Math.pow(organisation.employees / referenceEmployees, v('responseEmployeeExponent'));
  const interruptionMedianUsd = v('businessInterruptionRevenueShare') * referenceRevenue * Math.pow(revenue / referenceRevenue, v('interruptionRevenueExponent'));
  const capPerEventUsd = v('perEventCapRevenueMultiple') * revenue;
  const effectiveRecords = effectiveRecordCount(organisation.records);
  const sizeScale = Math.pow(revenue / v('sizeScalingReferenceRevenueUsd'), v('sizeScalingExponent'));

  const applicable = findApplicableRegimes(organisation, frameworks);
  const regimes = FINE_REGIME_IDS.filter((r) => applicable.includes(r));
  const base = v('finePerRegimeProbability');
  const probability = (multiplier: number): number[] => regimes.map(() => Math.min(1, base * multiplier));
  return {
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
    recordsCostAllExposedUsd: recordsCostUsd(effectiveRecords),
    recordExposureProbability: v('recordExposureProbability'),
    recordCostScaleExponent: v('recordCostScaleExponent'),
    capPerEventUsd,
    sizeScale,
    fine: {
      regimes,
      probabilityByA4: {
        best: probability(v('fineProbabilityMultiplierCompliant')),
        partial: probability(1),
        worst: probability(v('fineProbabilityMultiplierNonCompliant')),
      },
      medianUsd: v('fineMedian') * sizeScale,
      sigma: v('fineSigma'),
      capsByA4: {
        best: regimes.map((r) => fineCap(r, 'best', revenue, capPerEventUsd)),
        partial: regimes.map((r) => fineCap(r, 'partial', revenue, capPerEventUsd)),
        worst: regimes.map((r) => fineCap(r, 'worst', revenue, capPerEventUsd)),
      },
    },
    ransom: { probability: v('ransomwareShareSmb') * v('ransomPayRate'), medianUsd: v('ransomMedian') * sizeScale, sigma: v('ransomSigma') },
    psi: v('severityNonAdditivityPsi'),
    severityMultiplierMin: v('severityMultiplierMin'),
    severityMultiplierMax: v('severityMultiplierMax'),
  };
}

/** The answer used for a factor: the given one, or `partial` (population average) when missing. */
function resolveAnswer(answers: FactorAnswers, id: FactorId): KnownFactorAnswer {
  const answer = answers[id];
  // "unknown" is spread over the levels per simulated year by the caller; as a single answer it scores as the average.
  return answer === undefined || answer === 'unknown' ? 'partial' : answer;
}

/**
 * Collapses 19 answers into the scenario the simulation uses
 * (risk-model.md (b) rules 2-4). Always iterates in catalogue order so that
 * equal answer sets give bit-identical multipliers.
 */
export function computeScenario(answers: FactorAnswers, params: Pick<ModelParameters, 'psi' | 'severityMultiplierMin' | 'severityMultiplierMax'>): Scenario {
  let frequencyMultiplier = 1;
  let logSeverity = 0;
  let a4Level: FactorLevel = 'partial';
  for (const f of FACTORS) {
    const answer = resolveAnswer(answers, f.id);
    frequencyMultiplier *= getAnswerMultiplier(f.frequencyMultiplier, answer);
    logSeverity += Math.log(getAnswerMultiplier(f.severityMultiplier, answer));
    if (f.id === 'A4') a4Level = answer === 'notApplicable' ? 'partial' : answer;
  }
  const raw = Math.exp(params.psi * logSeverity);
  const severityMultiplier = Math.min(params.severityMultiplierMax, Math.max(params.severityMultiplierMin, raw));
  return { frequencyMultiplier, severityMultiplier, a4Level };
}

const LEVEL_INDEX: { readonly [A in KnownFactorAnswer]: number } = { worst: 0, partial: 1, best: 2, notApplicable: 3 };

/**
 * A scenario builder for hot loops: answers as an array of level indices
 * (0 worst, 1 partial, 2 best, 3 not applicable) in catalogue order. Uses
 * the same per-factor logs and products in the same order as
 * `computeScenario`, so it returns bit-identical scenarios.
 */
export function createScenarioBuilder(params: Pick<ModelParameters, 'psi' | 'severityMultiplierMin' | 'severityMultiplierMax'>): {
  readonly toLevels: (answers: FactorAnswers) => Int8Array;
  readonly build: (levels: Int8Array) => Scenario;
  /** ln(severity multiplier) per factor and level index (factor x 4 + level). */
  readonly logSeverityTable: Float64Array;
  /** Frequency multiplier per factor and level index (factor x 4 + level). */
  readonly frequencyTable: Float64Array;
} {
  const n = FACTORS.length;
  const logSeverity = new Float64Array(n * 4);
  const frequency = new Float64Array(n * 4);
  const answersByIndex: readonly KnownFactorAnswer[] = ['worst', 'partial', 'best', 'notApplicable'];
  const a4Index = FACTORS.findIndex((f) => f.id === 'A4');
  FACTORS.forEach((f, i) => {
    answersByIndex.forEach((answer, level) => {
      logSeverity[i * 4 + level] = Math.log(getAnswerMultiplier(f.severityMultiplier, answer));
      frequency[i * 4 + level] = getAnswerMultiplier(f.frequencyMultiplier, answer);
    });
  });
  const a4Levels: readonly FactorLevel[] = ['worst', 'partial', 'best', 'partial'];
  return {
    logSeverityTable: logSeverity,
    frequencyTable: frequency,
    toLevels: (answers) => Int8Array.from(FACTORS, (f) => LEVEL_INDEX[resolveAnswer(answers, f.id)]),
    build: (levels) => {
      let frequencyMultiplier = 1;
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i * 4 + (levels[i] as number);
        frequencyMultiplier *= frequency[k] as number;
        sum += logSeverity[k] as number;
      }
      const raw = Math.exp(params.psi * sum);
      const severityMultiplier = Math.min(params.severityMultiplierMax, Math.max(params.severityMultiplierMin, raw));
      return { frequencyMultiplier, severityMultiplier, a4Level: a4Levels[levels[a4Index] as number] as FactorLevel };
    },
  };
}
