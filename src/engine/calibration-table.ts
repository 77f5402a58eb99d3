import { assessRisk } from './assess-risk.ts';
import { CALIBRATION } from './calibration/calibration.ts';
import type { CalibrationKey } from './calibration/calibration.ts';
import { getIndustry } from './industries.ts';
import { LOSS_SCENARIOS } from './loss-scenarios.ts';
import type { IndustryId } from './industries.ts';
import { dispersionForRevenue, frequencyProbabilityForRevenue, negativeBinomialAtLeast2, negativeBinomialAtLeast3 } from './model-parameters.ts';
import type { RiskInput } from './risk-input.ts';
import type { RiskResult } from './risk-result.ts';
import { createDefaultRiskInput } from './sample-inputs.ts';

/** One row of the calibration table: a model figure next to the source it is checked against. */
export interface CalibrationTableRow {
  readonly id: string;
  readonly group: 'frequency' | 'severityByBand' | 'examples' | 'lossScenarios';
  /** Revenue band or profile the row describes. */
  readonly subject: string;
  readonly industry: IndustryId | null;
  readonly metric: string;
  readonly unit: 'usd' | 'probability';
  readonly modelValue: number;
  /** The source's central figure (null when the row only checks a range). */
  readonly sourceValue: number | null;
  /** Accepted range (inclusive) and how it was set. */
  readonly rangeLow: number;
  readonly rangeHigh: number;
  readonly rangeRule: string;
  readonly source: string;
  readonly isWithinRange: boolean;
}

/** Options of the table: the runs are deterministic for a given seed and iteration count. */
interface CalibrationTableOptions {
  readonly iterations?: number;
  readonly seed?: number;
}

const v = (key: CalibrationKey): number => CALIBRATION[key].value;
const ND25 = CALIBRATION.insuredClaimMeanLt50m.source;
const IRIS = CALIBRATION.severityMedianLt100m.source;

const FREQUENCY_TIERS: readonly { readonly label: string; readonly revenueUsd: number; readonly keys: readonly [CalibrationKey, CalibrationKey, CalibrationKey] }[] = [
  { label: 'Revenue < $10M', revenueUsd: Math.sqrt(1e6 * 1e7), keys: ['frequencyProbabilityLt10m', 'frequencyAtLeast2Lt10m', 'frequencyAtLeast3Lt10m'] },
  { label: 'Revenue $10M-$100M', revenueUsd: Math.sqrt(1e7 * 1e8), keys: ['frequencyProbability10mTo100m', 'frequencyAtLeast2For10mTo100m', 'frequencyAtLeast3For10mTo100m'] },
  { label: 'Revenue $100M-$1B', revenueUsd: Math.sqrt(1e8 * 1e9), keys: ['frequencyProbability100mTo1b', 'frequencyAtLeast2For100mTo1b', 'frequencyAtLeast3For100mTo1b'] },
  { label: 'Revenue $1B-$10B', revenueUsd: Math.sqrt(1e9 * 1e10), keys: ['frequencyProbability1bTo10b', 'frequencyAtLeast2For1bTo10b', 'frequencyAtLeast3For1bTo10b'] },
];

