import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { beforeAll, describe, expect, test } from 'vitest';
import { CALIBRATION } from '@/engine/calibration/calibration.ts';
import { FACTORS } from '@/engine/factors.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { listCalibrationEntries } from '@/engine/list-calibration-entries.ts';
import { readFixPlan } from './read-fix-plan.ts';
import type { ReportSource } from './report-model.ts';
import { renderWorkbook } from './render-workbook.ts';
import { buildReportModelHere, buildSampleReportSource } from './test-fixtures.ts';
import { createFormulaEvaluator } from './test-support/evaluate-formulas.ts';

const source = buildSampleReportSource();
const model = buildReportModelHere(source);
const workbook = new ExcelJS.Workbook();
const hasFixPlan = readFixPlan(source.assessment.result, (id) => id) !== null;
let cached: Map<string, number | null>;

async function load(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return book;
}

beforeAll(async () => {
  const file = await renderWorkbook(model, source);
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  cached = await readCachedResults(file);
}, 60_000);

type FormulaValue = { formula: string; result?: unknown };
const isFormula = (value: unknown): value is FormulaValue => value !== null && typeof value === 'object' && 'formula' in value;

function formulaRows(book: ExcelJS.Workbook, sheetName: string) {
  const sheet = book.getWorksheet(sheetName);
  if (!sheet) throw new Error(`missing sheet ${sheetName}`);
  const rows: { label: string; stored: number; formula: string; row: number }[] = [];
  sheet.eachRow((row, n) => {
    const cell = row.getCell(3).value;
    if (n > 1 && isFormula(cell))
      rows.push({ label: String(row.getCell(1).value), stored: Number(row.getCell(2).value), formula: String(cell.formula), row: n });
  });
  return rows;
}

function expectClose(actual: number, expected: number, label: string) {
  const tolerance = Math.max(1e-9, Math.abs(expected) * 1e-9);
  expect(Math.abs(actual - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

/**
 * The cached result of every formula cell, as a viewer that does not recalculate reads it: the
 * <v> next to each <f> in the saved XML (exceljs's reader drops a cached 0, so it is not used
 * here). Keyed "Sheet!C5"; null when a formula has no cached number.
 */
async function readCachedResults(buffer: Buffer): Promise<Map<string, number | null>> {
  const zip = await JSZip.loadAsync(buffer);
  const names = new Map(
    [...(await zip.file('xl/workbook.xml')!.async('string')).matchAll(/<sheet sheetId="(\d+)" name="([^"]+)"/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&amp;/g, '&'),
    ]),
  );
  const cached = new Map<string, number | null>();
  for (const [id, sheet] of names) {
    const xml = await zip.file(`xl/worksheets/sheet${id}.xml`)!.async('string');
    for (const cell of xml.matchAll(/<c r="([A-Z]+\d+)"[^>]*>(.*?)<\/c>/g)) {
      if (!cell[2]!.includes('<f>')) continue;
      const value = /<v>([^<]+)<\/v>/.exec(cell[2]!)?.[1];
      cached.set(`${sheet}!${cell[1]}`, value === undefined || !Number.isFinite(Number(value)) ? null : Number(value));
    }
  }
  return cached;
}

/** Formula cells exceljs reads back whose cached result is missing from the saved file. */
function formulaCellsWithoutResult(book: ExcelJS.Workbook, cached: Map<string, number | null>): string[] {
  const missing: string[] = [];
  book.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const key = `${sheet.name}!${cell.address}`;
        if (isFormula(cell.value) && (cached.get(key) ?? null) === null) missing.push(key);
      }),
    ),
  );
  return missing;
}

