import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, test } from 'vitest';
import { CALIBRATION } from '@/engine/calibration/calibration.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { listCalibrationEntries } from '@/engine/list-calibration-entries.ts';
import { buildReportModel } from './report-model.ts';
import { renderWorkbook } from './render-workbook.ts';
import { buildSampleReportSource } from './test-fixtures.ts';
import { createFormulaEvaluator } from './test-support/evaluate-formulas.ts';

const source = buildSampleReportSource();
const model = buildReportModel(source);
const workbook = new ExcelJS.Workbook();

beforeAll(async () => {
  await workbook.xlsx.load((await renderWorkbook(model, source)) as unknown as ExcelJS.Buffer);
}, 60_000);

function formulaRows(sheetName: string) {
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`missing sheet ${sheetName}`);
  const rows: { label: string; stored: number; formula: string; row: number }[] = [];
  sheet.eachRow((row, n) => {
    const cell = row.getCell(3).value;
    if (n > 1 && cell !== null && typeof cell === 'object' && 'formula' in cell) rows.push({ label: String(row.getCell(1).value), stored: Number(row.getCell(2).value), formula: String(cell.formula), row: n });
  });
  return rows;
}

function expectClose(actual: number, expected: number, label: string) {
  const tolerance = Math.max(1e-9, Math.abs(expected) * 1e-9);
  expect(Math.abs(actual - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

describe('verification workbook', () => {
  test('has the inputs, every model parameter with its calibration key and source', () => {
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Read me', 'Inputs', 'Parameters', 'Analytic', 'Simulated years', 'Statistics']);
    const parameters = workbook.getWorksheet('Parameters')!;
    expect(parameters.rowCount - 1).toBe(listCalibrationEntries().length);
    expect(parameters.getRow(1).values).toEqual([undefined, 'Calibration key', 'Parameter', 'Value', 'Unit', 'Assumption', 'Source']);
    const inputs = workbook.getWorksheet('Inputs')!;
    expect(inputs.getCell('B5').value).toBe(24_000_000);
  });

  test('the analytic formulas recompute the stored values', () => {
    const evaluator = createFormulaEvaluator(workbook);
    const rows = formulaRows('Analytic');
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
      'Risk score (0-100)',
    ]) {
      expect(labels).toContain(label);
    }
    const d = source.assessment.result.derivation;
    const stored = Object.fromEntries(rows.map((r) => [r.label, r.stored]));
    expect(stored['Median response + interruption per incident, this organisation (USD)']).toBe(d.medianCoreLossUsd);
    expect(stored['Records-driven cost if every record were exposed, average posture (USD)']).toBe(d.recordsCostAllExposedUsd);
    expect(stored['Median ransom for this organisation (USD)']).toBe(d.ransomMedianUsd);
  });

  test('the statistics recompute from the simulated years: the expected loss, probability and percentiles of the stored result', () => {
    const evaluator = createFormulaEvaluator(workbook);
    const rows = formulaRows('Statistics');
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r]));
    const result = source.assessment.result;
    expect(byLabel['Expected annual loss (USD)']?.stored).toBe(result.annualLoss.expectedUsd);
    for (const row of rows) expectClose(evaluator.evaluate('Statistics', row.formula), row.stored, row.label);
    expect(rows.map((r) => r.label)).toEqual(['Years with a loss', 'Expected annual loss (USD)', 'P(at least one loss event in a year)', 'Standard deviation (USD)', 'Median year (USD)', '1 year in 10 (USD)', '1 year in 20 (USD)', '1 year in 100 (USD)', 'P(annual loss > $1M)']);
  });

  test('the formulas read their inputs: a changed input changes the recomputed value', () => {
    const score = formulaRows('Analytic').find((r) => r.label === 'Risk score (0-100)')!;
    const sheet = workbook.getWorksheet('Analytic')!;
    const aleRow = sheet.getColumn(1).values.findIndex((v) => v === 'Expected annual loss (USD)');
    expect(aleRow).toBeGreaterThan(1);
    sheet.getCell(`C${aleRow}`).value = source.assessment.result.riskScore.allWorstAleUsd;
    expect(createFormulaEvaluator(workbook).evaluate('Analytic', score.formula)).toBe(100);
    sheet.getCell(`C${aleRow}`).value = source.assessment.result.annualLoss.expectedUsd;
  });

  test('the severity formulas read the firm: twice the headcount raises the response cost by 2^0.7', () => {
    const response = formulaRows('Analytic').find((r) => r.label === 'Median response & forensics per incident, average posture (USD)')!;
    const sheet = workbook.getWorksheet('Analytic')!;
    const employeesRow = sheet.getColumn(1).values.findIndex((v) => v === 'Employees');
    const employees = Number(sheet.getCell(`C${employeesRow}`).value);
    sheet.getCell(`C${employeesRow}`).value = 2 * employees;
    const base = CALIBRATION.responseBaseUsd.value;
    const doubled = createFormulaEvaluator(workbook).evaluate('Analytic', response.formula);
    sheet.getCell(`C${employeesRow}`).value = employees;
    expectClose(doubled - base, (response.stored - base) * 2 ** CALIBRATION.responseEmployeeExponent.value, 'response at twice the headcount');
  });
});

describe('verification workbook of a stored model 1.0.0 result', () => {
  const storedV1 = JSON.parse(readFileSync(new URL('../contracts/fixtures/risk-result-1.0.0.json', import.meta.url), 'utf8')) as RiskResult;
  const clinic = JSON.parse(readFileSync(new URL('../../examples/clinic-120.json', import.meta.url), 'utf8')) as RiskInput;
  const oldSource = { ...source, assessment: { ...source.assessment, input: clinic, result: storedV1 }, whatChanged: null };
  const old = new ExcelJS.Workbook();

  beforeAll(async () => {
    await old.xlsx.load((await renderWorkbook(buildReportModel(oldSource), oldSource)) as unknown as ExcelJS.Buffer);
  }, 60_000);

  test('says the years cannot be regenerated, and its remaining formulas still match the stored figures', () => {
    expect(String(old.getWorksheet('Simulated years')!.getCell('A2').value)).toMatch(/^Not available: this result was computed by model 1\.0\.0/);
    const sheet = old.getWorksheet('Analytic')!;
    expect(sheet.getColumn(1).values.some((v) => typeof v === 'string' && v.startsWith('Frequency and severity: computed by model 1.0.0'))).toBe(true);
    const evaluator = createFormulaEvaluator(old);
    let formulas = 0;
    sheet.eachRow((row, n) => {
      const cell = row.getCell(3).value;
      if (n === 1 || cell === null || typeof cell !== 'object' || !('formula' in cell)) return;
      formulas += 1;
      expectClose(evaluator.evaluate('Analytic', String(cell.formula)), Number(row.getCell(2).value), String(row.getCell(1).value));
    });
    expect(formulas).toBeGreaterThan(10);
  });
});