/** NetDiligence 2025 revenue bands, each checked at a typical member (revenue, headcount at ~$250K revenue per employee, assumption). */
const SEVERITY_BANDS: readonly { readonly label: string; readonly revenueUsd: number; readonly employees: number; readonly ndKey: CalibrationKey }[] = [
  { label: 'Revenue < $50M (at $5M, 20 staff)', revenueUsd: 5e6, employees: 20, ndKey: 'insuredClaimMeanLt50m' },
  { label: 'Revenue < $50M (at $20M, 80 staff)', revenueUsd: 20e6, employees: 80, ndKey: 'insuredClaimMeanLt50m' },
  { label: 'Revenue $50M-$300M (at $120M, 480 staff)', revenueUsd: 120e6, employees: 480, ndKey: 'insuredClaimMean50mTo300m' },
  { label: 'Revenue $300M-$2B (at $800M, 3,200 staff)', revenueUsd: 800e6, employees: 3_200, ndKey: 'insuredClaimMean300mTo2b' },
];
const BAND_INDUSTRIES: readonly IndustryId[] = ['healthcare', 'financialServices', 'manufacturing', 'other'];
/** Tolerance around the NetDiligence band mean (times the IBM industry multiplier): a factor of 2 either way. */
const BAND_MEAN_TOLERANCE = 2;
/** Frequency rows: within 10% of the IRIS figure (P(≥1) and P(≥2) are fitted exactly; P(≥3) is a check). */
const FREQUENCY_TOLERANCE = 0.1;

/** IRIS25 Table 1 medians at the centres of their revenue tiers. */
const IRIS_MEDIANS: readonly { readonly revenueUsd: number; readonly key: CalibrationKey }[] = [
  { revenueUsd: Math.sqrt(1e6 * 1e8), key: 'severityMedianLt100m' },
  { revenueUsd: Math.sqrt(1e8 * 1e9), key: 'severityMedian100mTo1b' },
  { revenueUsd: Math.sqrt(1e9 * 1e10), key: 'severityMedian1bTo10b' },
];

/** IRIS25 median loss per incident at this revenue, interpolated on log revenue and log loss between tier centres (flat outside). */
function irisMedianForRevenue(revenueUsd: number): number {
  const x = Math.log(revenueUsd);
  const first = IRIS_MEDIANS[0] as (typeof IRIS_MEDIANS)[number];
  if (x <= Math.log(first.revenueUsd)) return v(first.key);
  for (let i = 1; i < IRIS_MEDIANS.length; i++) {
    const hi = IRIS_MEDIANS[i] as (typeof IRIS_MEDIANS)[number];
    const lo = IRIS_MEDIANS[i - 1] as (typeof IRIS_MEDIANS)[number];
    if (x <= Math.log(hi.revenueUsd)) {
      const t = (x - Math.log(lo.revenueUsd)) / (Math.log(hi.revenueUsd) - Math.log(lo.revenueUsd));
      return Math.exp(Math.log(v(lo.key)) * (1 - t) + Math.log(v(hi.key)) * t);
    }
  }
  return v((IRIS_MEDIANS[IRIS_MEDIANS.length - 1] as (typeof IRIS_MEDIANS)[number]).key);
}

function row(r: Omit<CalibrationTableRow, 'isWithinRange'>): CalibrationTableRow {
  return { ...r, isWithinRange: r.modelValue >= r.rangeLow && r.modelValue <= r.rangeHigh };
}

function frequencyRows(): CalibrationTableRow[] {
  return FREQUENCY_TIERS.flatMap((tier) => {
    const p1 = frequencyProbabilityForRevenue(tier.revenueUsd);
    const r = dispersionForRevenue(tier.revenueUsd);
    const model = [p1, negativeBinomialAtLeast2(p1, r), negativeBinomialAtLeast3(p1, r)];
    return tier.keys.map((key, k) => {
      const source = v(key);
      return row({
        id: `frequency-${key}`,
        group: 'frequency',
        subject: tier.label,
        industry: null,
        metric: `P(≥${k + 1} incident${k === 0 ? '' : 's'}) a year`,
        unit: 'probability',
        modelValue: model[k] as number,
        sourceValue: source,
        rangeLow: source * (1 - FREQUENCY_TOLERANCE),
        rangeHigh: source * (1 + FREQUENCY_TOLERANCE),
        rangeRule: `IRIS figure ±${100 * FREQUENCY_TOLERANCE}%`,
        source: CALIBRATION[key].source,
      });
    });
  });
}

/**
 * The lowest median cost per incident consistent with a mean of `meanUsd` under the calibrated
 * spread: median = mean x exp(-sigma^2 / 2). A model median below it fails low (two-sided rows).
 */
