import { POPULATION_BRIDGE_WORDS } from './parameter-uncertainty.ts';
import { CALIBRATION } from './calibration/calibration.ts';
import { OWN_COST_SOURCE } from './calibration/control-costs.ts';
import type { CalibrationKey, CalibrationUnit } from './calibration/calibration.ts';
import { getFactor } from './factors.ts';
import type { RiskResult } from './risk-result.ts';

/** A number in an explanation, traced to its source. */
interface ExplanationFigure {
  readonly label: string;
  readonly value: number;
  readonly unit: CalibrationUnit;
  /** Calibration key, or null for a figure computed by this run. */
  readonly sourceKey: CalibrationKey | null;
  /** Source text, or how the figure was computed. */
  readonly source: string;
  readonly isAssumption: boolean;
}

/** One step of the derivation. */
interface ExplanationStep {
  readonly id: 'frequency' | 'severity' | 'fines' | 'ransom' | 'annualLoss' | 'costIfItHappens' | 'riskScore' | 'attribution' | 'insurance' | 'unknownAnswers' | 'population';
  readonly title: string;
  readonly text: string;
  readonly figures: readonly ExplanationFigure[];
}

/** The derivation of a result's headline numbers in words and figures. */
interface Explanation {
  readonly steps: readonly ExplanationStep[];
  /** All steps as plain text (titles and paragraphs). */
  readonly text: string;
}

const usd = (x: number): string => {
  const a = Math.abs(x);
  const sign = x < 0 ? '-' : '';
  if (a >= 1e6) return `${sign}$${(a / 1e6).toFixed(a >= 1e7 ? 1 : 2)}M`;
  if (a >= 1e3) return `${sign}$${Math.round(a / 1e3).toLocaleString('en-US')}K`;
  return `${sign}$${Math.round(a)}`;
};
const pct = (x: number, digits = 1): string => `${(100 * x).toFixed(digits)}%`;

function sourced(key: CalibrationKey, label?: string): ExplanationFigure {
  const e = CALIBRATION[key];
  return { label: label ?? e.label, value: e.value, unit: e.unit, sourceKey: key, source: e.source, isAssumption: e.isAssumption };
}

function computed(label: string, value: number, unit: CalibrationUnit, how: string): ExplanationFigure {
  return { label, value, unit, sourceKey: null, source: how, isAssumption: false };
}

/** Expected annual loss of one cost category, as the result breaks it down (0 when the category has none). */
function expectedAnnualOf(result: RiskResult, category: RiskResult['costBreakdown'][number]['category']): number {
  return result.costBreakdown.find((c) => c.category === category)?.expectedAnnualUsd ?? 0;
}

function explainFrequency(result: RiskResult): ExplanationStep {
  const d = result.derivation;
  const industryKey = (d.sourceKeys['frequency'] ?? [])[4];
  return {
    id: 'frequency',
    title: 'How often: significant incidents per year',
    text:
      `At this revenue an organisation has a ${pct(d.frequencyTierProbability, 2)} chance a year of at least one significant incident (IRIS 2025 revenue bands, interpolated on a log scale between band centres so there is no cliff at a band edge); ` +
      `this industry runs at ${pct(d.industryProbability)} against ${pct(d.typicalProbability)} for a typical organisation, so an average-posture peer has p = ${pct(d.frequencyTierProbability, 2)} x ${pct(d.industryProbability)} / ${pct(d.typicalProbability)} = ${pct(d.targetProbability, 2)}. ` +
      `Incident counts follow a negative binomial with dispersion r = ${d.dispersion.toFixed(3)} (fitted so P(≥2 incidents) matches IRIS 2025 in each band), whose mean mu0 = r((1 - p)^(-1/r) - 1) = ${d.meanEventsAtAverage.toFixed(4)} events a year reproduces p. ` +
      `The answers on MFA, patching and hardening multiply the frequency by ${d.frequencyMultiplier.toFixed(3)}, giving ${d.meanEventsPerYear.toFixed(4)} events a year; ` +
      `in the simulation ${pct(result.probabilityOfAnyEvent, 2)} of years have at least one loss event.`,
    figures: [
      computed('P(≥1 incident) at this revenue', d.frequencyTierProbability, 'probability', 'IRIS25 revenue bands interpolated on log revenue (ADR 100)'),
      ...(industryKey !== undefined ? [sourced(industryKey)] : []),
      sourced('frequencyProbabilityTypicalOrg'),
      computed('Negative binomial dispersion r', d.dispersion, 'ratio', 'fitted to IRIS25 P(≥2) per band, interpolated on log r (ADR 100)'),
      computed('Mean events per year (average posture)', d.meanEventsAtAverage, 'count', 'mu0 = r((1 - p)^(-1/r) - 1), derived'),
      computed('Frequency multiplier of the answers', d.frequencyMultiplier, 'multiplier', 'mean over the five loss scenarios (by frequency share) of the MFA, patching and hardening frequency multipliers, each weighted per scenario (ADR 223)'),
      computed('Simulated P(at least one loss event)', result.probabilityOfAnyEvent, 'probability', `share of ${result.iterations.toLocaleString('en-US')} simulated years`),
    ],
  };
}

