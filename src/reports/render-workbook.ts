import { controlName } from './control-names.ts';
import type { KeyFigures } from './key-figures.ts';
import { addOptionsSheet } from './workbook/options-sheet.ts';
import ExcelJS from 'exceljs';
import { CALIBRATION } from '@/engine/calibration/calibration.ts';
import type { CalibrationKey } from '@/engine/calibration/calibration.ts';
import { FACTORS } from '@/engine/factors.ts';
import { FRAMEWORKS } from '@/engine/frameworks.ts';
import { listCalibrationEntries } from '@/engine/list-calibration-entries.ts';
import type { RiskDerivation } from '@/engine/risk-result.ts';
import { getFactor } from '@/engine/factors.ts';
import { LOSS_SCENARIOS } from '@/engine/loss-scenarios.ts';
import { formatUsdShort } from './format.ts';
import { regenerateLossSamples } from './loss-years.ts';
import { readFixPlan } from './read-fix-plan.ts';
import { readResult } from './read-result.ts';
import type { OneInHundredView, RecommendationView } from './read-result.ts';
import type { ReportModel, ReportSource } from './report-model.ts';
import { fillBulkColumns } from './workbook/bulk-column-sheet.ts';
import { addFixPlanSheet } from './workbook/fix-plan-sheet.ts';
import { FormulaSheet, PROB, USD, USD_CENTS, styleHeader } from './workbook/formula-sheet.ts';
import { fillHeadlineSheet, fillHeadlinePlan } from './workbook/headline-sheet.ts';
import { addSampleSheets } from './workbook/sample-sheets.ts';
import { addWhatChangedSheet, type CellLink } from './workbook/what-changed-sheet.ts';
import { addCoverageSheet } from './coverage-workbook.ts';
import { addScenariosSheet } from './loss-scenarios-workbook.ts';

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
  sheet.addRow({ name: 'Organisation assessed', value: org.name?.trim() || source.organisationName });
  sheet.addRow({ name: 'Industry', value: org.industry });
  sheet.addRow({ name: 'Employees', value: org.employees });
  sheet.addRow({ name: 'Annual revenue (USD)', value: org.annualRevenueUsd }).getCell('value').numFmt = USD;
  for (const [key, value] of Object.entries(org.records)) sheet.addRow({ name: `Records held: ${key}`, value });
  sheet.addRow({ name: 'Holds EU residents’ data', value: org.holdsEuResidentsData ? 'yes' : 'no' });
  sheet.addRow({ name: 'Holds California residents’ data', value: org.holdsCaliforniaResidentsData ? 'yes' : 'no' });
  sheet.addRow({ name: 'Publicly traded', value: org.isPubliclyTraded ? 'yes' : 'no' });
  for (const factor of FACTORS) {
    const given = input.factors[factor.id];
    sheet.addRow({
      name: factor.name,
      value: result.factorAnswers[factor.id],
      note:
        given === undefined
          ? 'not answered: taken as average (partial)'
          : given === result.factorAnswers[factor.id]
            ? 'as answered'
            : `answered ${given}; set from framework evidence`,
    });
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
  for (const e of listCalibrationEntries())
    sheet.addRow({ key: e.key, label: e.label, value: e.value, unit: e.unit, assumption: e.isAssumption ? 'yes' : 'no', source: e.source });
}

/** IRIS 2025 revenue tiers: the geometric centre of each band, where its P(>= 1 incident) applies (ADR 100). */
const TIER_ANCHORS_USD = [Math.sqrt(1e6 * 1e7), Math.sqrt(1e7 * 1e8), Math.sqrt(1e8 * 1e9), Math.sqrt(1e9 * 1e10)];
const cal = (key: CalibrationKey): number => CALIBRATION[key].value;
/** The factors that move how often incidents happen (the others move what one costs). */
const FREQUENCY_FACTOR_NAMES = FACTORS.filter((f) => f.frequencyMultiplier.best !== 1 || f.frequencyMultiplier.worst !== 1).map(
  (f) => f.name,
);