function medianFloorOfMean(meanUsd: number): number {
  return meanUsd * Math.exp(-(v('incidentSigma') ** 2) / 2);
}

function severityRows(options: Required<CalibrationTableOptions>): CalibrationTableRow[] {
  return SEVERITY_BANDS.flatMap((band) =>
    BAND_INDUSTRIES.flatMap((industry) => {
      const result = assessRisk(createDefaultRiskInput(industry, band.employees, band.revenueUsd), { iterations: options.iterations, seed: options.seed, attribution: false });
      const multiplier = v(getIndustry(industry).severityKey);
      const nd = v(band.ndKey);
      const iris = irisMedianForRevenue(band.revenueUsd);
      return [
        row({
          id: `band-mean-${band.revenueUsd}-${industry}`,
          group: 'severityByBand',
          subject: band.label,
          industry,
          metric: 'Mean cost per incident, average posture',
          unit: 'usd',
          modelValue: result.costIfItHappens.meanUsd,
          sourceValue: nd,
          rangeLow: nd / BAND_MEAN_TOLERANCE,
          rangeHigh: nd * BAND_MEAN_TOLERANCE * multiplier,
          rangeRule: `NetDiligence band mean ÷${BAND_MEAN_TOLERANCE} to ×${BAND_MEAN_TOLERANCE} × IBM industry multiplier ${multiplier}`,
          source: CALIBRATION[band.ndKey].source,
        }),
        row({
          id: `band-median-${band.revenueUsd}-${industry}`,
          group: 'severityByBand',
          subject: band.label,
          industry,
          metric: 'Median cost per incident, average posture',
          unit: 'usd',
          modelValue: result.costIfItHappens.percentilesUsd.p50,
          sourceValue: iris,
          rangeLow: medianFloorOfMean(nd / BAND_MEAN_TOLERANCE),
          rangeHigh: iris * multiplier,
          rangeRule: `from the median of a lognormal with the calibrated sigma ${v('incidentSigma')} whose mean is the NetDiligence band mean ÷${BAND_MEAN_TOLERANCE} (lower: the mean could not reach the claims), up to the IRIS median of reported-scale incidents at this revenue (tiers interpolated on log scale) × IBM industry multiplier`,
          source: `${IRIS}; ${CALIBRATION[band.ndKey].source}`,
        }),
      ];
    }),
  );
}

/** A profile whose per-incident figures must fall inside the sources' range. */
export interface CalibrationExample {
  readonly label: string;
  readonly input: RiskInput;
}

/** The mean and median per incident of an example against the range the sources span for its size. */
function exampleRows(examples: readonly CalibrationExample[], options: Required<CalibrationTableOptions>): CalibrationTableRow[] {
  return examples.flatMap(({ label, input }) => {
    const result: RiskResult = assessRisk(input, { iterations: options.iterations, seed: options.seed, attribution: false });
    const revenue = input.organisation.annualRevenueUsd;
    const ndKey: CalibrationKey = revenue < 50e6 ? 'insuredClaimMeanLt50m' : revenue < 300e6 ? 'insuredClaimMean50mTo300m' : 'insuredClaimMean300mTo2b';
    const nd = v(ndKey);
    const ibmSmall = v('ibmSmallOrgAverage2023');
    const irisShare = v('lossShareOfRevenueP50') * revenue;
    const irisMedian = irisMedianForRevenue(revenue) * v(getIndustry(input.organisation.industry).severityKey);
    return [
      row({
        id: `example-mean-${label}`,
        group: 'examples',
        subject: label,
        industry: input.organisation.industry,
        metric: 'Mean cost per incident',
        unit: 'usd',
        modelValue: result.costIfItHappens.meanUsd,
        sourceValue: null,
        rangeLow: nd / BAND_MEAN_TOLERANCE,
        rangeHigh: Math.max(ibmSmall, nd * BAND_MEAN_TOLERANCE),
        rangeRule: `NetDiligence band mean ($${Math.round(nd / 1000)}K) ÷${BAND_MEAN_TOLERANCE} up to IBM's average breach under 500 employees ($3.31M)`,
        source: `${ND25}; ${CALIBRATION.ibmSmallOrgAverage2023.source}`,
      }),
      row({
        id: `example-median-${label}`,
        group: 'examples',
        subject: label,
        industry: input.organisation.industry,
        metric: 'Median cost per incident',
        unit: 'usd',
        modelValue: result.costIfItHappens.percentilesUsd.p50,
        sourceValue: null,
        rangeLow: Math.min(irisShare, irisMedian) / 2,
        rangeHigh: Math.max(irisShare, irisMedian),
        rangeRule: `IRIS median share of revenue (0.65% = $${Math.round(irisShare / 1000)}K) ÷2 up to the IRIS median for the revenue tier × IBM industry multiplier ($${Math.round(irisMedian / 1000)}K)`,
        source: `${IRIS}; ${CALIBRATION.lossShareOfRevenueP50.source}`,
      }),
    ];
  });
}

