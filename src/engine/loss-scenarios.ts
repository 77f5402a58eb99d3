import { FACTOR_IDS } from './factors.ts';
import type { FactorId } from './factors.ts';

/**
 * Named loss scenarios (risk model 3.0, ADR 223). Every potential incident of
 * the simulation is one of these five, drawn with the frequency shares below;
 * each has its own severity structure (which cost components it carries and
 * how large they are against the 2.0 average incident) and each factor answer
 * acts on the scenarios it plausibly affects. "Loss scenario" is not the
 * what-if `Scenario` of `model-parameters.ts` (a set of answers).
 */
export const LOSS_SCENARIO_IDS = ['ransomware', 'businessEmailCompromise', 'dataBreach', 'outage', 'deviceAndInsider'] as const;
/** A loss scenario id. */
export type LossScenarioId = (typeof LOSS_SCENARIO_IDS)[number];
/** How many loss scenarios there are (array strides of the evaluator). */
export const LOSS_SCENARIO_COUNT = LOSS_SCENARIO_IDS.length;

/** A number of the scenario table with where it comes from. */
export interface SourcedValue {
  readonly value: number;
  readonly source: string;
  readonly isAssumption: boolean;
}

/** One loss scenario as data (raw, before the normalisation in `normalizeLossScenarios`). */
export interface LossScenarioDefinition {
  readonly id: LossScenarioId;
  readonly label: string;
  /** What the scenario covers, in plain words. */
  readonly description: string;
  /** Share of significant incidents that are this scenario (the five sum to 1). */
  readonly frequencyShare: SourcedValue;
  /** Mean cost of one such SME claim (USD): the source the scenario's whole-incident mean is checked against, and the spread between scenarios (only ratios matter). */
  readonly relativeMeanCostUsd: SourcedValue;
  /**
   * Relative size of the response + interruption cost (normalised so the mixture keeps the 2.0 core
   * cost). Fitted, with the records, fine and ransom weights, so that the whole-incident mean of each
   * scenario lies in its NetDiligence-by-cause range at the reference member (ADR 223).
   */
  readonly coreCostWeight: SourcedValue;
  /** Share of the response + interruption cost that is business interruption / money lost (the rest is response & forensics). */
  readonly interruptionShare: SourcedValue;
  /** Relative chance that the incident exposes records (normalised so the mixture keeps the 2.0 exposure probability). */
  readonly recordsExposureWeight: SourcedValue;
  /** Relative chance of a regulatory fine (normalised so the mixture keeps the 2.0 fine probability). */
  readonly fineWeight: SourcedValue;
  /** True when a ransom / extortion payment can occur (ransomware only, with the pay rate as probability). */
  readonly hasRansom: boolean;
}

const ND = 'NetDiligence Cyber Claims Study 2025 V1.1 Table 9 p.59 (SME mean cost by cause of loss)';
const CORE_FIT =
  'fitted (ADR 223): with the records exposure, fine and ransom weights, puts the whole-incident mean of the scenario inside its NetDiligence SME range (x/÷2 of the mean by cause) at the reference member ($20M, 80 staff, 20,000 records), the mixture keeping the 2.0 core cost';
const SHARE_SOURCE =
  'assumption informed by NetDiligence Cyber Claims Study 2025 (SME claims by cause: ransomware, BEC / funds transfer fraud, hacker, staff mistakes, lost devices), Cyentia IRIS 2025 event types and Verizon DBIR 2025 SMB patterns (system intrusion, social engineering, basic web attacks, lost & stolen assets, miscellaneous errors); no source gives these five exact categories, so the split is flagged';

