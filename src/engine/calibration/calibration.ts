/**
 * Calibration data as code: every number the risk model uses, with its
 * source (short keys as in docs/methodology.md ("Who it is calibrated on")) or an assumption flag.
 * Entries with a `jsonPath` are checked against `calibration-source.json`
 * (a copy of shared/guides/calibration.json) by `calibration.test.ts`.
 */

/** Units a calibration value can be in. */
export type CalibrationUnit = 'usd' | 'probability' | 'ratio' | 'multiplier' | 'count' | 'months' | 'employees';

/** One sourced number, in the shape the methodology page renders. */
export interface CalibrationEntry {
  readonly key: string;
  readonly label: string;
  readonly value: number;
  readonly unit: CalibrationUnit;
  /** Where the number comes from (report, page/figure, transcription) or why it was chosen. */
  readonly source: string;
  /** Our own choice, with no source behind it. */
  readonly isAssumption: boolean;
  /** Arithmetic on sourced numbers (the formula is in `source`). */
  readonly isDerived: boolean;
  /** Dotted path of the same number in calibration.json, when it is there. */
  readonly jsonPath?: string;
}

type EntryDraft = Omit<CalibrationEntry, 'key' | 'isAssumption' | 'isDerived'> & {
  readonly isAssumption?: boolean;
  readonly isDerived?: boolean;
};

const IBM23 = 'IBM/Ponemon Cost of a Data Breach Report 2023';
const IBM24 = 'IBM/Ponemon Cost of a Data Breach Report 2024';
const IBM25 = 'IBM/Ponemon Cost of a Data Breach Report 2025';
const IRIS25 = "Cyentia IRIS 2025 'It's About Time' (transcribed in yasirhamza/idraa fair_cam/data/iris_2025.py)";
const DBIR25 = 'Verizon DBIR 2025 (via press coverage: gbhackers.com, halcyon.ai, cyberinsurancenews.org)';
const ND25 = 'NetDiligence Cyber Claims Study 2025 V1.1 (transcribed in yasirhamza/idraa netdiligence_2025.md)';
const MMC23 = "Marsh McLennan Cyber Risk Analytics Center, 'Using data to prioritize cybersecurity investments', Apr 2023 (press coverage)";