/** The $2M, 15-person firm the issue names (professional services, 2,000 client records). */
export const SMALL_FIRM_EXAMPLE: CalibrationExample = {
  label: '$2M, 15-person firm',
  input: { ...createDefaultRiskInput('professionalServices', 15, 2_000_000), organisation: { ...createDefaultRiskInput('professionalServices', 15, 2_000_000).organisation, records: { personal: 2_000, health: 0, paymentCard: 0, consumerFinancial: 0 } } },
};

/** A medical practice at $1M, $2M and $5M revenue (7.5 staff and 2,500 patients per $1M, assumption): the hardest small case, records and HIPAA. */
const SMALL_PRACTICES: readonly CalibrationExample[] = [1e6, 2e6, 5e6].map((revenue) => {
  const millions = revenue / 1e6;
  const base = createDefaultRiskInput('healthcare', Math.round(7.5 * millions), revenue);
  const people = 2_500 * millions;
  return { label: `$${millions}M medical practice, ${people.toLocaleString('en-US')} patients`, input: { ...base, organisation: { ...base.organisation, records: { ...base.organisation.records, health: people, personal: people } } } };
});

/** The median incident of a $1-5M firm as a share of revenue, against the published range (ADR 213). */
function smallFirmShareRows(options: Required<CalibrationTableOptions>): CalibrationTableRow[] {
  const low = CALIBRATION.smallFirmMedianLossShareLow;
  const high = CALIBRATION.smallFirmMedianLossShareHigh;
  return SMALL_PRACTICES.map(({ label, input }) => {
    const result = assessRisk(input, { iterations: options.iterations, seed: options.seed, attribution: false });
    return row({
      id: `small-firm-share-${input.organisation.annualRevenueUsd}`,
      group: 'examples',
      subject: label,
      industry: input.organisation.industry,
      metric: 'Median cost per incident, share of revenue',
      unit: 'probability',
      modelValue: result.costIfItHappens.percentilesUsd.p50 / input.organisation.annualRevenueUsd,
      sourceValue: null,
      rangeLow: low.value,
      rangeHigh: high.value,
      rangeRule: `published range for $1-5M revenue: ${100 * low.value}% (IRIS 2025 median share, all sizes) to ${100 * high.value}% (not material)`,
      source: `${low.source}; ${high.source}`,
    });
  });
}

/** The reference member of the NetDiligence < $50M band the scenario rows are read at (average answers). */
const SCENARIO_REFERENCE = { label: 'Revenue < $50M (at $20M, 80 staff, 20,000 records)', input: { ...createDefaultRiskInput('other', 80, 20e6), organisation: { ...createDefaultRiskInput('other', 80, 20e6).organisation, records: { personal: 20_000, health: 0, paymentCard: 0, consumerFinancial: 0 } } } };