describe('verification workbook', () => {
  test('has the headline checks, inputs, every model parameter, the samples and the waterfall', () => {
    const plan = hasFixPlan ? ['Fix plan'] : [];
    const sheets = [
      'Read me',
      'Headline',
      'Inputs',
      'Parameters',
      'Analytic',
      'Simulated years',
      'Incidents',
      'Statistics',
      'What changed',
      ...plan,
    ];
    // In this order, the headline checks second; other sheets (the coverage sheet of ADR 219) may follow.
    expect(workbook.worksheets.map((s) => s.name).slice(0, sheets.length)).toEqual(sheets);
    const parameters = workbook.getWorksheet('Parameters')!;
    expect(parameters.rowCount - 1).toBe(listCalibrationEntries().length);
    expect(parameters.getRow(1).values).toEqual([undefined, 'Calibration key', 'Parameter', 'Value', 'Unit', 'Assumption', 'Source']);
    const inputs = workbook.getWorksheet('Inputs')!;
    expect(inputs.getCell('B5').value).toBe(24_000_000);
  });

  test('lists every simulated incident the median cost of an incident is taken from, exactly', () => {
    const incidents = workbook.getWorksheet('Incidents')!;
    const { eventCount } = source.assessment.result.costIfItHappens;
    expect(incidents.rowCount - 1).toBe(eventCount);
    const values = (incidents.getColumn(1).values as unknown[]).slice(2).map(Number);
    expect(values.every((v) => Number.isFinite(v) && v > 0)).toBe(true);
    const sorted = [...values].sort((a, b) => a - b);
    expect(sorted[Math.ceil(0.5 * eventCount) - 1]).toBe(source.assessment.result.costIfItHappens.percentilesUsd.p50);
  });

  test('every headline figure of the report is recomputed by a live formula: equal to the report and to the cached value', () => {
    const evaluator = createFormulaEvaluator(workbook);
    const rows = formulaRows(workbook, 'Headline');
    const numericKeys = Object.entries(model.headline).filter(([, v]) => typeof v === 'number');
    // Page 1, the waterfall (previous, each bar, total) and, when the result has one, the plan (after, saving)
    // and the decision's fixes together (loss after, saving, cost, payback).
    const decisionRows = hasFixPlan && model.message.decision.together !== null ? 4 : 0;
    expect(rows.length).toBe(numericKeys.length + 2 + model.whatChanged!.steps.length + (hasFixPlan ? 2 : 0) + decisionRows);
    const headline = workbook.getWorksheet('Headline')!;
    const unchecked: string[] = [];
    headline.eachRow((row, n) => {
      if (n > 1 && typeof row.getCell(2).value === 'number' && !isFormula(row.getCell(3).value))
        unchecked.push(String(row.getCell(1).value));
    });
    expect(unchecked, 'headline figures without a formula').toEqual([]);
    for (const row of rows) {
      const recomputed = evaluator.evaluate('Headline', row.formula);
      expectClose(recomputed, row.stored, row.label);
      expectClose(cached.get(`Headline!C${row.row}`)!, recomputed, `${row.label} (cached)`);
    }
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r.stored]));
    expect(byLabel['Cost if it happens: median incident']).toBe(model.headline.costIfItHappensUsd);
    expect(byLabel['Average of the worst 1% of years']).toBe(model.headline.expectedShortfall99Usd);
    expect(byLabel['Change of the expected annual loss']).toBe(model.whatChanged!.totalDeltaUsd);
    model.whatChanged!.steps.forEach((step) => expect(byLabel[`Change: ${step.label}`]).toBe(step.deltaUsd));
  });

  test('no formula cell lacks its cached result in the saved file', () => {
    expect(cached.size).toBeGreaterThan(100);
    expect(formulaCellsWithoutResult(workbook, cached)).toEqual([]);
    expect([...cached].filter(([, v]) => v === null).map(([k]) => k)).toEqual([]);
  });

  test('the analytic formulas recompute the stored values', () => {
    const evaluator = createFormulaEvaluator(workbook);
    const rows = formulaRows(workbook, 'Analytic');
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expectClose(evaluator.evaluate('Analytic', row.formula), row.stored, row.label);
    const labels = rows.map((r) => r.label);
    for (const label of [
      'P(>= 1 event) at this revenue',
      'P(>= 1 event) at average posture',
      'Mean events per year for this organisation',
      'Median response & forensics per incident, average posture (USD)',
      'Median business interruption per incident, average posture (USD)',
      'Median response + interruption per incident, this organisation (USD)',
      'People an incident could expose',
      'Records-driven cost if every record were exposed, average posture (USD)',
      'Cap on the total loss of one incident (USD)',
      'Median fine for this organisation (USD)',
      'P(ransom paid) per incident',
      'Median ransom for this organisation (USD)',
      'Standard error as a share of the expected loss',
      'Security posture score (0-100, lower is better)',
    ]) {
      expect(labels).toContain(label);
    }
    const d = source.assessment.result.derivation;
    const stored = Object.fromEntries(rows.map((r) => [r.label, r.stored]));
    expect(stored['Median response + interruption per incident, this organisation (USD)']).toBe(d.medianCoreLossUsd);
    expect(stored['Records-driven cost if every record were exposed, average posture (USD)']).toBe(d.recordsCostAllExposedUsd);
    expect(stored['Median ransom for this organisation (USD)']).toBe(d.ransomMedianUsd);
  });

  test('the statistics recompute from the simulated years and incidents: the stored result, the cached values', () => {
    const evaluator = createFormulaEvaluator(workbook);
    const rows = formulaRows(workbook, 'Statistics');
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r]));
    const result = source.assessment.result;
    expect(byLabel['Expected annual loss (USD)']?.stored).toBe(result.annualLoss.expectedUsd);
    expect(byLabel['Mean of the worst 1% of years (USD)']?.stored).toBe(result.annualLoss.expectedShortfall99Usd);
    expect(byLabel['Median cost of one incident (USD)']?.stored).toBe(result.costIfItHappens.percentilesUsd.p50);
    for (const row of rows) {
      const recomputed = evaluator.evaluate('Statistics', row.formula);
      expectClose(recomputed, row.stored, row.label);
      expectClose(cached.get(`Statistics!C${row.row}`)!, recomputed, `${row.label} (cached)`);
    }
    expect(rows.map((r) => r.label)).toEqual([
      'Years with a loss',
      'Expected annual loss (USD)',
      'P(at least one loss event in a year)',
      'Standard deviation (USD)',
      'Standard error of the expected loss (USD)',
      'Expected annual loss, low end of the 95% simulation range (USD)',
      'Expected annual loss, high end of the 95% simulation range (USD)',
      'Median year (USD)',
      '1 year in 10 (USD)',
      '1 year in 20 (USD)',
      '1 year in 100 (USD)',
      'P(annual loss > $1M)',
      'Years in the worst 1%',
      'Smallest year of the worst 1% (USD)',
      'Mean of the worst 1% of years (USD)',
      'Incidents simulated',
      'Median cost of one incident (USD)',
      'Cost of one incident in 20, or more (USD)',
      'Mean cost of one incident (USD)',
    ]);
  });

  test('the sample formulas read the samples: doubling every incident doubles the median, the worst year moves the worst-1% average', () => {
    const rows = formulaRows(workbook, 'Statistics');
    const median = rows.find((r) => r.label === 'Median cost of one incident (USD)')!;
    const es = rows.find((r) => r.label === 'Mean of the worst 1% of years (USD)')!;
    const incidents = workbook.getWorksheet('Incidents')!;
    const years = workbook.getWorksheet('Simulated years')!;
    const original = (incidents.getColumn(1).values as unknown[]).map(Number);
    for (let r = 2; r <= incidents.rowCount; r++) incidents.getCell(`A${r}`).value = 2 * (original[r] as number);
    expectClose(createFormulaEvaluator(workbook).evaluate('Statistics', median.formula), 2 * median.stored, 'median of doubled incidents');
    for (let r = 2; r <= incidents.rowCount; r++) incidents.getCell(`A${r}`).value = original[r] as number;

    const yearValues = (years.getColumn(1).values as unknown[]).map(Number);
    const worstRow = yearValues.indexOf(Math.max(...yearValues.slice(2)));
    const tail = Math.ceil(0.01 * source.assessment.result.iterations);
    years.getCell(`A${worstRow}`).value = (yearValues[worstRow] as number) + tail * 1000;
    expectClose(
      createFormulaEvaluator(workbook).evaluate('Statistics', es.formula),
      es.stored + 1000,
      'worst-1% average with the worst year $1000 × K higher',
    );
    years.getCell(`A${worstRow}`).value = yearValues[worstRow] as number;
  });

  test('the what-changed bars are live differences that chain from the previous expected loss to this one', () => {
    const change = model.whatChanged!;
    const evaluator = createFormulaEvaluator(workbook);
    const rows = formulaRows(workbook, 'What changed');
    const bars = rows.filter((r) => r.label.startsWith('Change: '));
    expect(bars.map((r) => r.label)).toEqual(change.steps.map((s) => `Change: ${s.label} (USD)`));
    bars.forEach((bar, i) => expectClose(evaluator.evaluate('What changed', bar.formula), change.steps[i]!.deltaUsd, bar.label));
    const total = rows.find((r) => r.label.startsWith('Change of the expected annual loss'))!;
    expectClose(evaluator.evaluate('What changed', total.formula), change.totalDeltaUsd, 'total');
    // The chain ends at this workbook's own expected loss, recomputed from the simulated years.
    const end = rows.find((r) => r.label.includes('this assessment'))!;
    expect(end.formula).toMatch(/^'Statistics'!C\d+$/);
  });

  test('fixes and answers carry plain names, never factor codes', () => {
    const codes = new RegExp(`\\b(${FACTORS.map((f) => f.id).join('|')})\\b`);
    const offending: string[] = [];
    for (const name of ['Headline', 'Inputs', 'Analytic', 'Statistics', 'What changed']) {
      workbook.getWorksheet(name)!.eachRow((row) => {
        for (const column of [1, 5]) {
          const text = row.getCell(column).value;
          if (typeof text === 'string' && codes.test(text)) offending.push(`${name}: ${text}`);
        }
      });
    }
    expect(offending).toEqual([]);
    const analyticLabels = formulaRows(workbook, 'Analytic').map((r) => r.label);
    const fix = model.fixes[0] ?? model.notWorthIt?.fixes[0];
    expect(analyticLabels).toContain(`${fix!.name}: return on security investment`);
  });

  test('the formulas read their inputs: a changed input changes the recomputed value', () => {
    const score = formulaRows(workbook, 'Analytic').find((r) => r.label === 'Security posture score (0-100, lower is better)')!;
    const sheet = workbook.getWorksheet('Analytic')!;
    const aleRow = sheet.getColumn(1).values.findIndex((v) => v === 'Expected annual loss (USD)');
    expect(aleRow).toBeGreaterThan(1);
    sheet.getCell(`C${aleRow}`).value = source.assessment.result.riskScore.allWorstAleUsd;
    expect(createFormulaEvaluator(workbook).evaluate('Analytic', score.formula)).toBe(100);
    sheet.getCell(`C${aleRow}`).value = source.assessment.result.annualLoss.expectedUsd;
  });

  test('the severity formulas read the firm: twice the headcount raises the response cost by 2^0.7', () => {
    const response = formulaRows(workbook, 'Analytic').find(
      (r) => r.label === 'Median response & forensics per incident, average posture (USD)',
    )!;
    const sheet = workbook.getWorksheet('Analytic')!;
    const employeesRow = sheet.getColumn(1).values.findIndex((v) => v === 'Employees');
    const employees = Number(sheet.getCell(`C${employeesRow}`).value);
    sheet.getCell(`C${employeesRow}`).value = 2 * employees;
    const base = CALIBRATION.responseBaseUsd.value;
    const doubled = createFormulaEvaluator(workbook).evaluate('Analytic', response.formula);
    sheet.getCell(`C${employeesRow}`).value = employees;
    expectClose(
      doubled - base,
      (response.stored - base) * 2 ** CALIBRATION.responseEmployeeExponent.value,
      'response at twice the headcount',
    );
  });
});