/** The five loss scenarios. */
export const LOSS_SCENARIOS: readonly LossScenarioDefinition[] = [
  {
    id: 'ransomware',
    label: 'Ransomware & extortion',
    description: 'Systems encrypted or data stolen for extortion: response, downtime, often data exposed, sometimes a ransom.',
    frequencyShare: { value: 0.35, source: SHARE_SOURCE, isAssumption: true },
    relativeMeanCostUsd: { value: 631_000, source: `${ND}: ransomware $631K`, isAssumption: false },
    coreCostWeight: { value: 1.62, source: CORE_FIT, isAssumption: true },
    interruptionShare: {
      value: 0.55,
      source:
        'assumption: downtime dominates ransomware losses (IBM/Ponemon 2025 lost business 31% of an average breach; higher with encryption)',
      isAssumption: true,
    },
    recordsExposureWeight: {
      value: 0.87,
      source: 'Coveware Quarterly Ransomware Report Q4 2024: data exfiltration in 87% of ransomware cases',
      isAssumption: false,
    },
    fineWeight: { value: 1, source: 'assumption: fines follow exposed records', isAssumption: true },
    hasRansom: true,
  },
  {
    id: 'businessEmailCompromise',
    label: 'Business e-mail compromise & funds-transfer fraud',
    description: 'A mailbox or supplier is impersonated and money is wired away: the funds lost (booked as lost business) plus response.',
    frequencyShare: { value: 0.25, source: SHARE_SOURCE, isAssumption: true },
    relativeMeanCostUsd: { value: 138_000, source: `${ND}: mean of BEC $98K and wire transfer fraud $178K`, isAssumption: false },
    coreCostWeight: { value: 0.91, source: CORE_FIT, isAssumption: true },
    interruptionShare: {
      value: 0.65,
      source: 'assumption: the funds transferred are most of a BEC loss (booked under business interruption & lost business)',
      isAssumption: true,
    },
    recordsExposureWeight: { value: 0.15, source: 'assumption: a compromised mailbox sometimes exposes personal data', isAssumption: true },
    fineWeight: { value: 0.3, source: 'assumption: fines are rare without a records breach', isAssumption: true },
    hasRansom: false,
  },
  {
    id: 'dataBreach',
    label: 'Data breach (personal / health / card records)',
    description: 'An intruder or exposed system leaks personal, health or card records: notification, monitoring, fines, response.',
    frequencyShare: { value: 0.22, source: SHARE_SOURCE, isAssumption: true },
    relativeMeanCostUsd: { value: 135_000, source: `${ND}: hacker $135K`, isAssumption: false },
    coreCostWeight: { value: 0.25, source: CORE_FIT, isAssumption: true },
    interruptionShare: { value: 0.2, source: 'assumption: little downtime in a pure breach', isAssumption: true },
    recordsExposureWeight: {
      value: 0.52,
      source:
        'assumption: the scenario is the exposure of records, but about half of SME breach claims involve records below the notification threshold or not personal (NetDiligence 2025 hacker vs privacy claims); fitted with the core weights (ADR 223)',
      isAssumption: true,
    },
    fineWeight: { value: 1.8, source: 'assumption: regulators act on records breaches first (HHS OCR, state AGs)', isAssumption: true },
    hasRansom: false,
  },
  {
    id: 'outage',
    label: 'Outage of a critical system or supplier',
    description: 'A critical system, cloud service or supplier is down (attack, failed change or provider incident): mostly lost business.',
    frequencyShare: { value: 0.08, source: SHARE_SOURCE, isAssumption: true },
    relativeMeanCostUsd: {
      value: 150_000,
      source: 'assumption: between the NetDiligence hacker and wire-fraud means (no SME outage figure in the sources)',
      isAssumption: true,
    },
    coreCostWeight: { value: 1.6, source: CORE_FIT, isAssumption: true },
    interruptionShare: { value: 0.8, source: 'assumption: an outage is mostly interruption', isAssumption: true },
    recordsExposureWeight: { value: 0, source: 'by definition: no records are exposed', isAssumption: false },
    fineWeight: { value: 0.1, source: 'assumption: rare availability-rule fines (e.g. HIPAA contingency plan)', isAssumption: true },
    hasRansom: false,
  },
  {
    id: 'deviceAndInsider',
    label: 'Lost or stolen device & insider error',
    description: 'A laptop or phone is lost, or staff send or publish data by mistake: notification if records were on it, small response.',
    frequencyShare: { value: 0.1, source: SHARE_SOURCE, isAssumption: true },
    relativeMeanCostUsd: {
      value: 60_000,
      source: 'assumption: below the NetDiligence hacker mean (staff mistakes and lost devices are the cheapest SME claims)',
      isAssumption: true,
    },
    coreCostWeight: { value: 0.19, source: CORE_FIT, isAssumption: true },
    interruptionShare: { value: 0.1, source: 'assumption: hardly any downtime', isAssumption: true },
    recordsExposureWeight: {
      value: 0.4,
      source:
        'assumption: fitted (ADR 223); many such incidents involve records (DBIR miscellaneous errors / lost & stolen assets are mostly data disclosure)',
      isAssumption: true,
    },
    fineWeight: { value: 1, source: 'assumption: unencrypted-device breaches are notifiable and finable', isAssumption: true },
    hasRansom: false,
  },
];