/**
 * Per named loss scenario (ADR 223): its share of incidents as simulated against the share it is
 * given, and its mean cost per incident against the NetDiligence SME mean for that cause (x/÷2,
 * as the band means). The severity structure is spelled out in the rule.
 */
function lossScenarioRows(options: Required<CalibrationTableOptions>): CalibrationTableRow[] {
  const result = assessRisk(SCENARIO_REFERENCE.input, { iterations: options.iterations, seed: options.seed, attribution: false });
  const incidentsPerYear = result.costIfItHappens.eventCount / result.iterations;
  return LOSS_SCENARIOS.flatMap((s, i) => {
    const scenario = result.lossScenarios[i];
    if (scenario === undefined) return [];
    const share = s.frequencyShare.value;
    // Expected incidents of this scenario a year at average answers, over the incidents of the whole pool.
    const simulatedShare = scenario.expectedAnnualLossUsd > 0 || scenario.annualProbability > 0 ? -Math.log(1 - scenario.annualProbability) / Math.max(1e-12, -Math.log(1 - result.probabilityOfAnyEvent)) : 0;
    const meanCost = scenario.annualProbability > 0 ? scenario.expectedAnnualLossUsd / (incidentsPerYear * share) : 0;
    const structure = `core (response + interruption) weight ${s.coreCostWeight.value}, interruption ${Math.round(100 * s.interruptionShare.value)}% of it; records exposure weight ${s.recordsExposureWeight.value}; fine weight ${s.fineWeight.value}; ${s.hasRansom ? 'ransom at the pay rate' : 'no ransom'}`;
    return [
      row({
        id: `loss-scenario-share-${s.id}`,
        group: 'lossScenarios',
        subject: s.label,
        industry: null,
        metric: 'Share of incidents (years with one, relative to years with any)',
        unit: 'probability',
        modelValue: simulatedShare,
        sourceValue: share,
        rangeLow: share * 0.8,
        rangeHigh: share * 1.2,
        rangeRule: `the share given ±20% (counted from the chance of at least one such incident a year, at ${SCENARIO_REFERENCE.label})`,
        source: s.frequencyShare.source,
      }),
      row({
        id: `loss-scenario-mean-${s.id}`,
        group: 'lossScenarios',
        subject: s.label,
        industry: null,
        metric: 'Mean cost per incident',
        unit: 'usd',
        modelValue: meanCost,
        sourceValue: s.relativeMeanCostUsd.value,
        rangeLow: s.relativeMeanCostUsd.value / BAND_MEAN_TOLERANCE,
        rangeHigh: s.relativeMeanCostUsd.value * BAND_MEAN_TOLERANCE,
        rangeRule: `the SME mean for the cause ×/÷${BAND_MEAN_TOLERANCE} at ${SCENARIO_REFERENCE.label}; structure: ${structure}`,
        source: s.relativeMeanCostUsd.source,
      }),
    ];
  });
}

/** Default runs of the table: 200,000 years, seed 1 (deterministic). */
const CALIBRATION_TABLE_DEFAULTS: Required<CalibrationTableOptions> = { iterations: 200_000, seed: 1 };

/**
 * The calibration table of the methodology page, computed from the engine
 * itself: frequency per IRIS tier, cost per incident per
 * NetDiligence band and industry, and the given examples against the range
 * the sources span. `scripts/calibration-table.ts` writes it for the page and
 * a test recomputes it, so the page cannot drift from the engine.
 */
export function buildCalibrationTable(examples: readonly CalibrationExample[], options: CalibrationTableOptions = {}): CalibrationTableRow[] {
  const o = { ...CALIBRATION_TABLE_DEFAULTS, ...options };
  return [...frequencyRows(), ...severityRows(o), ...exampleRows(examples, o), ...smallFirmShareRows(o), ...lossScenarioRows(o)];
}
