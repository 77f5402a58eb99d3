import { CALIBRATION } from './calibration/calibration.ts';
import type { CalibrationKey } from './calibration/calibration.ts';
import { FACTORS, getAnswerMultiplier } from './factors.ts';
import type { FactorAnswer, FactorId, FactorLevel } from './factors.ts';
import { FRAMEWORKS } from './frameworks.ts';
import { getIndustry } from './industries.ts';
import { negativeBinomialMeanForProbability } from './random/negative-binomial.ts';
import { findApplicableRegimes, isFineRegime } from './regimes.ts';
import type { RegimeId } from './regimes.ts';
import type { FactorAnswers, FrameworkStates, OrganisationProfile } from './risk-input.ts';
import { isCurrentCompliance } from './suggest-factor-answers.ts';

/** Everything the simulation needs that depends on the profile but not on the factor answers. */
export interface ModelParameters {
  readonly frequencyTierKey: CalibrationKey;
  readonly frequencyTierProbability: number;
  readonly industryFrequencyKey: CalibrationKey;
  readonly industryProbability: number;
  readonly typicalProbability: number;
  /** p = p_tier x p_industry / p_typical: P(>= 1 event) at population-average factors. */
  readonly targetProbability: number;
  /** Negative binomial dispersion r. */
  readonly dispersion: number;
  /** mu0 = r((1 - p)^(-1/r) - 1): mean events per year at average factors. */
  readonly meanEventsAtAverage: number;
  /** Largest frequency multiplier any answer set can give (all worst); sizes the event pool. */
  readonly maxFrequencyMultiplier: number;
  readonly severityTierMedianKey: CalibrationKey;
  readonly severitySigmaKey: CalibrationKey;
  readonly tierMedianUsd: number;
  readonly industrySeverityKey: CalibrationKey;
  readonly industrySeverityMultiplier: number;
  /** Median core loss per event at average factors, after any assurance adjustment. */
  readonly medianUsd: number;
  readonly sigma: number;
  readonly sigmaBeforeAssurance: number;
  /** True when a current ISO 27001, SOC 2 or PCI DSS attestation narrows sigma (mean-preserving). */
  readonly hasIndependentAssurance: boolean;
  readonly capPerEventUsd: number;
  readonly fine: {
    readonly regimes: readonly RegimeId[];
    readonly probabilityByA4: { readonly [L in FactorLevel]: number };
    readonly medianUsd: number;
    readonly sigma: number;
    /** Per-event cap by A4 level, one entry per fine regime (same order as `regimes`). */
    readonly capsByA4: { readonly [L in FactorLevel]: readonly number[] };
  };
  readonly ransom: { readonly probability: number; readonly medianUsd: number; readonly sigma: number };
  /** Dirichlet parameters of the IBM cost split: kappa x shares. */
  readonly costShareAlpha: readonly [number, number, number, number];
  readonly psi: number;
  readonly severityMultiplierMin: number;
  readonly severityMultiplierMax: number;
}

/** The three numbers the factor answers act through. */
export interface Scenario {
  /** Product of the frequency multipliers (M3, M4, M5), always in factor order. */
  readonly frequencyMultiplier: number;
  /** clamp(exp(psi x sum ln m_f), 0.4, 2.5). */
  readonly severityMultiplier: number;
  /** A4 level (drives the fine probability and the HIPAA cap); "not applicable" counts as partial. */
  readonly a4Level: FactorLevel;
}

const v = (key: CalibrationKey): number => CALIBRATION[key].value;

function pickFrequencyTier(revenueUsd: number): CalibrationKey {
  if (revenueUsd < 10e6) return 'frequencyProbabilityLt10m';
  if (revenueUsd < 100e6) return 'frequencyProbability10mTo100m';
  if (revenueUsd < 1e9) return 'frequencyProbability100mTo1b';
  return 'frequencyProbability1bTo10b';
}

function pickSeverityTier(revenueUsd: number): [CalibrationKey, CalibrationKey] {
  if (revenueUsd < 100e6) return ['severityMedianLt100m', 'severitySigmaLt100m'];
  if (revenueUsd < 1e9) return ['severityMedian100mTo1b', 'severitySigma100mTo1b'];
  if (revenueUsd < 10e9) return ['severityMedian1bTo10b', 'severitySigma1bTo10b'];
  return ['severityMedianGt10b', 'severitySigmaGt10b'];
}