const TABLE = {
  // Frequency (docs/methodology.md)
  frequencyProbabilityLt10m: { label: 'Annual P(≥1 significant incident), revenue < $10M', value: 0.0748, unit: 'probability', source: `${IRIS25} member-vault table`, jsonPath: 'frequency.iris_annual_probability_by_revenue_2024.value.lt_10m.at_least_1' },
  frequencyProbability10mTo100m: { label: 'Annual P(≥1 significant incident), revenue $10M-$100M', value: 0.0838, unit: 'probability', source: `${IRIS25} member-vault table`, jsonPath: 'frequency.iris_annual_probability_by_revenue_2024.value.10m_100m.at_least_1' },
  frequencyProbability100mTo1b: { label: 'Annual P(≥1 significant incident), revenue $100M-$1B', value: 0.0999, unit: 'probability', source: `${IRIS25} member-vault table`, jsonPath: 'frequency.iris_annual_probability_by_revenue_2024.value.100m_1b.at_least_1' },
  frequencyProbability1bTo10b: { label: 'Annual P(≥1 significant incident), revenue ≥ $1B', value: 0.1513, unit: 'probability', source: `${IRIS25} member-vault table (also used above $10B)`, jsonPath: 'frequency.iris_annual_probability_by_revenue_2024.value.1b_10b.at_least_1' },
  frequencyProbabilityTypicalOrg: { label: 'Annual P(≥1 incident), typical organisation 2024', value: 0.093, unit: 'probability', source: `${IRIS25} Fig 6`, jsonPath: 'frequency.iris_annual_probability_typical_org_2024.value' },
  frequencyIndustryManufacturing: { label: 'Annual P(≥1 incident), manufacturing', value: 0.112, unit: 'probability', source: `${IRIS25} Fig 8`, jsonPath: 'frequency.iris_annual_probability_by_industry_2024.value.manufacturing' },
  frequencyIndustryHealthcare: { label: 'Annual P(≥1 incident), healthcare', value: 0.091, unit: 'probability', source: `${IRIS25} Fig 8`, jsonPath: 'frequency.iris_annual_probability_by_industry_2024.value.healthcare' },
  frequencyIndustryFinancial: { label: 'Annual P(≥1 incident), financial services', value: 0.068, unit: 'probability', source: `${IRIS25} Fig 8`, jsonPath: 'frequency.iris_annual_probability_by_industry_2024.value.financial' },
  frequencyIndustryProfessional: { label: 'Annual P(≥1 incident), professional services', value: 0.089, unit: 'probability', source: `${IRIS25} Fig 8 (member-vault sector)`, jsonPath: 'frequency.iris_annual_probability_by_industry_2024.value.professional' },
  frequencyIndustryRetail: { label: 'Annual P(≥1 incident), retail', value: 0.073, unit: 'probability', source: `${IRIS25} Fig 8`, jsonPath: 'frequency.iris_annual_probability_by_industry_2024.value.retail' },
  frequencyIndustryInformation: { label: 'Annual P(≥1 incident), information sector (used for technology)', value: 0.084, unit: 'probability', source: `${IRIS25} Fig 8; mapping technology → IRIS "information" is an assumption`, jsonPath: 'frequency.iris_annual_probability_by_industry_2024.value.information' },
  frequencyIndustryPublic: { label: 'Annual P(≥1 incident), public sector', value: 0.109, unit: 'probability', source: `${IRIS25} Fig 8`, jsonPath: 'frequency.iris_annual_probability_by_industry_2024.value.public' },
  negativeBinomialDispersion: { label: 'Negative binomial dispersion (size r) of annual incident counts', value: 0.262, unit: 'ratio', source: `${IRIS25} (Cyentia frequency-modelling article example fit; mu 0.088)`, jsonPath: 'frequency.negative_binomial_dispersion_size.value' },
  // Severity (docs/methodology.md)
  severityMedianLt100m: { label: 'Median loss per incident, revenue < $100M', value: 357_000, unit: 'usd', source: `${IRIS25} Table 1 (2024 dollars)`, jsonPath: 'severity.iris_loss_by_revenue_2024.value.lt_100m.p50' },
  severityMedian100mTo1b: { label: 'Median loss per incident, revenue $100M-$1B', value: 466_700, unit: 'usd', source: `${IRIS25} Table 1`, jsonPath: 'severity.iris_loss_by_revenue_2024.value.100m_1b.p50' },
  severityMedian1bTo10b: { label: 'Median loss per incident, revenue $1B-$10B', value: 1_800_000, unit: 'usd', source: `${IRIS25} Table 1`, jsonPath: 'severity.iris_loss_by_revenue_2024.value.1b_10b.p50' },
  severityMedianGt10b: { label: 'Median loss per incident, revenue > $10B', value: 2_200_000, unit: 'usd', source: `${IRIS25} Table 1`, jsonPath: 'severity.iris_loss_by_revenue_2024.value.gt_10b.p50' },
  severitySigmaLt100m: { label: 'Lognormal sigma of loss per incident, revenue < $100M', value: 1.969, unit: 'ratio', source: `derived from ${IRIS25}: ln(9.1M/357K)/1.645`, isDerived: true, jsonPath: 'severity.lognormal_sigma_lt_100m.value' },
  severitySigma100mTo1b: { label: 'Lognormal sigma of loss per incident, revenue $100M-$1B', value: 1.987, unit: 'ratio', source: `derived from ${IRIS25}: ln(12.3M/466.7K)/1.645`, isDerived: true, jsonPath: 'severity.lognormal_sigma_100m_1b.value' },
  severitySigma1bTo10b: { label: 'Lognormal sigma of loss per incident, revenue $1B-$10B', value: 2.15, unit: 'ratio', source: `derived from ${IRIS25} Table 1: ln(61.8M/1.8M)/1.645`, isDerived: true },
  severitySigmaGt10b: { label: 'Lognormal sigma of loss per incident, revenue > $10B', value: 2.915, unit: 'ratio', source: `derived from ${IRIS25} Table 1: ln(266.2M/2.2M)/1.645`, isDerived: true },
  industrySeverityHealthcare: { label: 'Industry severity multiplier, healthcare', value: 1.84, unit: 'multiplier', source: `derived from ${IBM24} and ${IBM25}: mean(9.77/4.88, 7.42/4.44)`, isDerived: true, jsonPath: 'breach_cost_baselines.industry_severity_multiplier.healthcare.value' },
  industrySeverityFinancial: { label: 'Industry severity multiplier, financial services', value: 1.25, unit: 'multiplier', source: `derived from ${IBM24}: 6.08/4.88`, isDerived: true, jsonPath: 'breach_cost_baselines.industry_severity_multiplier.financial.value' },
  industrySeverityManufacturing: { label: 'Industry severity multiplier, manufacturing', value: 1.1, unit: 'multiplier', source: `derived from ${IBM23} and ${IBM24}: mean(4.73/4.45, 5.56/4.88)`, isDerived: true, jsonPath: 'breach_cost_baselines.industry_severity_multiplier.manufacturing.value' },
  industrySeverityOther: { label: 'Industry severity multiplier, other industries (all-industry average)', value: 1, unit: 'multiplier', source: 'assumption: all-industry average; IBM industry figures for these sectors are not in calibration.json yet', isAssumption: true, jsonPath: 'breach_cost_baselines.industry_severity_multiplier.other.value' },
  perEventCapRevenueMultiple: { label: 'Cap on the total loss of one incident (response, interruption, records, fines and ransom), as a multiple of annual revenue', value: 1.5, unit: 'multiplier', source: `assumption informed by ${IRIS25} Fig 11 (p95 loss = 117% of revenue)`, isAssumption: true, jsonPath: 'severity.per_event_cap_multiple_of_revenue.value' },
  costShareDetection: { label: 'Share of breach cost: detection & escalation', value: 0.331, unit: 'ratio', source: `derived from ${IBM25} cost components (1.47M / 4.44M)`, isDerived: true, jsonPath: 'breach_cost_baselines.cost_categories.model_shares.value.detection_escalation' },
  costShareNotification: { label: 'Share of breach cost: notification', value: 0.088, unit: 'ratio', source: `derived from ${IBM25} cost components (0.39M / 4.44M)`, isDerived: true, jsonPath: 'breach_cost_baselines.cost_categories.model_shares.value.notification' },
  costSharePostBreach: { label: 'Share of breach cost: post-breach response', value: 0.27, unit: 'ratio', source: `derived from ${IBM25} cost components (1.20M / 4.44M)`, isDerived: true, jsonPath: 'breach_cost_baselines.cost_categories.model_shares.value.post_breach_response' },
  costShareLostBusiness: { label: 'Share of breach cost: lost business', value: 0.311, unit: 'ratio', source: `derived from ${IBM25} cost components (1.38M / 4.44M)`, isDerived: true, jsonPath: 'breach_cost_baselines.cost_categories.model_shares.value.lost_business' },
  ransomwareShareSmb: { label: 'Share of SMB breaches involving ransomware (sets the 2.0 expected ransom per incident that model 3.0 keeps, ADR 223)', value: 0.88, unit: 'probability', source: DBIR25, jsonPath: 'severity.ransom_component.value.p_ransomware_event' },
  ransomPayRate: { label: 'Share of ransomware victims who pay (P(ransom) within the ransomware scenario, ADR 223)', value: 0.36, unit: 'probability', source: `${DBIR25} (64% did not pay)`, jsonPath: 'severity.ransom_component.value.p_pay' },
  ransomMedian: { label: 'Median ransom paid', value: 115_000, unit: 'usd', source: DBIR25, jsonPath: 'severity.ransom_component.value.median' },
  ransomSigma: { label: 'Lognormal sigma of ransom paid in model 2.0 (3.0 widens it so the expected ransom per incident is kept while a ransom is paid in ransomware only, ADR 223)', value: 1, unit: 'ratio', source: 'assumption; the 3.0 sigma (about 1.69) is checked against Coveware Quarterly Ransomware Report Q4 2024 (mean payment $553,959 / median $110,890 = 5.0, lognormal sigma 1.79)', isAssumption: true, jsonPath: 'severity.ransom_component.value.sigma' },
  // Risk model 2.0: frequency dispersion per revenue tier (ADR 100)
  frequencyAtLeast2Lt10m: { label: 'Annual P(≥2 incidents), revenue < $10M', value: 0.0083, unit: 'probability', source: `${IRIS25} member-vault table`, jsonPath: 'frequency.iris_annual_probability_by_revenue_2024.value.lt_10m.at_least_2' },
  frequencyAtLeast2For10mTo100m: { label: 'Annual P(≥2 incidents), revenue $10M-$100M', value: 0.0125, unit: 'probability', source: `${IRIS25} member-vault table`, jsonPath: 'frequency.iris_annual_probability_by_revenue_2024.value.10m_100m.at_least_2' },
  frequencyAtLeast2For100mTo1b: { label: 'Annual P(≥2 incidents), revenue $100M-$1B', value: 0.0194, unit: 'probability', source: `${IRIS25} member-vault table`, jsonPath: 'frequency.iris_annual_probability_by_revenue_2024.value.100m_1b.at_least_2' },
  frequencyAtLeast2For1bTo10b: { label: 'Annual P(≥2 incidents), revenue $1B-$10B', value: 0.0454, unit: 'probability', source: `${IRIS25} member-vault table`, jsonPath: 'frequency.iris_annual_probability_by_revenue_2024.value.1b_10b.at_least_2' },
  frequencyAtLeast3Lt10m: { label: 'Annual P(≥3 incidents), revenue < $10M (calibration check)', value: 0.001, unit: 'probability', source: `${IRIS25} member-vault table`, jsonPath: 'frequency.iris_annual_probability_by_revenue_2024.value.lt_10m.at_least_3' },
  frequencyAtLeast3For10mTo100m: { label: 'Annual P(≥3 incidents), revenue $10M-$100M (calibration check)', value: 0.0021, unit: 'probability', source: `${IRIS25} member-vault table`, jsonPath: 'frequency.iris_annual_probability_by_revenue_2024.value.10m_100m.at_least_3' },
  frequencyAtLeast3For100mTo1b: { label: 'Annual P(≥3 incidents), revenue $100M-$1B (calibration check)', value: 0.0043, unit: 'probability', source: `${IRIS25} member-vault table`, jsonPath: 'frequency.iris_annual_probability_by_revenue_2024.value.100m_1b.at_least_3' },
  frequencyAtLeast3For1bTo10b: { label: 'Annual P(≥3 incidents), revenue $1B-$10B (calibration check)', value: 0.0156, unit: 'probability', source: `${IRIS25} member-vault table`, jsonPath: 'frequency.iris_annual_probability_by_revenue_2024.value.1b_10b.at_least_3' },
  // Risk model 2.0: severity built from the firm's own inputs (ADR 100)
  incidentSigma: { label: 'Lognormal sigma of response, forensics and business interruption per incident', value: 1.58, unit: 'ratio', source: `derived from ${ND25} Table 3 (revenue < $50M: mean $142K, max $10.4M over n = 4,009 claims): solve 3.48 sigma - sigma^2/2 = ln(10.4M/142K), 3.48 = z at 1 - 1/4,009`, isDerived: true },
  responseBaseUsd: { label: 'Incident response & forensics per incident, fixed part (median, average posture)', value: 10_000, unit: 'usd', source: `assumption: smallest retained IR/forensics engagement; with the two rows below it is fitted so the model mean per incident matches ${ND25} Table 3 band means (ADR 100)`, isAssumption: true },
  responsePerEmployeeUsd: { label: 'Incident response & forensics per incident, per employee at the reference headcount (median, average posture)', value: 120, unit: 'usd', source: `assumption: scope of investigation and rebuild grows with endpoints; fitted to ${ND25} band means (ADR 100)`, isAssumption: true },
  responseReferenceEmployees: { label: 'Headcount at which the per-employee response cost applies in full', value: 100, unit: 'employees', source: 'assumption (middle of the 10-500 calibrated range, ADR 100)', isAssumption: true },
  responseEmployeeExponent: { label: 'Response & forensics grow as (employees / reference)^b', value: 0.7, unit: 'ratio', source: 'assumption: investigation and rebuild scale with endpoints, with economies of scale (ADR 100)', isAssumption: true },
  interruptionRevenueExponent: { label: 'Business interruption grows as (revenue / reference)^b', value: 0.7, unit: 'ratio', source: `assumption: larger firms lose a smaller share of revenue per incident (${IRIS25} Fig 11: 0.65% of revenue at the median, all sizes; ADR 100)`, isAssumption: true },
  businessInterruptionRevenueShare: { label: 'Business interruption and lost business per incident, share of annual revenue at the reference revenue ($25M; median, average posture)', value: 0.0008, unit: 'ratio', source: `assumption (about 7 hours of revenue at the median; the lognormal tail reaches weeks); fitted to ${ND25} band means and checked against ${IRIS25} Fig 11 (median loss 0.65% of revenue, all sizes) (ADR 100)`, isAssumption: true },
  lossShareOfRevenueP50: { label: 'Median loss per incident as a share of revenue, all sizes (cross-check)', value: 0.0065, unit: 'ratio', source: `${IRIS25} Fig 11`, jsonPath: 'severity.iris_loss_pct_revenue_2024.value.p50' },
  perRecordCostAverage: { label: 'Average cost per breached record (all cost centres)', value: 169, unit: 'usd', source: `${IBM24} (per-record cost)`, jsonPath: 'breach_cost_baselines.per_record_cost.2024_average.value' },
  recordDrivenCostShare: { label: 'Share of the per-record cost driven by record counts (notification, credit monitoring, regulatory response)', value: 0.223, unit: 'ratio', source: `derived from ${IBM25} cost components: notification 8.8% + half of post-breach response 27.0% (the half is an assumption: the other half is legal and fines, modelled per regime)`, isDerived: true, isAssumption: true },
  recordCostReferenceRecords: { label: 'Breach size at which the per-record cost applies (records)', value: 15_400, unit: 'count', source: `derived from ${IBM24}: geometric mean of the sample's breach sizes sqrt(2,100 x 113,000)`, isDerived: true },
  recordCostScaleExponent: { label: 'Economies of scale: record-driven cost grows as records^b', value: 0.85, unit: 'ratio', source: 'assumption: per-record costs fall with breach size in every source (IBM mega-breach studies, insurance claims); b < 1 (ADR 100)', isAssumption: true },
  recordExposureProbability: { label: 'P(an incident exposes personal records)', value: 0.5, unit: 'probability', source: `assumption: ${ND25} SME causes are split between data exposure (hacker, privacy) and funds/ransomware events without exfiltration (ADR 100)`, isAssumption: true },
  paymentCardRecordWeight: { label: 'Cost weight of a payment-card record relative to a personal/health/financial record', value: 0.3, unit: 'ratio', source: 'assumption: card reissue costs less than identity notification and credit monitoring (ADR 100)', isAssumption: true },
  sizeScalingReferenceRevenueUsd: { label: 'Revenue at which fines and ransoms take their source medians', value: 25_000_000, unit: 'usd', source: 'assumption: typical firm of the DBIR/IBM SMB samples (ADR 100)', isAssumption: true },
  sizeScalingExponent: { label: 'Fines and ransoms scale as (revenue / reference)^b', value: 0.3, unit: 'ratio', source: 'assumption: demands and settlements grow with the victim, much slower than revenue (ADR 100)', isAssumption: true },
  // Risk model 3.0: the small end of the size scale (ADR 213)
  smallFirmKneeRevenueUsd: { label: 'Revenue below which records costs, fines and ransoms shrink with the firm (small-firm scale)', value: 10_000_000, unit: 'usd', source: `assumption: the top of ${IRIS25}'s smallest revenue tier (< $10M); at and above it the scale is 1, so larger firms keep their figures (ADR 213)`, isAssumption: true },
  smallFirmScaleExponent: { label: 'Below that revenue, records costs, fines and ransoms scale as (revenue / $10M)^b', value: 0.7, unit: 'ratio', source: 'assumption: the exponent business interruption already uses; small firms buy notification at vendor rates, regulators weigh the entity\'s size and financial condition (45 CFR 160.408), extortion demands follow the victim\'s revenue; chosen so a $1-5M firm\'s median incident lies in the published range below (ADR 213)', isAssumption: true },
  smallFirmMedianLossShareLow: { label: 'Published range, median cost of one incident as a share of revenue, $1-5M revenue: low end', value: 0.0065, unit: 'ratio', source: `${IRIS25} Fig 11 (median loss 0.65% of revenue, all sizes): a floor for small firms, whose losses are a larger share of revenue (Table 1 medians grow far slower than revenue) (ADR 213)`, jsonPath: 'severity.iris_loss_pct_revenue_2024.value.p50' },
  smallFirmMedianLossShareHigh: { label: 'Published range, median cost of one incident as a share of revenue, $1-5M revenue: high end', value: 0.05, unit: 'ratio', source: "Cyentia IRIS 20/20 on SMB impacts ('small firms have rare, but disproportionate losses … most of the time, losses are not material'; Baker, Black Hat USA 2020) read with the 5% materiality rule of thumb of SEC Staff Accounting Bulletin No. 99: the median incident of a small firm stays under 5% of revenue (ADR 213)" },
  finePerRegimeProbability: { label: 'P(fine under one applicable regime | incident)', value: 0.1835, unit: 'probability', source: `derived from ${IBM24} (one third of breached organisations fined): 1 - (2/3)^(1/2), so a firm under two regimes (the typical case, assumption) is fined with probability 1/3; regimes are independent (ADR 100)`, isDerived: true, isAssumption: true },
  regimePhaseInRecords: { label: 'Records of a regulated type at which that regime\'s fine takes its full probability (linear phase-in below)', value: 500, unit: 'count', source: 'the notification thresholds regulators act on: HIPAA breaches of 500 or more individuals are reported to HHS within 60 days and investigated, smaller ones logged once a year (45 CFR 164.408); the FTC Safeguards Rule notice threshold is 500 consumers (16 CFR 314.4(j), 2024); the linear ramp below it is an assumption (ADR 265)', isAssumption: true },
  insuredClaimMean300mTo2b: { label: 'Typical insured claim (mean), revenue $300M-$2B (cross-check)', value: 2_000_000, unit: 'usd', source: `${ND25} Table 3 p.52`, jsonPath: 'severity.netdiligence_mean_by_revenue.value.300m_2b.mean' },
  // Risk model 2.0: precision (ADR 102) and unknown answers (ADR 101)
  precisionTargetStandard: { label: 'Target standard error of the expected loss, standard runs (share of the expected loss)', value: 0.01, unit: 'ratio', source: 'risk model 2.0 issue: SE ≤ 1% of the expected loss by default', isAssumption: true },
  precisionTargetBoard: { label: 'Target standard error of the expected loss, board reports', value: 0.005, unit: 'ratio', source: 'assumption: half the standard target (ADR 102)', isAssumption: true },
  maxIterationsStandard: { label: 'Iteration budget, standard runs (simulated years)', value: 2_000_000, unit: 'count', source: 'assumption: about 0.5 s of engine time on a 2-core machine (ADR 102)', isAssumption: true },
  maxIterationsBoard: { label: 'Iteration budget, board reports (simulated years)', value: 8_000_000, unit: 'count', source: 'assumption: about 2 s of engine time on a 2-core machine (ADR 102)', isAssumption: true },
  assumedPrevalenceSeverityControls: { label: 'Prevalence of the best level of a severity-only factor (unknown answers)', value: 0.5, unit: 'probability', source: 'assumption consistent with the symmetric best/worst split around the population average (docs/methodology.md rule 2; ADR 101)', isAssumption: true },
  // Regulatory fines (docs/methodology.md)
  fineProbability: { label: 'P(regulatory fine | breach of regulated data)', value: 0.333, unit: 'probability', source: `${IBM24} 'Reporting the breach and regulatory fines' (piiano.com summary)`, jsonPath: 'regulatory.ibm_2024_fines.value.share_paying_fines' },
  fineMedian: { label: 'Median regulatory fine', value: 124_000, unit: 'usd', source: `derived from ${IBM24} fine bands: P(<50K)=0.19, P(>250K)=0.25`, isDerived: true, jsonPath: 'regulatory.fine_lognormal_fit.value.median' },
  fineSigma: { label: 'Lognormal sigma of regulatory fines', value: 1.04, unit: 'ratio', source: `derived from ${IBM24} fine bands: (ln 250K - ln 50K)/(0.674 + 0.878)`, isDerived: true, jsonPath: 'regulatory.fine_lognormal_fit.value.sigma' },
  fineProbabilityMultiplierNonCompliant: { label: 'Fine probability multiplier, known non-compliance (A4 worst)', value: 1.5, unit: 'multiplier', source: 'assumption', isAssumption: true, jsonPath: 'regulatory.fine_probability_multiplier.value.known_noncompliance' },
  fineProbabilityMultiplierCompliant: { label: 'Fine probability multiplier, compliant & evidenced (A4 best)', value: 0.75, unit: 'multiplier', source: 'assumption', isAssumption: true, jsonPath: 'regulatory.fine_probability_multiplier.value.compliant_evidenced' },
  hipaaAnnualCap: { label: 'HIPAA calendar-year cap per identical provision', value: 2_134_831, unit: 'usd', source: 'HHS civil money penalty inflation adjustment effective 2024-08-08, 45 CFR 160.404 (hipaatimes.com summary)', jsonPath: 'regulatory.hipaa_2024.value.calendar_year_cap' },
  hipaaDiscretionCapTier2: { label: 'HIPAA OCR enforcement-discretion annual cap, tier 2 (used when compliant & evidenced)', value: 100_000, unit: 'usd', source: 'OCR 2019 Notice of Enforcement Discretion; applying the tier-2 cap when A4 is "compliant" is an assumption', isAssumption: true, jsonPath: 'regulatory.hipaa_2024.value.ocr_2019_discretion_annual_caps.tier2' },
  glbaPerViolationCap: { label: 'GLBA penalty cap per violation (institution)', value: 100_000, unit: 'usd', source: 'Commonly cited GLBA penalties (remotedatabackups.com, baisecurity.net); verify with counsel', jsonPath: 'regulatory.glba.value.institution_per_violation_max' },
  pciMonthlyFineMin: { label: 'PCI DSS non-compliance fine per month, low', value: 5_000, unit: 'usd', source: 'Industry-reported PCI DSS fines (pcidssguide.com, metricsglobal.com, legalclarity.org); no official schedule', jsonPath: 'regulatory.pci_dss_noncompliance_monthly.value.min' },
  pciMonthlyFineMax: { label: 'PCI DSS non-compliance fine per month, high', value: 100_000, unit: 'usd', source: 'Industry-reported PCI DSS fines (pcidssguide.com, metricsglobal.com, legalclarity.org); no official schedule', jsonPath: 'regulatory.pci_dss_noncompliance_monthly.value.max' },
  pciMonthsGapsBeingFixed: { label: 'Months of PCI non-compliance assumed when gaps are being fixed', value: 3, unit: 'months', source: 'assumption', isAssumption: true },
  pciMonthsKnownNonCompliance: { label: 'Months of PCI non-compliance assumed under known non-compliance', value: 12, unit: 'months', source: 'assumption', isAssumption: true },
  gdprUpperTierEur: { label: 'GDPR upper-tier fine ceiling (EUR)', value: 20_000_000, unit: 'usd', source: 'GDPR Art. 83(5) (amount in EUR, converted with the rate below)', jsonPath: 'regulatory.gdpr.value.upper_tier.eur_max' },
  gdprUpperTierTurnoverShare: { label: 'GDPR upper-tier fine ceiling, share of worldwide turnover', value: 0.04, unit: 'ratio', source: 'GDPR Art. 83(5)', jsonPath: 'regulatory.gdpr.value.upper_tier.pct_turnover' },
  eurUsdRate: { label: 'EUR to USD conversion rate for GDPR ceilings', value: 1.08, unit: 'ratio', source: 'assumption (approximate 2024-2025 rate)', isAssumption: true },
  ccpaStatutoryDamagesMin: { label: 'CCPA private-action statutory damages per consumer, low', value: 107, unit: 'usd', source: 'Cal. Civ. Code 1798.150, 2025 CPI-adjusted (bastion.tech summary)', jsonPath: 'regulatory.ccpa_2025.value.statutory_damages_per_consumer.min' },
  ccpaStatutoryDamagesMax: { label: 'CCPA private-action statutory damages per consumer, high', value: 799, unit: 'usd', source: 'Cal. Civ. Code 1798.150, 2025 CPI-adjusted (bastion.tech summary)', jsonPath: 'regulatory.ccpa_2025.value.statutory_damages_per_consumer.max' },
  soxKnowingFineMax: { label: 'SOX §906 knowing false certification, maximum fine (individuals)', value: 1_000_000, unit: 'usd', source: 'Sarbanes-Oxley s.906, 18 U.S.C. 1350 (wizedu/legalclarity summaries); shown for reference, not a corporate loss', jsonPath: 'regulatory.sox_906.value.knowing.fine_max' },
  soxWillfulFineMax: { label: 'SOX §906 willful false certification, maximum fine (individuals)', value: 5_000_000, unit: 'usd', source: 'Sarbanes-Oxley s.906, 18 U.S.C. 1350 (wizedu/legalclarity summaries); shown for reference, not a corporate loss', jsonPath: 'regulatory.sox_906.value.willful.fine_max' },
  // Model parameters (docs/methodology.md)
  severityNonAdditivityPsi: { label: 'Non-additivity exponent psi for combined severity factors', value: 0.35, unit: 'ratio', source: `assumption; ${IBM23} states factors are not additive`, isAssumption: true, jsonPath: 'model_parameters.severity_nonadditivity_psi.value' },
  severityMultiplierMin: { label: 'Lower clamp of the combined severity multiplier', value: 0.4, unit: 'multiplier', source: 'assumption', isAssumption: true, jsonPath: 'model_parameters.severity_multiplier_clamp.value.0' },
  severityMultiplierMax: { label: 'Upper clamp of the combined severity multiplier', value: 2.5, unit: 'multiplier', source: 'assumption', isAssumption: true, jsonPath: 'model_parameters.severity_multiplier_clamp.value.1' },
  deltaToHalfSpreadFactor: { label: 'Factor turning an IBM Fig 39 delta into a best/worst half-spread (2.385e rule)', value: 2.385, unit: 'ratio', source: `derived: half the median ratio (4.77) of high-low spread/(|delta|/4.88M) over 7 factors in ${IBM25} Figs 39-42`, isDerived: true, jsonPath: 'model_parameters.delta_to_half_spread_factor.value' },
  frequencyShrinkageExponent: { label: 'Shrinkage exponent on MMC23 likelihood ratios (log space)', value: 0.5, unit: 'ratio', source: `assumption: halve log likelihood ratios from ${MMC23}`, isAssumption: true, jsonPath: 'model_parameters.frequency_effect_shrinkage_exponent.value' },
  hardeningLikelihoodRatio: { label: 'Automated hardening: likelihood ratio', value: 6, unit: 'ratio', source: `${MMC23} ("nearly six times less likely")`, jsonPath: 'factor_evidence.frequency_controls_mmc_2023.automated_hardening_likelihood_ratio.value' },
  patchingLikelihoodRatio: { label: 'Critical patches within 7 days: likelihood ratio', value: 2, unit: 'ratio', source: MMC23, jsonPath: 'factor_evidence.frequency_controls_mmc_2023.patch_critical_within_7_days_likelihood_ratio.value' },
  patchingPrevalence: { label: 'Prevalence of patching within 7 days', value: 0.24, unit: 'probability', source: MMC23, jsonPath: 'factor_evidence.frequency_controls_mmc_2023.patch_within_7_days_prevalence.value' },
  mfaLikelihoodRatio: { label: 'Broad MFA: likelihood ratio', value: 1.4, unit: 'ratio', source: MMC23, jsonPath: 'factor_evidence.frequency_controls_mmc_2023.broad_mfa_likelihood_ratio.value' },
  assumedPrevalenceHardeningMfa: { label: 'Assumed prevalence of hardening and of broad MFA', value: 0.5, unit: 'probability', source: 'assumption', isAssumption: true, jsonPath: 'model_parameters.assumed_prevalence_hardening_mfa.value' },
  iterationsDefault: { label: 'Default simulated years', value: 100_000, unit: 'count', source: 'assumption (SE check: ADR 102)', isAssumption: true, jsonPath: 'model_parameters.iterations_default.value' },
  shapleyPermutations: { label: 'Sampled permutations for Shapley attribution', value: 200, unit: 'count', source: 'assumption (200 permutations x 19 re-scorings)', isAssumption: true },
  riskBandWidth: { label: 'Width of each fifth of the 0-100 posture score (points); no longer sets the risk band, which rates the dollars against revenue (ADR 206)', value: 20, unit: 'ratio', source: 'assumption: five equal ranges on the 0-100 posture score (ADR 010)', isAssumption: true },
  evidenceMaxAgeDays: { label: 'Maximum age of a certificate or attestation used as evidence (days)', value: 366, unit: 'count', source: 'docs/methodology.md: "certified or attested in the last 12 months"' },
  calibratedEmployeesMin: { label: 'Smallest calibrated organisation (employees)', value: 10, unit: 'employees', source: 'scope (docs/methodology.md): SMEs with 10-500 employees (IBM23 Fig 7 "< 500 employees" cohort, IRIS25 revenue tiers)', isAssumption: true },
  calibratedEmployeesMax: { label: 'Largest calibrated organisation (employees)', value: 500, unit: 'employees', source: 'scope (docs/methodology.md): SMEs with 10-500 employees', isAssumption: true },
  // Cross-checks shown next to results (not used in the simulation)
  ibmSmallOrgAverage2023: { label: 'IBM average breach cost, < 500 employees (cross-check)', value: 3_310_000, unit: 'usd', source: `${IBM23} Fig 7`, jsonPath: 'breach_cost_baselines.org_size_average_2023.lt_500_employees.value' },
  insuredClaimMeanLt50m: { label: 'Typical insured claim (mean), revenue < $50M (cross-check)', value: 142_000, unit: 'usd', source: `${ND25} Table 3 p.52`, jsonPath: 'severity.netdiligence_mean_by_revenue.value.lt_50m.mean' },
  insuredClaimMean50mTo300m: { label: 'Typical insured claim (mean), revenue $50M-$300M (cross-check)', value: 374_000, unit: 'usd', source: `${ND25} Table 3 p.52`, jsonPath: 'severity.netdiligence_mean_by_revenue.value.50m_300m.mean' },
} as const satisfies Record<string, EntryDraft>;

/** Key of a calibration entry. */
export type CalibrationKey = keyof typeof TABLE;

/** Every calibration entry by key. */
export const CALIBRATION: { readonly [K in CalibrationKey]: CalibrationEntry & { readonly key: K } } = Object.fromEntries(
  Object.entries(TABLE).map(([key, draft]: [string, EntryDraft]) => [
    key,
    { key, isAssumption: false, isDerived: false, ...draft },
  ]),
) as { readonly [K in CalibrationKey]: CalibrationEntry & { readonly key: K } };
