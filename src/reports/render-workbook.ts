import ExcelJS from 'exceljs';
import { CALIBRATION } from '@/engine/calibration/calibration.ts';
import { FACTORS } from '@/engine/factors.ts';
import { FRAMEWORKS } from '@/engine/frameworks.ts';
import { listCalibrationEntries } from '@/engine/list-calibration-entries.ts';
import { regenerateLossYears } from './loss-years.ts';
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

function addAnalytic(workbook: ExcelJS.Workbook, source: ReportSource) {
  const result = source.assessment.result;
  const d = result.derivation;
  const f = new FormulaSheet(workbook.addWorksheet('Analytic'));
  const keys = (name: string) => (d.sourceKeys[name] ?? []).join(', ');

  f.heading('Frequency: how often a significant incident happens');
  f.input('tierP', 'P(>= 1 event), revenue tier', d.frequencyTierProbability, keys('frequency').split(', ')[0] ?? '', PROB);
  f.input('industryP', 'P(>= 1 event), industry', d.industryProbability, keys('frequency').split(', ')[1] ?? '', PROB);
  f.input('typicalP', 'P(>= 1 event), typical organisation', d.typicalProbability, 'frequencyProbabilityTypicalOrg', PROB);
  f.formula('targetP', 'P(>= 1 event) at average posture', d.targetProbability, `MIN(0.99,${f.ref('tierP')}*${f.ref('industryP')}/${f.ref('typicalP')})`, 'tier × industry / typical, capped at 99%', PROB);
  f.input('r', 'Negative binomial dispersion r', d.dispersion, 'negativeBinomialDispersion');
  f.formula('muAvg', 'Mean events per year at average posture', d.meanEventsAtAverage, `${f.ref('r')}*((1-${f.ref('targetP')})^(-1/${f.ref('r')})-1)`, 'μ = r × ((1 − p)^(−1/r) − 1)');
  f.input('freqMult', 'Frequency multiplier of the answers', d.frequencyMultiplier, 'product of the factors’ frequency multipliers (M3, M4, M5)');
  f.formula('mu', 'Mean events per year for this organisation', d.meanEventsPerYear, `${f.ref('muAvg')}*${f.ref('freqMult')}`, 'μ × frequency multiplier');

  f.heading('Severity: what one incident costs');
  f.input('tierMedian', 'Median loss per event, revenue tier (USD)', d.tierMedianUsd, keys('severity').split(', ')[0] ?? '', USD);
  f.input('industrySev', 'Industry severity multiplier', d.industrySeverityMultiplier, keys('severity').split(', ')[2] ?? '');
  f.input('sevMult', 'Severity multiplier of the answers', d.severityMultiplier, 'psi rule over the factors, clamped');
  f.input('sigma', 'Lognormal sigma (after assurance)', d.sigma, keys('severity').split(', ')[1] ?? '');
  f.input('assuranceFactor', 'Sigma factor with independent assurance', d.hasIndependentAssurance ? CALIBRATION.auditedSigmaFactor.value : 1, d.hasIndependentAssurance ? 'auditedSigmaFactor' : 'no independent assurance: 1');
  f.formula(
    'median',
    'Median core loss per event (USD)',
    d.medianCoreLossUsd,
    `${f.ref('tierMedian')}*${f.ref('industrySev')}*EXP(((${f.ref('sigma')}/${f.ref('assuranceFactor')})^2-${f.ref('sigma')}^2)/2)*${f.ref('sevMult')}`,
    'tier median × industry × mean-preserving assurance adjustment × answers',
    USD_CENTS,
  );

  f.heading('Simulation precision');
  f.input('sd', 'Standard deviation of annual loss (USD)', result.annualLoss.standardDeviationUsd, 'simulated', USD_CENTS);
  f.input('years', 'Simulated years', result.iterations, 'iterations');
  f.formula('se', 'Standard error of the expected annual loss (USD)', result.annualLoss.standardErrorUsd, `${f.ref('sd')}/SQRT(${f.ref('years')})`, 'sd / √years', USD_CENTS);

  f.heading('Risk score (log position between best, average and worst posture)');
  f.input('ale', 'Expected annual loss (USD)', result.annualLoss.expectedUsd, 'simulated', USD_CENTS);
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
  const categoryTotal = result.costBreakdown.reduce((s, c) => s + c.expectedAnnualUsd, 0);
  result.costBreakdown.forEach((c) => f.input(`cat-${c.category}`, `${c.label}: expected annual loss (USD)`, c.expectedAnnualUsd, 'simulated', USD_CENTS));
  const sumFormula = result.costBreakdown.map((c) => f.ref(`cat-${c.category}`)).join('+');
  result.costBreakdown.forEach((c) => f.formula(`share-${c.category}`, `${c.label}: share`, c.share, `${f.ref(`cat-${c.category}`)}/(${sumFormula})`, 'category / all categories', PROB));
  f.formula('catSum', 'All categories (= expected annual loss)', categoryTotal, sumFormula, 'sum of the categories', USD_CENTS);

  f.heading('Top fixes: return and payback');
  for (const r of result.recommendations ?? []) {
    const id = `rec-${r.factorId}`;
    f.input(`${id}-red`, `${r.factorId} ${r.factorName}: loss reduction a year (USD)`, r.annualLossReductionUsd, 'ALE now − ALE with this factor at best, same years', USD_CENTS);
    f.input(`${id}-low`, `${r.factorId}: annual cost, low (USD)`, r.annualCostUsd.lowUsd, r.costSource, USD);
    f.input(`${id}-high`, `${r.factorId}: annual cost, high (USD)`, r.annualCostUsd.highUsd, r.costSource, USD);
    f.formula(`${id}-mid`, `${r.factorId}: annual cost, mid (USD)`, r.annualCostUsd.midUsd, `(${f.ref(`${id}-low`)}+${f.ref(`${id}-high`)})/2`, '(low + high) / 2', USD_CENTS);
    f.formula(`${id}-rosi`, `${r.factorId}: return on security investment`, r.returnOnSecurityInvestment, `(${f.ref(`${id}-red`)}-${f.ref(`${id}-mid`)})/${f.ref(`${id}-mid`)}`, '(reduction − cost) / cost');
    if (r.paybackMonths !== null) f.formula(`${id}-payback`, `${r.factorId}: payback (months)`, r.paybackMonths, `${f.ref(`${id}-mid`)}/${f.ref(`${id}-red`)}*12`, 'cost / reduction × 12');
  }
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