function fineCap(regime: RegimeId, level: FactorLevel, revenueUsd: number, genericCap: number): number {
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

/** Builds the profile-dependent parameters (risk-model.md (d) steps 1-5). */
export function buildModelParameters(organisation: OrganisationProfile, frameworks: FrameworkStates, asOfDate?: string): ModelParameters {
  const revenue = organisation.annualRevenueUsd;
  const industry = getIndustry(organisation.industry);
  const frequencyTierKey = pickFrequencyTier(revenue);
  const typical = v('frequencyProbabilityTypicalOrg');
  const targetProbability = Math.min(0.99, (v(frequencyTierKey) * v(industry.frequencyKey)) / typical);
  const dispersion = v('negativeBinomialDispersion');
  const meanEventsAtAverage = negativeBinomialMeanForProbability(targetProbability, dispersion);
  let maxFrequencyMultiplier = 1;
  for (const f of FACTORS) maxFrequencyMultiplier *= Math.max(f.frequencyMultiplier.best, f.frequencyMultiplier.partial, f.frequencyMultiplier.worst, 1);

  const [medianKey, sigmaKey] = pickSeverityTier(revenue);
  const industrySeverityMultiplier = v(industry.severityKey);
  const sigmaBeforeAssurance = v(sigmaKey);
  const hasIndependentAssurance = FRAMEWORKS.some((f) => f.isIndependentAssurance && isCurrentCompliance(frameworks[f.id], asOfDate));
  const sigma = hasIndependentAssurance ? sigmaBeforeAssurance * v('auditedSigmaFactor') : sigmaBeforeAssurance;
  const medianBefore = v(medianKey) * industrySeverityMultiplier;
  // Mean-preserving narrowing: the lognormal mean median*exp(sigma^2/2) is kept (ADR 010).
  const medianUsd = medianBefore * Math.exp((sigmaBeforeAssurance * sigmaBeforeAssurance - sigma * sigma) / 2);
  const capPerEventUsd = v('perEventCapRevenueMultiple') * revenue;

  const regimes = findApplicableRegimes(organisation, frameworks).filter(isFineRegime);
  const baseFine = regimes.length > 0 ? v('fineProbability') : 0;
  const kappa = v('costShareConcentration');
  return {
    frequencyTierKey,
    frequencyTierProbability: v(frequencyTierKey),
    industryFrequencyKey: industry.frequencyKey,
    industryProbability: v(industry.frequencyKey),
    typicalProbability: typical,
    targetProbability,
    dispersion,
    meanEventsAtAverage,
    maxFrequencyMultiplier,
    severityTierMedianKey: medianKey,
    severitySigmaKey: sigmaKey,
    tierMedianUsd: v(medianKey),
    industrySeverityKey: industry.severityKey,
    industrySeverityMultiplier,
    medianUsd,
    sigma,
    sigmaBeforeAssurance,
    hasIndependentAssurance,
    capPerEventUsd,
    fine: {
      regimes,
      probabilityByA4: {
        best: baseFine * v('fineProbabilityMultiplierCompliant'),
        partial: baseFine,
        worst: Math.min(1, baseFine * v('fineProbabilityMultiplierNonCompliant')),
      },
      medianUsd: v('fineMedian'),
      sigma: v('fineSigma'),
      capsByA4: {
        best: regimes.map((r) => fineCap(r, 'best', revenue, capPerEventUsd)),
        partial: regimes.map((r) => fineCap(r, 'partial', revenue, capPerEventUsd)),
        worst: regimes.map((r) => fineCap(r, 'worst', revenue, capPerEventUsd)),
      },
    },
    ransom: { probability: v('ransomwareShareSmb') * v('ransomPayRate'), medianUsd: v('ransomMedian'), sigma: v('ransomSigma') },
    costShareAlpha: [
      kappa * v('costShareDetection'),
      kappa * v('costShareNotification'),
      kappa * v('costSharePostBreach'),
      kappa * v('costShareLostBusiness'),
    ],
    psi: v('severityNonAdditivityPsi'),
    severityMultiplierMin: v('severityMultiplierMin'),
    severityMultiplierMax: v('severityMultiplierMax'),
  };
}

/** The answer used for a factor: the given one, or `partial` (population average) when missing. */
export function resolveAnswer(answers: FactorAnswers, id: FactorId): FactorAnswer {
  return answers[id] ?? 'partial';
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
    if (f.id === 'A4') a4Level = answer === 'notApplicable' || answer === 'unknown' ? 'partial' : answer;
  }
  const raw = Math.exp(params.psi * logSeverity);
  const severityMultiplier = Math.min(params.severityMultiplierMax, Math.max(params.severityMultiplierMin, raw));
  return { frequencyMultiplier, severityMultiplier, a4Level };
}

const LEVEL_INDEX: { readonly [A in FactorAnswer]: number } = { worst: 0, partial: 1, best: 2, notApplicable: 3, unknown: 4 };
const LEVEL_COUNT = 5;

/**
 * A scenario builder for hot attribution loops: answers as an array of
 * level indices (0 worst, 1 partial, 2 best, 3 not applicable) in catalogue
 * order. Uses the same per-factor logs and products in the same order as
 * `computeScenario`, so it returns bit-identical scenarios.
 */
export function createScenarioBuilder(params: Pick<ModelParameters, 'psi' | 'severityMultiplierMin' | 'severityMultiplierMax'>): {
  readonly toLevels: (answers: FactorAnswers) => Int8Array;
  readonly build: (levels: Int8Array) => Scenario;
} {
  const n = FACTORS.length;
  const logSeverity = new Float64Array(n * LEVEL_COUNT);
  const frequency = new Float64Array(n * LEVEL_COUNT);
  const answersByIndex: readonly FactorAnswer[] = ['worst', 'partial', 'best', 'notApplicable', 'unknown'];
  const a4Index = FACTORS.findIndex((f) => f.id === 'A4');
  FACTORS.forEach((f, i) => {
    answersByIndex.forEach((answer, level) => {
      logSeverity[i * LEVEL_COUNT + level] = Math.log(getAnswerMultiplier(f.severityMultiplier, answer));
      frequency[i * LEVEL_COUNT + level] = getAnswerMultiplier(f.frequencyMultiplier, answer);
    });
  });
  const a4Levels: readonly FactorLevel[] = ['worst', 'partial', 'best', 'partial', 'partial'];
  return {
    toLevels: (answers) => Int8Array.from(FACTORS, (f) => LEVEL_INDEX[resolveAnswer(answers, f.id)]),
    build: (levels) => {
      let frequencyMultiplier = 1;
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i * LEVEL_COUNT + (levels[i] as number);
        frequencyMultiplier *= frequency[k] as number;
        sum += logSeverity[k] as number;
      }
      const raw = Math.exp(params.psi * sum);
      const severityMultiplier = Math.min(params.severityMultiplierMax, Math.max(params.severityMultiplierMin, raw));
      return { frequencyMultiplier, severityMultiplier, a4Level: a4Levels[levels[a4Index] as number] as FactorLevel };
    },
  };
}