function explainSeverity(result: RiskResult): ExplanationStep {
  const d = result.derivation;
  const industrySevKey = (d.sourceKeys['severity'] ?? [])[4];
  const recordsLine = expectedAnnualOf(result, 'notificationAndMonitoring');
  return {
    id: 'severity',
    title: 'How much: loss per incident, built from the organisation',
    text:
      `Each incident costs response and forensics (median ${usd(d.responseMedianUsd)} at average posture: ${usd(CALIBRATION.responseBaseUsd.value)} + ${usd(CALIBRATION.responsePerEmployeeUsd.value)} per employee) plus business interruption (median ${usd(d.interruptionMedianUsd)}: ${pct(CALIBRATION.businessInterruptionRevenueShare.value, 2)} of annual revenue), ` +
      `times the industry multiplier ${d.industrySeverityMultiplier}, lognormal with sigma ${d.sigma.toFixed(2)}. ` +
      `The 19 answers combine (psi = ${CALIBRATION.severityNonAdditivityPsi.value}, clamped to ${CALIBRATION.severityMultiplierMin.value}-${CALIBRATION.severityMultiplierMax.value}) into a severity multiplier of ${d.severityMultiplier.toFixed(3)}, so the median of these two parts is ${usd(d.medianCoreLossUsd)}. ` +
      (d.effectiveRecords > 0
        ? `With probability ${pct(CALIBRATION.recordExposureProbability.value)} an incident exposes records: a share of the ${Math.round(d.effectiveRecords).toLocaleString('en-US')} people on file (mean one third) must be notified and offered monitoring, at ${usd(CALIBRATION.perRecordCostAverage.value * CALIBRATION.recordDrivenCostShare.value)} a record at ${CALIBRATION.recordCostReferenceRecords.value.toLocaleString('en-US')} records with economies of scale (cost grows as records^${CALIBRATION.recordCostScaleExponent.value}; below ${usd(CALIBRATION.smallFirmKneeRevenueUsd.value)} revenue it shrinks with the firm as (revenue / ${usd(CALIBRATION.smallFirmKneeRevenueUsd.value)})^${CALIBRATION.smallFirmScaleExponent.value}, as do fines and ransoms); expected ${usd(recordsLine)} a year. `
        : 'No personal records are held, so no notification cost is simulated. ') +
      `The total of one incident, fines and ransom included, is capped at ${usd(d.capPerEventUsd)} (1.5 x revenue). Compliance frameworks act only through the answers they evidence; they never change the spread.`,
    figures: [
      sourced('responseBaseUsd'),
      sourced('responsePerEmployeeUsd'),
      sourced('businessInterruptionRevenueShare'),
      sourced('incidentSigma'),
      ...(industrySevKey !== undefined ? [sourced(industrySevKey)] : []),
      sourced('severityNonAdditivityPsi'),
      sourced('perEventCapRevenueMultiple'),
      computed('Combined severity multiplier of the answers', d.severityMultiplier, 'multiplier', 'clamp(exp(psi x sum ln m_f), 0.4, 2.5) over the factor catalogue'),
      sourced('perRecordCostAverage'),
      sourced('recordDrivenCostShare'),
      sourced('recordCostReferenceRecords'),
      sourced('recordCostScaleExponent'),
      sourced('recordExposureProbability'),
    ],
  };
}