/** Frequency: IRIS tier probability interpolated on log revenue, then industry, dispersion and the answers. */
function addFrequency(f: FormulaSheet, d: RiskDerivation, revenueRef: string) {
  const tierKeys = (d.sourceKeys['frequency'] ?? []).slice(0, TIER_ANCHORS_USD.length);
  f.heading('Frequency: how often a significant incident happens');
  tierKeys.forEach((key, i) =>
    f.input(`tier${i}`, `P(>= 1 event), revenue band ${i + 1} (at ${formatUsdShort(TIER_ANCHORS_USD[i] as number)})`, cal(key), key, PROB),
  );
  // The band pair the revenue falls between, as the engine interpolates (flat outside the anchors).
  const revenue = f.value('revenue');
  const upper = TIER_ANCHORS_USD.findIndex((a) => revenue <= a);
  const tierFormula =
    upper === 0
      ? f.ref('tier0')
      : upper === -1
        ? f.ref(`tier${TIER_ANCHORS_USD.length - 1}`)
        : `${f.ref(`tier${upper - 1}`)}*(1-(LN(${revenueRef})-LN(${TIER_ANCHORS_USD[upper - 1]}))/(LN(${TIER_ANCHORS_USD[upper]})-LN(${TIER_ANCHORS_USD[upper - 1]})))+${f.ref(`tier${upper}`)}*(LN(${revenueRef})-LN(${TIER_ANCHORS_USD[upper - 1]}))/(LN(${TIER_ANCHORS_USD[upper]})-LN(${TIER_ANCHORS_USD[upper - 1]}))`;
  f.formula(
    'tierP',
    'P(>= 1 event) at this revenue',
    d.frequencyTierProbability,
    tierFormula,
    'linear in log revenue between the two nearest band centres (flat outside them)',
    PROB,
  );
  f.input('industryP', 'P(>= 1 event), industry', d.industryProbability, d.sourceKeys['frequency']?.[4] ?? '', PROB);
  f.input('typicalP', 'P(>= 1 event), typical organisation', d.typicalProbability, 'frequencyProbabilityTypicalOrg', PROB);
  f.formula(
    'targetP',
    'P(>= 1 event) at average posture',
    d.targetProbability,
    `MIN(0.99,${f.ref('tierP')}*${f.ref('industryP')}/${f.ref('typicalP')})`,
    'revenue × industry / typical, capped at 99%',
    PROB,
  );
  f.input('r', 'Negative binomial dispersion r', d.dispersion, 'fitted to IRIS P(>= 2) per band, interpolated on log r');
  f.formula(
    'muAvg',
    'Mean events per year at average posture',
    d.meanEventsAtAverage,
    `${f.ref('r')}*((1-${f.ref('targetP')})^(-1/${f.ref('r')})-1)`,
    'μ = r × ((1 − p)^(−1/r) − 1)',
  );
  f.input(
    'freqMult',
    'Frequency multiplier of the answers',
    d.frequencyMultiplier,
    `product of the frequency multipliers of ${FREQUENCY_FACTOR_NAMES.join(', ')}; "not known" scored at the average`,
  );
  f.formula(
    'mu',
    'Mean events per year for this organisation',
    d.meanEventsPerYear,
    `${f.ref('muAvg')}*${f.ref('freqMult')}`,
    'μ × frequency multiplier',
  );
}