describe('verification workbook with a joint fix plan', () => {
  const result = source.assessment.result;
  const ale = result.annualLoss.expectedUsd;
  const [first, second] = [FACTORS[2]!, FACTORS[6]!];
  // A plan as the engine stores it (ADR 220): each step one joint run with the earlier fixes applied.
  const fixPlan = {
    expectedLossBeforeUsd: ale,
    expectedLossAfterUsd: 0.7 * ale,
    steps: [
      {
        factorId: first.id,
        factorName: first.name,
        annualCostUsd: 4000,
        expectedLossAfterUsd: 0.8 * ale,
        stepSavingUsd: 0.2 * ale,
        cumulativeSavingUsd: 0.2 * ale,
        cumulativeAnnualCostUsd: 4000,
      },
      {
        factorId: second.id,
        factorName: second.name,
        annualCostUsd: 6000,
        expectedLossAfterUsd: 0.7 * ale,
        stepSavingUsd: 0.8 * ale - 0.7 * ale,
        cumulativeSavingUsd: ale - 0.7 * ale,
        cumulativeAnnualCostUsd: 10_000,
      },
    ],
  };
  const planSource: ReportSource = {
    ...source,
    assessment: { ...source.assessment, result: { ...result, fixPlan } as unknown as RiskResult },
  };
  const planModel = buildReportModelHere(planSource);
  let book: ExcelJS.Workbook;
  let planCached: Map<string, number | null>;

  beforeAll(async () => {
    const file = await renderWorkbook(planModel, planSource);
    book = await load(file);
    planCached = await readCachedResults(file);
  }, 60_000);

  test('adds a plan sheet whose savings and costs are live formulas over the joint runs, fixes by name', () => {
    expect(book.worksheets.map((s) => s.name)).toContain('Fix plan');
    const evaluator = createFormulaEvaluator(book);
    const rows = formulaRows(book, 'Fix plan');
    for (const row of rows) {
      const recomputed = evaluator.evaluate('Fix plan', row.formula);
      expectClose(recomputed, row.stored, row.label);
      expectClose(planCached.get(`Fix plan!C${row.row}`)!, recomputed, `${row.label} (cached)`);
    }
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r.stored]));
    expect(byLabel[`${second.name}: saving given the fixes before it (USD)`]).toBe(fixPlan.steps[1]!.stepSavingUsd);
    expect(byLabel['Fixes 1-2 together: cost a year (USD)']).toBe(10_000);
    const headline = formulaRows(book, 'Headline');
    expect(headline.find((r) => r.label === 'Saving a year of the whole plan')?.stored).toBeCloseTo(0.3 * ale, 6);
    expect(formulaCellsWithoutResult(book, planCached)).toEqual([]);
  });

  test('the decision\'s "together" figures link to the plan step where the ask ends, and recompute', () => {
    const together = planModel.message.decision.together;
    expect(together).not.toBeNull();
    const evaluator = createFormulaEvaluator(book);
    const rows = Object.fromEntries(formulaRows(book, 'Headline').map((r) => [r.label, r]));
    const expected = {
      'Expected annual loss with them': together!.lossAfterUsd,
      'Saving a year, together': together!.savingUsd,
      'Cost a year, together': together!.annualCostUsd,
      'Payback (months)': together!.paybackMonths,
    };
    for (const [label, figure] of Object.entries(expected)) {
      const row = rows[label];
      expect(row, label).toBeDefined();
      expectClose(evaluator.evaluate('Headline', row!.formula), figure, label);
      expectClose(planCached.get(`Headline!C${row!.row}`)!, figure, `${label} (cached)`);
    }
  });
});

