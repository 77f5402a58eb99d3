import ExcelJS from 'exceljs';
import { CALIBRATION } from '@/engine/calibration/calibration.ts';
import type { CalibrationKey } from '@/engine/calibration/calibration.ts';
import { FACTORS } from '@/engine/factors.ts';
import { FRAMEWORKS } from '@/engine/frameworks.ts';
import { listCalibrationEntries } from '@/engine/list-calibration-entries.ts';
import type { RiskDerivation } from '@/engine/risk-result.ts';
import { formatUsdShort } from './format.ts';
import { regenerateLossYears } from './loss-years.ts';
import { readResult } from './read-result.ts';
import type { OneInHundredView, RecommendationView } from './read-result.ts';
import type { ReportModel, ReportSource } from './report-model.ts';

const USD = '"$"#,##0';
const USD_CENTS = '"$"#,##0.00';
const PROB = '0.0000%';
const NUMBER = '0.000000';

type Sheet = ExcelJS.Worksheet;

function styleHeader(sheet: Sheet) {
  const row = sheet.getRow(1);
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2E8F0' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/**
 * Rows of a "stored value | formula | difference" sheet, addressed by name so formulas read
 * like the model: `ref('targetProbability')` → `C5`.
 */
class FormulaSheet {
  private readonly rows = new Map<string, number>();
  constructor(private readonly sheet: Sheet) {
    sheet.columns = [
      { header: 'Quantity', key: 'label', width: 52 },
      { header: 'Stored value', key: 'stored', width: 20 },
      { header: 'Recomputed (live formula)', key: 'formula', width: 26 },
      { header: 'Difference', key: 'diff', width: 16 },
      { header: 'Calibration key / how', key: 'source', width: 60 },
    ];
    styleHeader(sheet);
  }
  /** A value the formulas start from (stored and "recomputed" are the same number). */
  input(name: string, label: string, value: number, source: string, format = NUMBER) {
    const row = this.sheet.addRow({ label, stored: value, formula: value, source });
    this.rows.set(name, row.number);
    row.getCell('stored').numFmt = format;
    row.getCell('formula').numFmt = format;
  }
  /** A quantity the model computed, next to the spreadsheet formula that recomputes it. */
  formula(name: string, label: string, stored: number, formula: string, how: string, format = NUMBER) {
    const row = this.sheet.addRow({ label, stored, source: how });
    this.rows.set(name, row.number);
    row.getCell('formula').value = { formula };
    row.getCell('diff').value = { formula: `C${row.number}-B${row.number}` };
    for (const key of ['stored', 'formula', 'diff']) row.getCell(key).numFmt = format;
    row.getCell('formula').font = { color: { argb: 'FF1D4ED8' } };
  }
  /** The stored value of a row (inputs are plain numbers). */
  storedValue(name: string): unknown {
    const row = this.rows.get(name);
    if (row === undefined) throw new Error(`workbook: unknown row ${name}`);
    return this.sheet.getRow(row).getCell('stored').value;
  }
  heading(text: string) {
    const row = this.sheet.addRow({ label: text });
    row.font = { bold: true };
  }
  ref(name: string): string {
    const row = this.rows.get(name);
    if (row === undefined) throw new Error(`workbook: unknown row ${name}`);
    return `C${row}`;
  }
}

function addInputs(workbook: ExcelJS.Workbook, source: ReportSource) {
  const sheet = workbook.addWorksheet('Inputs');
  sheet.columns = [
    { header: 'Input', key: 'name', width: 44 },
    { header: 'Value', key: 'value', width: 28 },
    { header: 'Note', key: 'note', width: 60 },
  ];
  styleHeader(sheet);
  const { input, result } = source.assessment;
  const org = input.organisation;
  sheet.addRow({ name: 'Organisation', value: source.organisationName });
  sheet.addRow({ name: 'Industry', value: org.industry });
  sheet.addRow({ name: 'Employees', value: org.employees });
  sheet.addRow({ name: 'Annual revenue (USD)', value: org.annualRevenueUsd }).getCell('value').numFmt = USD;
  for (const [key, value] of Object.entries(org.records)) sheet.addRow({ name: `Records held: ${key}`, value });
  sheet.addRow({ name: 'Holds EU residents’ data', value: org.holdsEuResidentsData ? 'yes' : 'no' });
  sheet.addRow({ name: 'Holds California residents’ data', value: org.holdsCaliforniaResidentsData ? 'yes' : 'no' });
  sheet.addRow({ name: 'Publicly traded', value: org.isPubliclyTraded ? 'yes' : 'no' });
  for (const factor of FACTORS) {
    const given = input.factors[factor.id];
    sheet.addRow({ name: `${factor.id} ${factor.name}`, value: result.factorAnswers[factor.id], note: given === undefined ? 'not answered: taken as average (partial)' : given === result.factorAnswers[factor.id] ? 'as answered' : `answered ${given}; set from framework evidence` });
  }
  for (const framework of FRAMEWORKS) {
    const state = input.frameworks[framework.id];
    sheet.addRow({ name: framework.name, value: state?.status ?? 'notApplicable', note: state?.since ? `since ${state.since}` : '' });
  }
  if (input.insurance) {
    sheet.addRow({ name: 'Insurance limit (USD)', value: input.insurance.limitUsd }).getCell('value').numFmt = USD;
    sheet.addRow({ name: 'Insurance retention (USD)', value: input.insurance.retentionUsd }).getCell('value').numFmt = USD;
    sheet.addRow({ name: 'Insurance co-insurance share', value: input.insurance.coinsuranceShare ?? 0 });
  } else sheet.addRow({ name: 'Insurance', value: 'none entered' });
  sheet.addRow({ name: 'Evidence date (asOfDate)', value: input.asOfDate ?? 'not checked' });
  sheet.addRow({ name: 'Risk model version', value: result.engineVersion });
  sheet.addRow({ name: 'Seed', value: result.seed });
  sheet.addRow({ name: 'Simulated years', value: result.iterations });
}

function addParameters(workbook: ExcelJS.Workbook) {
  const sheet = workbook.addWorksheet('Parameters');
  sheet.columns = [
    { header: 'Calibration key', key: 'key', width: 40 },
    { header: 'Parameter', key: 'label', width: 60 },
    { header: 'Value', key: 'value', width: 16 },
    { header: 'Unit', key: 'unit', width: 12 },
    { header: 'Assumption', key: 'assumption', width: 12 },
    { header: 'Source', key: 'source', width: 100 },
  ];
  styleHeader(sheet);
  for (const e of listCalibrationEntries()) sheet.addRow({ key: e.key, label: e.label, value: e.value, unit: e.unit, assumption: e.isAssumption ? 'yes' : 'no', source: e.source });
}

/** IRIS 2025 revenue tiers: the geometric centre of each band, where its P(>= 1 incident) applies (ADR 100). */
const TIER_ANCHORS_USD = [Math.sqrt(1e6 * 1e7), Math.sqrt(1e7 * 1e8), Math.sqrt(1e8 * 1e9), Math.sqrt(1e9 * 1e10)];
const cal = (key: CalibrationKey): number => CALIBRATION[key].value;

/** Frequency: IRIS tier probability interpolated on log revenue, then industry, dispersion and the answers. */
function addFrequency(f: FormulaSheet, d: RiskDerivation, revenueRef: string) {
  const tierKeys = (d.sourceKeys['frequency'] ?? []).slice(0, TIER_ANCHORS_USD.length);
  f.heading('Frequency: how often a significant incident happens');
  tierKeys.forEach((key, i) => f.input(`tier${i}`, `P(>= 1 event), revenue band ${i + 1} (at ${formatUsdShort(TIER_ANCHORS_USD[i] as number)})`, cal(key), key, PROB));
  // The band pair the revenue falls between, as the engine interpolates (flat outside the anchors).
  const revenue = Number(f.storedValue('revenue'));
  const upper = TIER_ANCHORS_USD.findIndex((a) => revenue <= a);
  const tierFormula =
    upper === 0 ? f.ref('tier0') : upper === -1 ? f.ref(`tier${TIER_ANCHORS_USD.length - 1}`) : `${f.ref(`tier${upper - 1}`)}*(1-(LN(${revenueRef})-LN(${TIER_ANCHORS_USD[upper - 1]}))/(LN(${TIER_ANCHORS_USD[upper]})-LN(${TIER_ANCHORS_USD[upper - 1]})))+${f.ref(`tier${upper}`)}*(LN(${revenueRef})-LN(${TIER_ANCHORS_USD[upper - 1]}))/(LN(${TIER_ANCHORS_USD[upper]})-LN(${TIER_ANCHORS_USD[upper - 1]}))`;
  f.formula('tierP', 'P(>= 1 event) at this revenue', d.frequencyTierProbability, tierFormula, 'linear in log revenue between the two nearest band centres (flat outside them)', PROB);
  f.input('industryP', 'P(>= 1 event), industry', d.industryProbability, d.sourceKeys['frequency']?.[4] ?? '', PROB);
  f.input('typicalP', 'P(>= 1 event), typical organisation', d.typicalProbability, 'frequencyProbabilityTypicalOrg', PROB);
  f.formula('targetP', 'P(>= 1 event) at average posture', d.targetProbability, `MIN(0.99,${f.ref('tierP')}*${f.ref('industryP')}/${f.ref('typicalP')})`, 'revenue × industry / typical, capped at 99%', PROB);
  f.input('r', 'Negative binomial dispersion r', d.dispersion, 'fitted to IRIS P(>= 2) per band, interpolated on log r');
  f.formula('muAvg', 'Mean events per year at average posture', d.meanEventsAtAverage, `${f.ref('r')}*((1-${f.ref('targetP')})^(-1/${f.ref('r')})-1)`, 'μ = r × ((1 − p)^(−1/r) − 1)');
  f.input('freqMult', 'Frequency multiplier of the answers', d.frequencyMultiplier, 'product of the factors’ frequency multipliers (M3, M4, M5); "not known" scored at the average');
  f.formula('mu', 'Mean events per year for this organisation', d.meanEventsPerYear, `${f.ref('muAvg')}*${f.ref('freqMult')}`, 'μ × frequency multiplier');
}

/** Severity: the per-incident components model 2.0 builds from the firm's headcount, revenue and records. */
function addSeverity(f: FormulaSheet, d: RiskDerivation, source: ReportSource) {
  const org = source.assessment.input.organisation;
  const [employees, revenue] = [f.ref('employees'), f.ref('revenue')];
  f.heading('Severity: what one incident costs');
  f.input('respBase', 'Response & forensics, fixed part (USD)', cal('responseBaseUsd'), 'responseBaseUsd', USD);
  f.input('respPerEmp', 'Response & forensics per employee at the reference headcount (USD)', cal('responsePerEmployeeUsd'), 'responsePerEmployeeUsd', USD);
  f.input('refEmp', 'Reference headcount', cal('responseReferenceEmployees'), 'responseReferenceEmployees');
  f.input('empExp', 'Headcount scaling exponent', cal('responseEmployeeExponent'), 'responseEmployeeExponent');
  f.formula('response', 'Median response & forensics per incident, average posture (USD)', d.responseMedianUsd, `${f.ref('respBase')}+${f.ref('respPerEmp')}*${f.ref('refEmp')}*(${employees}/${f.ref('refEmp')})^${f.ref('empExp')}`, 'base + per employee × reference × (employees / reference)^b', USD_CENTS);
  f.input('biShare', 'Business interruption, share of revenue at the reference revenue', cal('businessInterruptionRevenueShare'), 'businessInterruptionRevenueShare');
  f.input('refRevenue', 'Reference revenue (USD)', cal('sizeScalingReferenceRevenueUsd'), 'sizeScalingReferenceRevenueUsd', USD);
  f.input('revExp', 'Revenue scaling exponent of interruption', cal('interruptionRevenueExponent'), 'interruptionRevenueExponent');
  f.formula('interruption', 'Median business interruption per incident, average posture (USD)', d.interruptionMedianUsd, `${f.ref('biShare')}*${f.ref('refRevenue')}*(${revenue}/${f.ref('refRevenue')})^${f.ref('revExp')}`, 'share × reference revenue × (revenue / reference)^b', USD_CENTS);
  f.input('industrySev', 'Industry severity multiplier', d.industrySeverityMultiplier, d.sourceKeys['severity']?.[4] ?? '');
  f.input('sevMult', 'Severity multiplier of the answers', d.severityMultiplier, 'psi rule over the factors, clamped (severityNonAdditivityPsi, severityMultiplierMin/Max)');
  f.formula('median', 'Median response + interruption per incident, this organisation (USD)', d.medianCoreLossUsd, `(${f.ref('response')}+${f.ref('interruption')})*${f.ref('industrySev')}*${f.ref('sevMult')}`, '(response + interruption) × industry × answers', USD_CENTS);
  f.input('sigma', 'Lognormal sigma of response + interruption', d.sigma, 'incidentSigma');

  f.heading('Records: notification, credit monitoring and regulatory response');
  const recordNames = { personal: 'Personal records', health: 'Health records', consumerFinancial: 'Consumer financial records', paymentCard: 'Payment card records' } as const;
  for (const [key, label] of Object.entries(recordNames)) f.input(`rec-${key}`, `${label} held`, org.records[key as keyof typeof recordNames], 'input', '#,##0');
  f.input('cardWeight', 'Cost weight of a payment-card record', cal('paymentCardRecordWeight'), 'paymentCardRecordWeight');
  f.formula('effRecords', 'People an incident could expose', d.effectiveRecords, `MAX(${f.ref('rec-personal')},${f.ref('rec-health')},${f.ref('rec-consumerFinancial')},${f.ref('cardWeight')}*${f.ref('rec-paymentCard')})`, 'largest weighted record count (types overlap)', '#,##0.00');
  f.input('perRecord', 'Average cost per breached record (USD)', cal('perRecordCostAverage'), 'perRecordCostAverage', USD_CENTS);
  f.input('recordShare', 'Share of the per-record cost driven by record counts', cal('recordDrivenCostShare'), 'recordDrivenCostShare');
  f.input('refRecords', 'Reference breach size (records)', cal('recordCostReferenceRecords'), 'recordCostReferenceRecords', '#,##0');
  f.input('recordExp', 'Record-cost scaling exponent', cal('recordCostScaleExponent'), 'recordCostScaleExponent');
  const n = f.ref('effRecords');
  f.formula('recordsCost', 'Records-driven cost if every record were exposed, average posture (USD)', d.recordsCostAllExposedUsd, `IF(${n}<=0,0,${f.ref('perRecord')}*${f.ref('recordShare')}*${f.ref('refRecords')}*(${n}/${f.ref('refRecords')})^${f.ref('recordExp')})`, 'cost per record × share × reference × (records / reference)^b', USD_CENTS);

  f.heading('Cap, fines and ransom');
  f.input('capMultiple', 'Cap on one incident, multiple of revenue', cal('perEventCapRevenueMultiple'), 'perEventCapRevenueMultiple');
  f.formula('cap', 'Cap on the total loss of one incident (USD)', d.capPerEventUsd, `${f.ref('capMultiple')}*${revenue}`, 'multiple × revenue', USD);
  f.input('sizeExp', 'Fine and ransom scaling exponent', cal('sizeScalingExponent'), 'sizeScalingExponent');
  f.formula('sizeScale', 'Size scale of fines and ransoms (intermediate)', (org.annualRevenueUsd / cal('sizeScalingReferenceRevenueUsd')) ** cal('sizeScalingExponent'), `(${revenue}/${f.ref('refRevenue')})^${f.ref('sizeExp')}`, '(revenue / reference)^b');
  f.input('fineMedianRef', 'Median regulatory fine at the reference revenue (USD)', cal('fineMedian'), 'fineMedian', USD);
  f.formula('fineMedian', 'Median fine for this organisation (USD)', d.fineMedianUsd, `${f.ref('fineMedianRef')}*${f.ref('sizeScale')}`, 'median × size scale', USD_CENTS);
  if (d.fineRegimes.length > 0) {
    const multiplierKey: CalibrationKey | null = d.a4Level === 'best' ? 'fineProbabilityMultiplierCompliant' : d.a4Level === 'worst' ? 'fineProbabilityMultiplierNonCompliant' : null;
    f.input('fineBase', 'P(fine under one regime | incident), average posture', cal('finePerRegimeProbability'), 'finePerRegimeProbability', PROB);
    f.input('fineMult', `Fine probability multiplier at A4 = ${d.a4Level}`, multiplierKey === null ? 1 : cal(multiplierKey), multiplierKey ?? 'A4 partial: 1');
    f.formula('fineP', `P(fine) per incident under each of ${d.fineRegimes.join(', ')}`, d.fineProbabilityPerRegime, `MIN(1,${f.ref('fineBase')}*${f.ref('fineMult')})`, 'base × A4 multiplier, at most 1', PROB);
  }
  f.input('ransomShare', 'Share of SMB breaches involving ransomware', cal('ransomwareShareSmb'), 'ransomwareShareSmb', PROB);
  f.input('ransomPay', 'Share of ransomware victims who pay', cal('ransomPayRate'), 'ransomPayRate', PROB);
  f.formula('ransomP', 'P(ransom paid) per incident', d.ransomProbability, `${f.ref('ransomShare')}*${f.ref('ransomPay')}`, 'ransomware share × pay rate', PROB);
  f.input('ransomMedianRef', 'Median ransom at the reference revenue (USD)', cal('ransomMedian'), 'ransomMedian', USD);
  f.formula('ransomMedian', 'Median ransom for this organisation (USD)', d.ransomMedianUsd, `${f.ref('ransomMedianRef')}*${f.ref('sizeScale')}`, 'median × size scale', USD_CENTS);
}

/** The 1-in-100 year and the policy: what it pays, what stays, the limit that would pay it all. */
function addOneInHundred(f: FormulaSheet, one: OneInHundredView) {
  f.heading('Insurance view of a 1-in-100 year');
  f.input('p99', 'Loss of a 1-in-100 year, before insurance (USD)', one.oneInHundredYearLossUsd, 'simulated (P99 of annual loss)', USD_CENTS);
  f.input('needed', 'Insurable in that year after retention and co-insurance (USD)', one.limitToCoverOneInHundredYearUsd, 'simulated: the limit that would cover it', USD_CENTS);
  if (one.policyLimitUsd === null) return;
  f.input('limit', 'Policy aggregate limit (USD)', one.policyLimitUsd, 'input', USD);
  f.formula('recovered', 'Paid by the policy in that year (USD)', one.recoveredInOneInHundredYearUsd, `MIN(${f.ref('limit')},${f.ref('needed')})`, 'min(limit, insurable)', USD_CENTS);
  f.formula('covered', 'Share of that year the policy pays', one.coveredShareOfOneInHundredYear, `IF(${f.ref('p99')}>0,${f.ref('recovered')}/${f.ref('p99')},1)`, 'paid / loss', PROB);
  f.formula('uncovered', 'Stays with the organisation in that year (USD)', one.uncoveredInOneInHundredYearUsd, `${f.ref('p99')}-${f.ref('recovered')}`, 'loss − paid', USD_CENTS);
}

function addAnalytic(workbook: ExcelJS.Workbook, source: ReportSource) {
  const result = source.assessment.result;
  const view = readResult(result);
  const f = new FormulaSheet(workbook.addWorksheet('Analytic'));
  const org = source.assessment.input.organisation;

  f.heading('The organisation');
  f.input('employees', 'Employees', org.employees, 'input', '#,##0');
  f.input('revenue', 'Annual revenue (USD)', org.annualRevenueUsd, 'input', USD);
  if (view.derivation === null) {
    f.heading(`Frequency and severity: computed by model ${view.engineVersion}, whose derivation differs from model 2; re-run the assessment to recompute them here.`);
  } else {
    addFrequency(f, view.derivation, f.ref('revenue'));
    addSeverity(f, view.derivation, source);
  }

  f.heading('Simulation precision');
  f.input('sd', 'Standard deviation of annual loss (USD)', result.annualLoss.standardDeviationUsd, 'simulated', USD_CENTS);
  f.input('years', 'Simulated years', view.iterations, 'iterations');
  f.formula('se', 'Standard error of the expected annual loss (USD)', view.standardErrorUsd, `${f.ref('sd')}/SQRT(${f.ref('years')})`, 'sd / √years', USD_CENTS);
  f.input('aleForSe', 'Expected annual loss (USD), stored', view.aleUsd, 'simulated', USD_CENTS);
  if (view.precision !== null) f.formula('relSe', 'Standard error as a share of the expected loss', view.precision.relativeStandardError, `${f.ref('se')}/${f.ref('aleForSe')}`, `se / ALE (target ${view.precision.targetRelativeStandardError ?? 'none: fixed years'})`, PROB);

  f.heading('Risk score (log position between best, average and worst posture)');
  f.input('ale', 'Expected annual loss (USD)', view.aleUsd, 'simulated', USD_CENTS);
  f.input('best', 'ALE with every answer at best (USD)', result.riskScore.allBestAleUsd, 'simulated on the same years', USD_CENTS);
  f.input('avg', 'ALE with every answer average (USD)', result.riskScore.averageAleUsd, 'simulated on the same years', USD_CENTS);
  f.input('worst', 'ALE with every answer at worst (USD)', result.riskScore.allWorstAleUsd, 'simulated on the same years', USD_CENTS);
  const [ale, best, avg, worst] = [f.ref('ale'), f.ref('best'), f.ref('avg'), f.ref('worst')];
  f.formula(
    'score',
    'Risk score (0-100)',
    result.riskScore.score,
    `ROUND(MIN(100,MAX(0,IF(${ale}<=${avg},50*LN(MAX(${ale},${best})/${best})/LN(${avg}/${best}),50+50*LN(MIN(${ale},${worst})/${avg})/LN(${worst}/${avg})))),1)`,
    '0 = best, 50 = average peer, 100 = worst; log scale, one decimal',
    '0.0',
  );

  f.heading('Where the money goes (share of the expected loss)');
  const categories = view.costBreakdown;
  const categoryTotal = categories.reduce((s, c) => s + c.expectedAnnualUsd, 0);
  categories.forEach((c) => f.input(`cat-${c.category}`, `${c.label}: expected annual loss (USD)`, c.expectedAnnualUsd, 'simulated', USD_CENTS));
  const sumFormula = categories.map((c) => f.ref(`cat-${c.category}`)).join('+');
  categories.forEach((c) => f.formula(`share-${c.category}`, `${c.label}: share`, c.share, `${f.ref(`cat-${c.category}`)}/(${sumFormula})`, 'category / all categories', PROB));
  f.formula('catSum', 'All categories (= expected annual loss)', categoryTotal, sumFormula, 'sum of the categories', USD_CENTS);

  if (view.oneInHundred !== null) addOneInHundred(f, view.oneInHundred);

  const addReturns = (heading: string, list: readonly RecommendationView[]) => {
    if (list.length === 0) return;
    f.heading(heading);
    for (const r of list) {
      const id = `rec-${r.factorId}`;
      f.input(`${id}-red`, `${r.factorId} ${r.factorName}: loss reduction a year (USD)`, r.annualLossReductionUsd, 'ALE now − ALE with this factor at best, same years', USD_CENTS);
      if (r.expectedShortfall99ReductionUsd !== null) f.input(`${id}-es`, `${r.factorId}: reduction of the worst 1% of years (USD)`, r.expectedShortfall99ReductionUsd, 'expected shortfall 99 now − after, same years', USD_CENTS);
      f.input(`${id}-low`, `${r.factorId}: annual cost, low (USD)`, r.annualCostLowUsd, 'typical SME cost band (assumption)', USD);
      f.input(`${id}-high`, `${r.factorId}: annual cost, high (USD)`, r.annualCostHighUsd, 'typical SME cost band (assumption)', USD);
      f.formula(`${id}-mid`, `${r.factorId}: annual cost, mid (USD)`, r.annualCostMidUsd, `(${f.ref(`${id}-low`)}+${f.ref(`${id}-high`)})/2`, '(low + high) / 2', USD_CENTS);
      f.formula(`${id}-rosi`, `${r.factorId}: return on security investment`, r.returnOnSecurityInvestment, `(${f.ref(`${id}-red`)}-${f.ref(`${id}-mid`)})/${f.ref(`${id}-mid`)}`, '(reduction − cost) / cost');
      if (r.paybackMonths !== null) f.formula(`${id}-payback`, `${r.factorId}: payback (months)`, r.paybackMonths, `${f.ref(`${id}-mid`)}/${f.ref(`${id}-red`)}*12`, 'cost / reduction × 12');
    }
  };
  addReturns('Top fixes: return and payback', view.recommendations);
  addReturns('Not worth it at typical prices (cost more than they remove): return', view.recommendationsNotWorthIt ?? []);
}

function addSimulation(workbook: ExcelJS.Workbook, source: ReportSource) {
  const result = source.assessment.result;
  const years = regenerateLossYears(source.assessment.input, result);
  const sampleSheet = workbook.addWorksheet('Simulated years');
  const stats = new FormulaSheet(workbook.addWorksheet('Statistics'));
  sampleSheet.columns = [{ header: 'Annual loss of a simulated year with a loss (USD), in simulation order', key: 'loss', width: 64 }];
  styleHeader(sampleSheet);
  stats.input('years', 'Simulated years', result.iterations, 'iterations', '#,##0');
  if (years === null) {
    sampleSheet.addRow({ loss: `Not available: this result was computed by model ${result.engineVersion}; the simulated years can be regenerated only by that model.` });
    return;
  }
  for (const loss of years) sampleSheet.addRow({ loss });
  sampleSheet.getColumn('loss').numFmt = USD_CENTS;
  const range = `'Simulated years'!A2:A${years.length + 1}`;
  const y = stats.ref('years');
  const a = result.annualLoss;
  stats.formula('lossYears', 'Years with a loss', years.length, `COUNT(${range})`, 'every other simulated year lost $0', '#,##0');
  stats.formula('ale', 'Expected annual loss (USD)', a.expectedUsd, `SUM(${range})/${y}`, 'sum of all years / years', USD_CENTS);
  stats.formula('pAny', 'P(at least one loss event in a year)', a.probabilityOfAnyLoss, `COUNT(${range})/${y}`, 'years with a loss / years', PROB);
  stats.formula('sd', 'Standard deviation (USD)', a.standardDeviationUsd, `SQRT((SUMSQ(${range})-${y}*${stats.ref('ale')}^2)/(${y}-1))`, 'sample standard deviation over all years (zeros included)', USD_CENTS);
  const pct = (p: number) => `IF(CEILING(${p}*${y},1)-(${y}-COUNT(${range}))<=0,0,SMALL(${range},CEILING(${p}*${y},1)-(${y}-COUNT(${range}))))`;
  stats.formula('p50', 'Median year (USD)', a.percentilesUsd.p50, pct(0.5), 'nearest rank, zeros included', USD_CENTS);
  stats.formula('p90', '1 year in 10 (USD)', a.percentilesUsd.p90, pct(0.9), 'nearest rank, zeros included', USD_CENTS);
  stats.formula('p95', '1 year in 20 (USD)', a.percentilesUsd.p95, pct(0.95), 'nearest rank, zeros included', USD_CENTS);
  stats.formula('p99', '1 year in 100 (USD)', a.percentilesUsd.p99, pct(0.99), 'nearest rank, zeros included', USD_CENTS);
  stats.formula('above1m', 'P(annual loss > $1M)', result.probabilityAbove1mUsd, `COUNTIF(${range},">1000000")/${y}`, 'years above $1M / years', PROB);
  stats.input('es', 'Mean of the worst 1% of years (USD), stored', a.expectedShortfall99Usd, 'simulated', USD_CENTS);
}

function addReadMe(workbook: ExcelJS.Workbook, model: ReportModel) {
  const sheet = workbook.addWorksheet('Read me');
  sheet.getColumn(1).width = 120;
  const lines = [
    model.meta.title,
    `Assessment "${model.meta.assessmentTitle}", completed ${model.meta.completedOn} by ${model.meta.authorName}. Risk model ${model.meta.engineVersion}, seed ${model.meta.seed}, ${model.meta.iterations.toLocaleString('en-US')} simulated years.`,
    '',
    'Inputs: the answers and profile the model ran on.',
    'Parameters: every number the model uses, with its calibration key and source (or "assumption").',
    'Analytic: the closed-form parts of the model (frequency, severity, precision, score, shares, returns) as live formulas next to the stored values; Difference should be 0.',
    'Simulated years: every simulated year that had a loss, regenerated from the input and seed; all other years lost $0.',
    'Statistics: the summary statistics recomputed from those years with live formulas, next to the stored values.',
  ];
  lines.forEach((text, i) => {
    const row = sheet.addRow([text]);
    if (i === 0) row.font = { bold: true, size: 14 };
  });
}

/** The verification workbook: inputs, parameters, live formulas and simulated years, built fully in memory. */
export async function renderWorkbook(model: ReportModel, source: ReportSource): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'CIFER';
  workbook.title = `Verification workbook: ${model.meta.organisationName}`;
  workbook.created = new Date(model.meta.generatedAt);
  // Formulas carry no cached results: Excel and LibreOffice compute them when the file opens.
  workbook.calcProperties.fullCalcOnLoad = true;
  addReadMe(workbook, model);
  addInputs(workbook, source);
  addParameters(workbook);
  addAnalytic(workbook, source);
  addSimulation(workbook, source);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