/** Severity: the per-incident components model 2.0 builds from the firm's headcount, revenue and records. */
function addSeverity(f: FormulaSheet, d: RiskDerivation, source: ReportSource) {
  const org = source.assessment.input.organisation;
  const [employees, revenue] = [f.ref('employees'), f.ref('revenue')];
  f.heading('Severity: what one incident costs');
  f.input('respBase', 'Response & forensics, fixed part (USD)', cal('responseBaseUsd'), 'responseBaseUsd', USD);
  f.input(
    'respPerEmp',
    'Response & forensics per employee at the reference headcount (USD)',
    cal('responsePerEmployeeUsd'),
    'responsePerEmployeeUsd',
    USD,
  );
  f.input('refEmp', 'Reference headcount', cal('responseReferenceEmployees'), 'responseReferenceEmployees');
  f.input('empExp', 'Headcount scaling exponent', cal('responseEmployeeExponent'), 'responseEmployeeExponent');
  f.formula(
    'response',
    'Median response & forensics per incident, average posture (USD)',
    d.responseMedianUsd,
    `${f.ref('respBase')}+${f.ref('respPerEmp')}*${f.ref('refEmp')}*(${employees}/${f.ref('refEmp')})^${f.ref('empExp')}`,
    'base + per employee × reference × (employees / reference)^b',
    USD_CENTS,
  );
  f.input(
    'biShare',
    'Business interruption, share of revenue at the reference revenue',
    cal('businessInterruptionRevenueShare'),
    'businessInterruptionRevenueShare',
  );
  f.input('refRevenue', 'Reference revenue (USD)', cal('sizeScalingReferenceRevenueUsd'), 'sizeScalingReferenceRevenueUsd', USD);
  f.input('revExp', 'Revenue scaling exponent of interruption', cal('interruptionRevenueExponent'), 'interruptionRevenueExponent');
  f.formula(
    'interruption',
    'Median business interruption per incident, average posture (USD)',
    d.interruptionMedianUsd,
    `${f.ref('biShare')}*${f.ref('refRevenue')}*(${revenue}/${f.ref('refRevenue')})^${f.ref('revExp')}`,
    'share × reference revenue × (revenue / reference)^b',
    USD_CENTS,
  );
  f.input('industrySev', 'Industry severity multiplier', d.industrySeverityMultiplier, d.sourceKeys['severity']?.[4] ?? '');
  f.input(
    'sevMult',
    'Severity multiplier of the answers',
    d.severityMultiplier,
    'psi rule over the factors, clamped (severityNonAdditivityPsi, severityMultiplierMin/Max)',
  );
  f.formula(
    'median',
    'Median response + interruption per incident, this organisation (USD)',
    d.medianCoreLossUsd,
    `(${f.ref('response')}+${f.ref('interruption')})*${f.ref('industrySev')}*${f.ref('sevMult')}`,
    '(response + interruption) × industry × answers',
    USD_CENTS,
  );
  f.input('sigma', 'Lognormal sigma of response + interruption', d.sigma, 'incidentSigma');

  f.heading('Records: notification, credit monitoring and regulatory response');
  const recordNames = {
    personal: 'Personal records',
    health: 'Health records',
    consumerFinancial: 'Consumer financial records',
    paymentCard: 'Payment card records',
  } as const;
  for (const [key, label] of Object.entries(recordNames))
    f.input(`rec-${key}`, `${label} held`, org.records[key as keyof typeof recordNames], 'input', '#,##0');
  f.input('cardWeight', 'Cost weight of a payment-card record', cal('paymentCardRecordWeight'), 'paymentCardRecordWeight');
  f.formula(
    'effRecords',
    'People an incident could expose',
    d.effectiveRecords,
    `MAX(${f.ref('rec-personal')},${f.ref('rec-health')},${f.ref('rec-consumerFinancial')},${f.ref('cardWeight')}*${f.ref('rec-paymentCard')})`,
    'largest weighted record count (types overlap)',
    '#,##0.00',
  );
  f.input('perRecord', 'Average cost per breached record (USD)', cal('perRecordCostAverage'), 'perRecordCostAverage', USD_CENTS);
  f.input('recordShare', 'Share of the per-record cost driven by record counts', cal('recordDrivenCostShare'), 'recordDrivenCostShare');
  f.input('refRecords', 'Reference breach size (records)', cal('recordCostReferenceRecords'), 'recordCostReferenceRecords', '#,##0');
  f.input('recordExp', 'Record-cost scaling exponent', cal('recordCostScaleExponent'), 'recordCostScaleExponent');
  // Small-firm scale (ADR 213): 1 at and above the knee revenue; shrinks records costs, fines and ransoms below it.
  f.input(
    'smallKnee',
    'Revenue below which records costs, fines and ransoms shrink (USD)',
    cal('smallFirmKneeRevenueUsd'),
    'smallFirmKneeRevenueUsd',
    USD,
  );
  f.input('smallExp', 'Small-firm scaling exponent', cal('smallFirmScaleExponent'), 'smallFirmScaleExponent');
  f.formula(
    'smallScale',
    'Small-firm scale of records costs, fines and ransoms (intermediate)',
    Math.min(1, org.annualRevenueUsd / cal('smallFirmKneeRevenueUsd')) ** cal('smallFirmScaleExponent'),
    `MIN(1,${revenue}/${f.ref('smallKnee')})^${f.ref('smallExp')}`,
    'min(1, revenue / knee)^b',
  );
  const n = f.ref('effRecords');
  f.formula(
    'recordsCost',
    'Records-driven cost if every record were exposed, average posture (USD)',
    d.recordsCostAllExposedUsd,
    `IF(${n}<=0,0,${f.ref('perRecord')}*${f.ref('recordShare')}*${f.ref('refRecords')}*(${n}/${f.ref('refRecords')})^${f.ref('recordExp')}*${f.ref('smallScale')})`,
    'cost per record × share × reference × (records / reference)^b × small-firm scale',
    USD_CENTS,
  );

  f.heading('Cap, fines and ransom');
  f.input('capMultiple', 'Cap on one incident, multiple of revenue', cal('perEventCapRevenueMultiple'), 'perEventCapRevenueMultiple');
  f.formula(
    'cap',
    'Cap on the total loss of one incident (USD)',
    d.capPerEventUsd,
    `${f.ref('capMultiple')}*${revenue}`,
    'multiple × revenue',
    USD,
  );
  f.input('sizeExp', 'Fine and ransom scaling exponent', cal('sizeScalingExponent'), 'sizeScalingExponent');
  f.formula(
    'sizeScale',
    'Size scale of fines and ransoms (intermediate)',
    (org.annualRevenueUsd / cal('sizeScalingReferenceRevenueUsd')) ** cal('sizeScalingExponent'),
    `(${revenue}/${f.ref('refRevenue')})^${f.ref('sizeExp')}`,
    '(revenue / reference)^b',
  );
  f.input('fineMedianRef', 'Median regulatory fine at the reference revenue (USD)', cal('fineMedian'), 'fineMedian', USD);
  f.formula(
    'fineMedian',
    'Median fine for this organisation (USD)',
    d.fineMedianUsd,
    `${f.ref('fineMedianRef')}*${f.ref('sizeScale')}*${f.ref('smallScale')}`,
    'median × size scale × small-firm scale',
    USD_CENTS,
  );
  if (d.fineRegimes.length > 0) {
    const multiplierKey: CalibrationKey | null =
      d.a4Level === 'best' ? 'fineProbabilityMultiplierCompliant' : d.a4Level === 'worst' ? 'fineProbabilityMultiplierNonCompliant' : null;
    f.input(
      'fineBase',
      'P(fine under one regime | incident), average posture',
      cal('finePerRegimeProbability'),
      'finePerRegimeProbability',
      PROB,
    );
    f.input(
      'fineMult',
      `Fine probability multiplier with ${getFactor('A4').name} at ${d.a4Level}`,
      multiplierKey === null ? 1 : cal(multiplierKey),
      multiplierKey ?? 'partly in place: 1',
    );
    f.formula(
      'fineP',
      `P(fine) per incident under each of ${d.fineRegimes.join(', ')}`,
      d.fineProbabilityPerRegime,
      `MIN(1,${f.ref('fineBase')}*${f.ref('fineMult')})`,
      `base × the ${getFactor('A4').name} multiplier, at most 1`,
      PROB,
    );
  }
  // Model 3.0 pays a ransom only in the ransomware loss scenario (ADR 223); results of earlier models
  // applied the share of SMB breaches involving ransomware to every incident.
  const ransomware = LOSS_SCENARIOS.find((s) => s.id === 'ransomware')!;
  if (source.assessment.result.lossScenarios === undefined)
    f.input('ransomShare', 'Share of SMB breaches involving ransomware', cal('ransomwareShareSmb'), 'ransomwareShareSmb', PROB);
  else
    f.input(
      'ransomShare',
      `Share of incidents that are ${ransomware.label.toLowerCase()}`,
      ransomware.frequencyShare.value,
      ransomware.frequencyShare.source,
      PROB,
    );
  f.input('ransomPay', 'Share of ransomware victims who pay', cal('ransomPayRate'), 'ransomPayRate', PROB);
  f.formula(
    'ransomP',
    'P(ransom paid) per incident',
    d.ransomProbability,
    `${f.ref('ransomShare')}*${f.ref('ransomPay')}`,
    'ransomware share × pay rate',
    PROB,
  );
  f.input('ransomMedianRef', 'Median ransom at the reference revenue (USD)', cal('ransomMedian'), 'ransomMedian', USD);
  f.formula(
    'ransomMedian',
    'Median ransom for this organisation (USD)',
    d.ransomMedianUsd,
    `${f.ref('ransomMedianRef')}*${f.ref('sizeScale')}*${f.ref('smallScale')}`,
    'median × size scale × small-firm scale',
    USD_CENTS,
  );
}