describe('verification workbook of a stored model 1.0.0 result', () => {
  const storedV1 = JSON.parse(readFileSync(new URL('../contracts/fixtures/risk-result-1.0.0.json', import.meta.url), 'utf8')) as RiskResult;
  const clinic = JSON.parse(readFileSync(new URL('../../examples/clinic-120.json', import.meta.url), 'utf8')) as RiskInput;
  const oldSource = { ...source, assessment: { ...source.assessment, input: clinic, result: storedV1 }, whatChanged: null };
  let old: ExcelJS.Workbook;
  let oldCached: Map<string, number | null>;

  beforeAll(async () => {
    const file = await renderWorkbook(buildReportModelHere(oldSource), oldSource);
    old = await load(file);
    oldCached = await readCachedResults(file);
  }, 60_000);

  test('says the years cannot be regenerated, and its remaining formulas still match the stored figures', () => {
    expect(String(old.getWorksheet('Simulated years')!.getCell('A2').value)).toMatch(
      /^Not available: this result was computed by model 1\.0\.0/,
    );
    const sheet = old.getWorksheet('Analytic')!;
    expect(
      sheet.getColumn(1).values.some((v) => typeof v === 'string' && v.startsWith('Frequency and severity: computed by model 1.0.0')),
    ).toBe(true);
    const evaluator = createFormulaEvaluator(old);
    const rows = formulaRows(old, 'Analytic');
    for (const row of rows) expectClose(evaluator.evaluate('Analytic', row.formula), row.stored, row.label);
    expect(rows.length).toBeGreaterThan(10);
    expect(formulaCellsWithoutResult(old, oldCached)).toEqual([]);
  });
});