function explainFines(result: RiskResult): ExplanationStep {
  const d = result.derivation;
  const finesLine = expectedAnnualOf(result, 'regulatoryFines');
  return {
    id: 'fines',
    title: 'Regulatory fines',
    text:
      d.fineRegimes.length === 0
        ? 'No regulated data is held, so no regulatory fine is simulated.'
        : `Regimes that apply: ${d.fineRegimes.join(', ')}. Each incident draws a fine under each applicable regime independently, with probability ${pct(d.fineProbabilityPerRegime)} per regime (so a firm under two regimes is fined after a third of incidents, as in IBM 2024; adjusted for the compliance answer), of lognormal size (median ${usd(d.fineMedianUsd)} for this size of firm, sigma ${CALIBRATION.fineSigma.value}) capped per regime. Adding a regime only adds fines. Expected fines: ${usd(finesLine)} a year.`,
    figures: [sourced('fineProbability'), sourced('finePerRegimeProbability'), sourced('fineMedian'), sourced('sizeScalingExponent'), sourced('fineSigma'), sourced('fineProbabilityMultiplierCompliant'), sourced('fineProbabilityMultiplierNonCompliant'), computed('Expected fines per year', finesLine, 'usd', 'simulated')],
  };
}

function explainRansom(result: RiskResult): ExplanationStep {
  const d = result.derivation;
  const ransomLine = expectedAnnualOf(result, 'ransom');
  return {
    id: 'ransom',
    title: 'Ransom payments',
    text: `IBM's costs exclude ransoms, so each incident adds a ransom with probability ${pct(d.ransomProbability)} (ransomware incidents x the DBIR 36% pay rate; the spread is widened so the expected ransom per incident stays that of 88% of SMB breaches involving ransomware x 36% pay, ADR 223), lognormal with median ${usd(d.ransomMedianUsd)} for this size of firm (DBIR 2025 median ${usd(CALIBRATION.ransomMedian.value)} at ${usd(CALIBRATION.sizeScalingReferenceRevenueUsd.value)} revenue, scaled as revenue^${CALIBRATION.sizeScalingExponent.value} and, below ${usd(CALIBRATION.smallFirmKneeRevenueUsd.value)} revenue, by the small-firm scale). Expected ransom: ${usd(ransomLine)} a year.`,
    figures: [sourced('ransomwareShareSmb'), sourced('ransomPayRate'), sourced('ransomMedian'), sourced('ransomSigma'), computed('Expected ransom per year', ransomLine, 'usd', 'simulated')],
  };
}

function explainAnnualLoss(result: RiskResult): ExplanationStep {
  const a = result.annualLoss;
  return {
    id: 'annualLoss',
    title: 'Annual loss',
    text:
      `Summing the incidents of each of ${result.iterations.toLocaleString('en-US')} simulated years (seed ${result.seed}) gives an expected annual loss (ALE) of ${usd(a.expectedUsd)} (Monte Carlo standard error ${usd(a.standardErrorUsd)}, ${pct(result.precision.relativeStandardError, 2)} of the ALE${result.precision.targetRelativeStandardError === null ? ', fixed iteration count' : `; target ${pct(result.precision.targetRelativeStandardError, 1)}, ${result.precision.isTargetMet ? 'reached' : 'not reached within the budget'}`}). ` +
      `Most years have no incident, so the median year costs ${usd(a.percentilesUsd.p50)} and P90 is ${usd(a.percentilesUsd.p90)}; 1 year in 20 costs more than ${usd(a.percentilesUsd.p95)} (VaR 95) and 1 in 100 more than ${usd(a.percentilesUsd.p99)} (VaR 99); the worst 1% of years average ${usd(a.expectedShortfall99Usd)} (expected shortfall 99).` +
      (result.insurance === null ? '' : ` With the insurance policy entered, the expected net annual loss is ${usd(result.insurance.expectedNetAnnualLossUsd)}.`),
    figures: [
      computed('Expected annual loss (ALE)', a.expectedUsd, 'usd', 'mean of simulated annual losses'),
      computed('Monte Carlo standard error', a.standardErrorUsd, 'usd', 'sd / sqrt(years)'),
      computed('P95 annual loss (VaR 95)', a.percentilesUsd.p95, 'usd', 'nearest-rank percentile'),
      computed('P99 annual loss (VaR 99)', a.percentilesUsd.p99, 'usd', 'nearest-rank percentile'),
      computed('Expected shortfall 99', a.expectedShortfall99Usd, 'usd', 'mean of the worst 1% of years'),
    ],
  };
}