/**
 * The 1-in-100 year and the policy: what stays with the organisation is the pack's one uninsured
 * figure (key-figures.ts, ADR 271), the 1-in-100 year of the loss kept after insurance; what the
 * policy pays and its share follow from it with live formulas.
 */
function addOneInHundred(f: FormulaSheet, one: OneInHundredView, key: KeyFigures) {
  f.heading('Insurance view of a 1-in-100 year');
  f.input(
    'p99',
    'Loss of a 1-in-100 year, before insurance (USD)',
    one.oneInHundredYearLossUsd,
    'simulated (P99 of annual loss)',
    USD_CENTS,
  );
  f.input(
    'needed',
    'Insurable in that year after retention and co-insurance (USD)',
    one.limitToCoverOneInHundredYearUsd,
    'simulated: the limit that would cover it',
    USD_CENTS,
  );
  if (one.policyLimitUsd === null) return;
  f.input('limit', 'Policy aggregate limit (USD)', one.policyLimitUsd, 'input', USD);
  f.input(
    'uncovered',
    'Stays with the organisation in a 1-in-100 year (USD)',
    key.uninsuredOneInHundred.value,
    'simulated (P99 of the annual loss kept after insurance)',
    USD,
  );
  f.formula(
    'recovered',
    'Paid by the policy in that year (USD)',
    one.oneInHundredYearLossUsd - key.uninsuredOneInHundred.value,
    `MAX(0,${f.ref('p99')}-${f.ref('uncovered')})`,
    'loss − kept',
    USD_CENTS,
  );
  // Cached from the unrounded loss, as the formula computes it; it prints as the key figure's share (key-figures.ts).
  const p99 = one.oneInHundredYearLossUsd;
  f.formula(
    'covered',
    'Share of that year the policy pays',
    p99 > 0 ? Math.min(1, Math.max(0, p99 - key.uninsuredOneInHundred.value) / p99) : 0,
    `IF(${f.ref('p99')}>0,MIN(1,${f.ref('recovered')}/${f.ref('p99')}),0)`,
    'paid / loss',
    PROB,
  );
}