/**
 * How strongly each factor acts on each scenario, before normalisation: the
 * exponent applied to the factor's multiplier (1 = the full catalogue effect,
 * 0 = none). Order of `LOSS_SCENARIO_IDS`: ransomware, BEC, data breach,
 * outage, device & insider. All exponents are >= 0, so a better answer never
 * raises any scenario (monotone). Assumptions (ADR 223), each with its reason.
 */
export const FACTOR_SCENARIO_EXPOSURE: {
  readonly [F in FactorId]: { readonly weights: readonly [number, number, number, number, number]; readonly reason: string };
} = {
  M1: {
    weights: [1, 1.5, 1, 0.3, 1.2],
    reason: 'training works on phishing and pretexting (BEC, ransomware initial access) and on staff error (DBIR human element 60%)',
  },
  M2: { weights: [1.3, 0.8, 1, 1.3, 0.6], reason: 'a tested plan (with restores) shortens ransomware and outage downtime most' },
  M3: {
    weights: [1.2, 1.5, 1, 0.3, 0.6],
    reason: 'MFA blocks credential abuse: BEC mailbox takeover and ransomware initial access (DBIR 2025 credential abuse 22%)',
  },
  M4: {
    weights: [1.1, 0.5, 1, 0.9, 0.5],
    reason: 'patching closes exploited vulnerabilities (DBIR 2025 exploitation 20%), the ransomware and intrusion route',
  },
  M5: { weights: [1, 0.6, 1, 1, 0.8], reason: 'hardening cuts intrusion and misconfiguration outages, little against payment fraud' },
  M6: { weights: [1.3, 0.3, 1, 0.5, 0.7], reason: 'EDR stops ransomware and intrusions on endpoints, not wire fraud' },
  M7: { weights: [1, 0.8, 1.2, 0.8, 0.6], reason: 'logging shortens detection, which drives breach cost (IBM lifecycle)' },
  M8: {
    weights: [0.6, 0.2, 1.3, 0.2, 1.5],
    reason: 'encryption makes lost devices and stolen data non-notifiable (safe harbour); no effect on downtime or fraud',
  },
  M9: { weights: [1, 1, 1, 0.7, 0.7], reason: 'security AI and automation shorten detection across attack types (IBM/Ponemon)' },
  M10: { weights: [0.8, 0.3, 1, 1.3, 0.5], reason: 'change control prevents failed changes and misconfiguration outages' },
  M11: { weights: [1, 1, 1, 1, 1], reason: 'governance acts on every scenario' },
  A1: { weights: [1, 1.2, 1, 1.5, 0.5], reason: 'suppliers are the route of supplier outages and of vendor-impersonation fraud' },
  A2: { weights: [1, 0.7, 1, 1.2, 0.7], reason: 'complex estates fail and are breached more, less relevant to payment fraud' },
  A3: { weights: [1, 1, 1, 1, 1], reason: 'a skills shortage slows every response' },
  A4: { weights: [1, 1, 1, 1, 1], reason: 'non-compliance acts on every scenario (and on fines through their probability)' },
  A5: { weights: [0.5, 0.8, 1.3, 0.3, 1.3], reason: 'shadow AI leaks data by staff pasting it (breach, insider error)' },
  A6: { weights: [1.3, 0.3, 0.8, 1.5, 0.3], reason: 'connected machines and medical devices are ransomware and outage targets' },
  A7: { weights: [1, 0.5, 1.3, 0.5, 1.2], reason: 'data sprawl enlarges what a breach or a lost device exposes' },
  A8: { weights: [0.8, 1.2, 1, 0.5, 1.5], reason: 'remote staff lose more devices and are targeted by pretexting' },
};