function explainCostIfItHappens(result: RiskResult): ExplanationStep {
  const c = result.costIfItHappens;
  return {
    id: 'costIfItHappens',
    title: 'Cost if it happens',
    text: `When an incident happens, it costs ${usd(c.percentilesUsd.p50)} at the median, ${usd(c.percentilesUsd.p90)} at P90 and ${usd(c.percentilesUsd.p99)} at P99 (mean ${usd(c.meanUsd)}, over ${c.eventCount.toLocaleString('en-US')} simulated incidents: every potential incident of the run, so the figure does not move when a control only makes incidents rarer).`,
    figures: [computed('Median cost per incident', c.percentilesUsd.p50, 'usd', 'simulated'), computed('Mean cost per incident', c.meanUsd, 'usd', 'simulated')],
  };
}

function explainRiskScore(result: RiskResult): ExplanationStep {
  const s = result.riskScore;
  return {
    id: 'riskScore',
    title: 'Risk score',
    text: `The score places this ALE on a log scale between the same organisation with every answer at best (0, ${usd(s.allBestAleUsd)}), at the population average (50, ${usd(s.averageAleUsd)}) and at worst (100, ${usd(s.allWorstAleUsd)}): ${s.score}. The risk band is not read from this score: it rates the dollar figures against revenue and, where set, the risk appetite.`,
    figures: [computed('Risk score', s.score, 'ratio', 'log interpolation between all-best, average and all-worst ALE (assumption)')],
  };
}

/** The plan's joint figure, so no reader adds the one-at-a-time reductions up (ADR 211). */
function explainFixPlan(result: RiskResult): string {
  // Results stored before the plan existed have none (read as-is from storage).
  const plan = (result as Partial<Pick<RiskResult, 'fixPlan'>>).fixPlan ?? null;
  if (plan === null || plan.steps.length < 2) return '';
  return ` Made together (each fix counted after the ones before it, in one run), the ${plan.steps.length} fixes that pay for themselves lower the ALE from ${usd(plan.expectedLossBeforeUsd)} to ${usd(plan.expectedLossAfterUsd)} for ${usd(plan.totalAnnualCostUsd)} a year; their one-at-a-time reductions overlap and do not add up.`;
}

function explainAttribution(result: RiskResult): ExplanationStep | null {
  if (result.attribution === null) return null;
  const top = [...result.attribution.shapley.contributions].sort((x, y) => Math.abs(y.contributionUsd) - Math.abs(x.contributionUsd)).slice(0, 3);
  const rec = result.recommendations?.[0];
  return {
    id: 'attribution',
    title: 'What drives it',
    text:
      `Against an average-posture peer (ALE ${usd(result.attribution.shapley.averageProfileAleUsd)}), the answers change the ALE by ${usd(result.attribution.shapley.targetUsd)}; the largest Shapley contributions are ${top.map((t) => `${getFactor(t.factorId).name} (${usd(t.contributionUsd)})`).join(', ')}.` +
      (rec === undefined ? '' : ` The best value for money is ${rec.factorName}: about ${usd(rec.annualLossReductionUsd)} a year less expected loss for ${usd(rec.annualCostUsd.lowUsd)}-${usd(rec.annualCostUsd.highUsd)} a year (${rec.costSource === OWN_COST_SOURCE ? 'your own cost' : 'typical price band from public price lists, see the cost table'}).`) +
      explainFixPlan(result),
    figures: top.map((t) => computed(`Shapley contribution of ${getFactor(t.factorId).name}`, t.contributionUsd, 'usd', `permutation sampling, ${result.attribution?.shapley.permutations ?? 0} permutations`)),
  };
}

function explainInsurance(result: RiskResult): ExplanationStep {
  const iv = result.insuranceView;
  return {
    id: 'insurance',
    title: 'Insurance view',
    text:
      iv.policyLimitUsd === null
        ? `A 1-in-100 year costs ${usd(iv.oneInHundredYearLossUsd)} (the worst 1% of years average ${usd(iv.expectedShortfall99Usd)}); an aggregate limit of ${usd(iv.limitToCoverOneInHundredYearUsd)} would cover it. No policy was entered.`
        : `Your ${usd(iv.policyLimitUsd)} limit covers ${pct(iv.coveredShareOfOneInHundredYear)} of a 1-in-100 year (${usd(iv.oneInHundredYearLossUsd)}), leaving ${usd(iv.uncoveredInOneInHundredYearUsd)} with you; a limit of ${usd(iv.limitToCoverOneInHundredYearUsd)} would cover everything insurable that year.${worstYearsGap(iv)} On average the policy recovers ${usd(iv.expectedRecoveredAnnualUsd)} a year.`,
    figures: [
      computed('Loss of a 1-in-100 year (VaR 99)', iv.oneInHundredYearLossUsd, 'usd', 'nearest-rank P99 of annual loss'),
      computed('Limit that would cover a 1-in-100 year', iv.limitToCoverOneInHundredYearUsd, 'usd', 'the 1-in-100 year loss x the insurable share (after retention and coinsurance per incident) of the worst 1% of simulated years, pooled (ADR 266)'),
    ],
  };
}