function addAnalytic(workbook: ExcelJS.Workbook, source: ReportSource, key: KeyFigures): FormulaSheet {
  const result = source.assessment.result;
  const view = readResult(result);
  const f = new FormulaSheet(workbook.addWorksheet('Analytic'));
  const org = source.assessment.input.organisation;

  f.heading('The organisation');
  f.input('employees', 'Employees', org.employees, 'input', '#,##0');
  f.input('revenue', 'Annual revenue (USD)', org.annualRevenueUsd, 'input', USD);
  if (view.derivation === null) {
    f.heading(
      `Frequency and severity: computed by model ${view.engineVersion}, whose derivation differs from model 2; re-run the assessment to recompute them here.`,
    );
  } else {
    addFrequency(f, view.derivation, f.ref('revenue'));
    addSeverity(f, view.derivation, source);
  }

  f.heading('Simulation precision');
  f.input('sd', 'Standard deviation of annual loss (USD)', result.annualLoss.standardDeviationUsd, 'simulated', USD_CENTS);
  f.input('years', 'Simulated years', view.iterations, 'iterations');
  f.formula(
    'se',
    'Standard error of the expected annual loss (USD)',
    view.standardErrorUsd,
    `${f.ref('sd')}/SQRT(${f.ref('years')})`,
    'sd / √years',
    USD_CENTS,
  );
  f.input('aleForSe', 'Expected annual loss (USD), stored', view.aleUsd, 'simulated', USD_CENTS);
  if (view.precision !== null)
    f.formula(
      'relSe',
      'Standard error as a share of the expected loss',
      view.precision.relativeStandardError,
      `${f.ref('se')}/${f.ref('aleForSe')}`,
      `se / ALE (target ${view.precision.targetRelativeStandardError ?? 'none: fixed years'})`,
      PROB,
    );

  f.heading('Risk score (log position between best, average and worst posture)');
  f.input('ale', 'Expected annual loss (USD)', view.aleUsd, 'simulated', USD_CENTS);
  f.input('best', 'ALE with every answer at best (USD)', result.riskScore.allBestAleUsd, 'simulated on the same years', USD_CENTS);
  f.input('avg', 'ALE with every answer average (USD)', result.riskScore.averageAleUsd, 'simulated on the same years', USD_CENTS);
  f.input('worst', 'ALE with every answer at worst (USD)', result.riskScore.allWorstAleUsd, 'simulated on the same years', USD_CENTS);
  const [ale, best, avg, worst] = [f.ref('ale'), f.ref('best'), f.ref('avg'), f.ref('worst')];
  f.formula(
    'score',
    'Security posture score (0-100, lower is better)',
    result.riskScore.score,
    `ROUND(MIN(100,MAX(0,IF(${ale}<=${avg},50*LN(MAX(${ale},${best})/${best})/LN(${avg}/${best}),50+50*LN(MIN(${ale},${worst})/${avg})/LN(${worst}/${avg})))),1)`,
    '0 = best, 50 = average peer, 100 = worst; log scale, one decimal',
    '0.0',
  );

  f.heading('Where the money goes (share of the expected loss)');
  const categories = view.costBreakdown;
  const categoryTotal = categories.reduce((s, c) => s + c.expectedAnnualUsd, 0);
  categories.forEach((c) =>
    f.input(`cat-${c.category}`, `${c.label}: expected annual loss (USD)`, c.expectedAnnualUsd, 'simulated', USD_CENTS),
  );
  const sumFormula = categories.map((c) => f.ref(`cat-${c.category}`)).join('+');
  categories.forEach((c) =>
    f.formula(
      `share-${c.category}`,
      `${c.label}: share`,
      c.share,
      `${f.ref(`cat-${c.category}`)}/(${sumFormula})`,
      'category / all categories',
      PROB,
    ),
  );
  f.formula('catSum', 'All categories (= expected annual loss)', categoryTotal, sumFormula, 'sum of the categories', USD_CENTS);

  if (view.oneInHundred !== null) addOneInHundred(f, view.oneInHundred, key);

  const addReturns = (heading: string, list: readonly RecommendationView[]) => {
    if (list.length === 0) return;
    f.heading(heading);
    for (const r of list) {
      const id = `rec-${r.factorId}`;
      f.input(
        `${id}-red`,
        `${r.factorName}: loss reduction a year (USD)`,
        r.annualLossReductionUsd,
        'ALE now − ALE with this factor at best, same years',
        USD_CENTS,
      );
      if (r.expectedShortfall99ReductionUsd !== null)
        f.input(
          `${id}-es`,
          `${r.factorName}: reduction of the worst 1% of years (USD)`,
          r.expectedShortfall99ReductionUsd,
          'expected shortfall 99 now − after, same years',
          USD_CENTS,
        );
      f.input(`${id}-low`, `${r.factorName}: annual cost, low (USD)`, r.annualCostLowUsd, 'typical SME cost band (assumption)', USD);
      f.input(`${id}-high`, `${r.factorName}: annual cost, high (USD)`, r.annualCostHighUsd, 'typical SME cost band (assumption)', USD);
      f.formula(
        `${id}-mid`,
        `${r.factorName}: annual cost, mid (USD)`,
        r.annualCostMidUsd,
        `(${f.ref(`${id}-low`)}+${f.ref(`${id}-high`)})/2`,
        '(low + high) / 2',
        USD_CENTS,
      );
      f.formula(
        `${id}-rosi`,
        `${r.factorName}: return on security investment`,
        r.returnOnSecurityInvestment,
        `(${f.ref(`${id}-red`)}-${f.ref(`${id}-mid`)})/${f.ref(`${id}-mid`)}`,
        '(reduction − cost) / cost',
      );
      if (r.paybackMonths !== null)
        f.formula(
          `${id}-payback`,
          `${r.factorName}: payback (months)`,
          r.paybackMonths,
          `${f.ref(`${id}-mid`)}/${f.ref(`${id}-red`)}*12`,
          'cost / reduction × 12',
        );
    }
  };
  addReturns('Top fixes: return and payback', view.recommendations);
  addReturns(
    'Required whatever their return, though they cost more than they remove at typical prices: return',
    (view.requiredControls ?? []).filter((r) => r.returnOnSecurityInvestment < 0),
  );
  addReturns('Not worth it at typical prices (cost more than they remove): return', view.recommendationsNotWorthIt ?? []);
  return f;
}