/**
 * The scenario exposures in catalogue order, weight of factor i on scenario s
 * at `i * LOSS_SCENARIO_COUNT + s`, each factor's row scaled so that its
 * frequency-share-weighted mean is 1: over the mix of incidents a factor
 * keeps its 2.0 catalogue effect (to first order) and only its spread
 * between scenarios is new (ADR 223).
 */
export const FACTOR_SCENARIO_WEIGHTS: Float64Array = Float64Array.from(
  FACTOR_IDS.flatMap((id) => {
    const raw = FACTOR_SCENARIO_EXPOSURE[id].weights;
    const mean = raw.reduce((sum, w, s) => sum + w * (LOSS_SCENARIOS[s] as LossScenarioDefinition).frequencyShare.value, 0);
    return raw.map((w) => w / mean);
  }),
);

/** Normalised per-scenario multipliers of one profile: the population-average mixture keeps every 2.0 component mean. */
export interface LossScenarioStructure {
  /** Frequency share (the five sum to 1). */
  readonly share: Float64Array;
  /** Cumulative shares for drawing the scenario from one uniform. */
  readonly cumulativeShare: Float64Array;
  /** Multiplier on response & forensics (sum of share x multiplier = 1). */
  readonly responseMultiplier: Float64Array;
  /** Multiplier on business interruption (sum of share x multiplier = 1). */
  readonly interruptionMultiplier: Float64Array;
  /** P(records exposed | scenario) (sum of share x p = the 2.0 exposure probability). */
  readonly recordsExposureProbability: Float64Array;
  /** Multiplier on the fine probability (sum of share x multiplier = 1). */
  readonly fineProbabilityMultiplier: Float64Array;
  /** P(ransom paid | scenario): the pay rate in ransomware, 0 elsewhere (the 2.0 ransom mean is kept through the ransom spread, ADR 223). */
  readonly ransomProbability: Float64Array;
  /** Relative mean cost of each scenario (sum of share x cost = 1): the spread between scenarios. */
  readonly relativeMeanCost: Float64Array;
}

/** Scales raw weights so that sum(share x weight) = target. */
function normalize(raw: readonly number[], share: readonly number[], target: number): Float64Array {
  const mean = raw.reduce((s, x, i) => s + x * (share[i] as number), 0);
  return Float64Array.from(raw, (x) => (mean > 0 ? (x * target) / mean : 0));
}

/**
 * The normalised scenario structure (ADR 223): component by component, the
 * share-weighted mixture equals the 2.0 incident (the ransom through its
 * spread, see `ransomSigmaKeepingMean`), so the total stays calibrated to the
 * 2.0 sources at average posture.
 */
export function normalizeLossScenarios(recordExposureProbability: number, ransomPayRate: number): LossScenarioStructure {
  const share = LOSS_SCENARIOS.map((s) => s.frequencyShare.value);
  const cost = LOSS_SCENARIOS.map((s) => s.relativeMeanCostUsd.value);
  const coreWeight = LOSS_SCENARIOS.map((s) => s.coreCostWeight.value);
  const response = LOSS_SCENARIOS.map((s, i) => (coreWeight[i] as number) * (1 - s.interruptionShare.value));
  const interruption = LOSS_SCENARIOS.map((s, i) => (coreWeight[i] as number) * s.interruptionShare.value);
  const cumulativeShare = new Float64Array(LOSS_SCENARIO_COUNT);
  let running = 0;
  share.forEach((w, i) => (cumulativeShare[i] = running += w));
  cumulativeShare[LOSS_SCENARIO_COUNT - 1] = 1;
  return {
    share: Float64Array.from(share),
    cumulativeShare,
    relativeMeanCost: normalize(cost, share, 1),
    responseMultiplier: normalize(response, share, 1),
    interruptionMultiplier: normalize(interruption, share, 1),
    recordsExposureProbability: normalize(
      LOSS_SCENARIOS.map((s) => s.recordsExposureWeight.value),
      share,
      recordExposureProbability,
    ),
    fineProbabilityMultiplier: normalize(
      LOSS_SCENARIOS.map((s) => s.fineWeight.value),
      share,
      1,
    ),
    ransomProbability: Float64Array.from(LOSS_SCENARIOS, (s) => (s.hasRansom ? ransomPayRate : 0)),
  };
}