/** The uninsured average of the worst 1% of years, when the stored result has it (3.1.0 on). */
function worstYearsGap(iv: RiskResult['insuranceView']): string {
  const gap = (iv as Partial<RiskResult['insuranceView']>).worstYearsUninsuredAverageUsd;
  return gap === undefined ? '' : ` In the worst 1% of years (average ${usd(iv.expectedShortfall99Usd)}) an average of ${usd(gap)} stays with you.`;
}

function explainUnknownAnswers(result: RiskResult): ExplanationStep | null {
  if (result.unknownFactors.length === 0) return null;
  return {
    id: 'unknownAnswers',
    title: 'Answers marked "I don\'t know"',
    text: `Each simulated year draws these factors' levels from how common each level is (ADR 101), which widens the range. Answered best or worst, the expected loss would be: ${result.unknownFactors
      .map((u) => `${getFactor(u.factorId).name} ${usd(u.expectedAnnualLossIfBestUsd)}-${usd(u.expectedAnnualLossIfWorstUsd)}`)
      .join('; ')}.`,
    figures: result.unknownFactors.map((u) => computed(`Expected loss if ${getFactor(u.factorId).name} were answered worst`, u.expectedAnnualLossIfWorstUsd, 'usd', 'same draws, this answer at worst')),
  };
}

function explainPopulation(result: RiskResult): ExplanationStep {
  const bridge = (result.parameterUncertainty as Partial<NonNullable<RiskResult['parameterUncertainty']>> | undefined)?.populationBridge;
  const range = result.parameterUncertainty?.expectedAnnualLossUsd;
  const bridgeText =
    bridge === undefined || range === undefined
      ? ''
      : ` ${POPULATION_BRIDGE_WORDS} Here IRIS's median incident at this revenue is ${usd(bridge.irisMedianUsd)} against the model's ${usd(bridge.modelMedianUsd)} at average answers (×${bridge.ratio.toFixed(1)}), so the expected loss's 80% range is ${usd(range.low)} to ${usd(range.high)} around ${usd(range.central)}.`;
  const bridgeFigures =
    bridge === undefined
      ? []
      : [
          computed('IRIS median loss per significant incident at this revenue', bridge.irisMedianUsd, 'usd', 'IRIS25 Table 1 band medians, ln-interpolated on log revenue between band centres (ADR 264)'),
          computed('Model median incident at average answers', bridge.modelMedianUsd, 'usd', 'median cost of one incident on the uncertainty pool, every answer average'),
          computed('Population bridge (top of the range)', bridge.ratio, 'multiplier', 'max(1, IRIS median / model median): the cost of an incident is drawn log-uniform between ×1 and this (ADR 264)'),
        ];
  return {
    id: 'population',
    title: 'What population this is calibrated to',
    text: `${result.calibrationPopulation} For comparison, IBM's average breach at organisations under 500 employees cost ${usd(CALIBRATION.ibmSmallOrgAverage2023.value)}.${bridgeText}`,
    figures: [sourced('insuredClaimMeanLt50m'), sourced('insuredClaimMean50mTo300m'), sourced('insuredClaimMean300mTo2b'), sourced('ibmSmallOrgAverage2023'), sourced('severityMedianLt100m'), ...bridgeFigures],
  };
}

/**
 * Explains a result: how frequency, severity, fines and ransom combine into
 * the ALE and percentiles, with every number traced to a calibration entry
 * (source or assumption) or to the formula that computed it.
 */
export function explain(result: RiskResult): Explanation {
  const steps = [
    explainFrequency(result),
    explainSeverity(result),
    explainFines(result),
    explainRansom(result),
    explainAnnualLoss(result),
    explainCostIfItHappens(result),
    explainRiskScore(result),
    explainAttribution(result),
    explainInsurance(result),
    explainUnknownAnswers(result),
    explainPopulation(result),
  ].filter((step): step is ExplanationStep => step !== null);
  const text = steps.map((st) => `${st.title}\n${st.text}`).join('\n\n');
  return { steps, text };
}