const LEVEL_HEADING = 'How certain the dollar level is';

function addReadMe(workbook: ExcelJS.Workbook, model: ReportModel, hasPlan: boolean) {
  const sheet = workbook.addWorksheet('Read me');
  sheet.getColumn(1).width = 120;
  const lines = [
    model.meta.title,
    `Assessment "${model.meta.assessmentTitle}" of ${model.meta.organisationName}, completed ${model.meta.completedOn} by ${model.meta.authorName}. Risk model ${model.meta.engineVersion}, seed ${model.meta.seed}, ${model.meta.iterations.toLocaleString('en-US')} simulated years.`,
    '',
    'Headline: every figure of the report’s first page, the what-changed waterfall and the fix plan, next to a live formula linking it to the cell that recomputes it; Difference should be 0.',
    'Inputs: the answers and profile the model ran on.',
    'Parameters: every number the model uses, with its calibration key and source (or "assumption").',
    'Analytic: the closed-form parts of the model (frequency, severity, precision, score, shares, returns) as live formulas next to the stored values.',
    'Simulated years: every simulated year that had a loss, regenerated from the input and seed; all other years lost $0.',
    'Incidents: the cost of every simulated incident, regenerated the same way.',
    'Statistics: the expected loss, its range, the percentiles, the worst-1% average and the cost of one incident, recomputed from those two sheets with live formulas.',
    ...(model.whatChanged === null
      ? []
      : ['What changed: the waterfall from the previous assessment’s expected loss to this one, each bar a live difference.']),
    ...(hasPlan
      ? [
          'Fix plan: the fixes in the order the plan takes them, each measured with the earlier ones in place; savings, costs and payback as live formulas.',
        ]
      : []),
    ...(model.scenarios === null
      ? []
      : [
          'Scenarios: each named loss scenario’s expected loss recomputed from its cost categories, and the five added up against the expected loss (the check cell should read 0).',
        ]),
    'Every formula also stores its last result, so viewers that do not recalculate still show the figures.',
    // The level's uncertainty, in the same words as the PDF appendix (loss-scenario-words.ts).
    ...(model.uncertainty.levelLines.length === 0 ? [] : ['', LEVEL_HEADING, ...model.uncertainty.levelLines]),
  ];
  lines.forEach((text, i) => {
    const row = sheet.addRow([text]);
    if (i === 0) row.font = { bold: true, size: 14 };
    if (text === LEVEL_HEADING) row.font = { bold: true };
    // The level paragraphs are long: wrapped in the wide column, so they read without scrolling sideways.
    if (model.uncertainty.levelLines.includes(text)) row.alignment = { wrapText: true, vertical: 'top' };
  });
}

/** The cell holding the current expected loss: live from the simulated years when they could be regenerated. */
function currentAleLink(stats: FormulaSheet, analytic: FormulaSheet): CellLink {
  if (stats.has('ale'))
    return {
      ref: stats.qualifiedRef('ale'),
      value: stats.value('ale'),
      how: 'this assessment’s expected loss, recomputed on the Statistics sheet',
    };
  return {
    ref: analytic.qualifiedRef('ale'),
    value: analytic.value('ale'),
    how: 'this assessment’s stored expected loss (Analytic sheet)',
  };
}

/** The verification workbook: headline checks, inputs, parameters, live formulas, simulated years and incidents. */
export async function renderWorkbook(model: ReportModel, source: ReportSource): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'CIFER';
  workbook.title = `Verification workbook: ${model.meta.organisationName}`;
  workbook.created = new Date(model.meta.generatedAt);
  // Every formula carries its cached result (for viewers that do not recalculate); Excel and
  // LibreOffice still recompute everything when the file opens.
  workbook.calcProperties.fullCalcOnLoad = true;
  const { input, result } = source.assessment;
  const plan = readFixPlan(result, controlName);
  addReadMe(workbook, model, plan !== null);
  // Created here so it is the second tab; filled last, when the cells it links to exist.
  const headline = new FormulaSheet(workbook.addWorksheet('Headline'), 'In the report');
  addInputs(workbook, source);
  addParameters(workbook);
  const analytic = addAnalytic(workbook, source, model.keyFigures);
  const { stats, bulk } = addSampleSheets(workbook, result, regenerateLossSamples(input, result));
  const whatChanged = model.whatChanged === null ? null : addWhatChangedSheet(workbook, model.whatChanged, currentAleLink(stats, analytic));
  const planSheet = plan === null ? null : addFixPlanSheet(workbook, plan);
  fillHeadlineSheet(headline, model, { stats, analytic, whatChanged, fixPlan: planSheet });
  if (plan !== null && planSheet !== null) fillHeadlinePlan(headline, model, plan, planSheet);
  addCoverageSheet(workbook, model.coverage);
  addOptionsSheet(workbook, model.keyFigures);
  if (model.scenarios !== null)
    addScenariosSheet(workbook, model.scenarios, model.uncertainty, currentAleLink(stats, analytic), model.headline.aleUsd);
  const stored = await workbook.xlsx.writeBuffer({ zip: { compression: 'STORE' } } as ExcelJS.XlsxWriteOptions);
  return fillBulkColumns(Buffer.from(stored), bulk);
}
