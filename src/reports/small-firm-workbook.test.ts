import ExcelJS from 'exceljs';
import { expect, test } from 'vitest';
import { createDefaultRiskInput } from '@/engine/sample-inputs.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { renderWorkbook } from './render-workbook.ts';
import { buildReportModelHere, completedAssessment } from './test-fixtures.ts';
import { createFormulaEvaluator } from './test-support/evaluate-formulas.ts';

/** ADR 213: under $10M revenue the workbook's records, fine and ransom formulas carry the small-firm scale, as the engine does. */
test('a $2M practice: the severity formulas of the workbook recompute the engine figures, small-firm scale included', async () => {
  const base = createDefaultRiskInput('healthcare', 15, 2_000_000);
  const input: RiskInput = {
    ...base,
    organisation: { ...base.organisation, records: { personal: 5_000, health: 5_000, paymentCard: 0, consumerFinancial: 0 } },
    frameworks: { hipaa: { status: 'inProgress' } },
  };
  const assessment = {
    ...completedAssessment('44444444-4444-4444-8444-444444444444', input, '2026-11-20T10:00:00.000Z'),
    authorName: 'Dana Whitfield',
  };
  const source = { organisationName: 'Small practice', assessment, whatChanged: null, generatedAt: '2026-11-22T09:30:00.000Z' };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await renderWorkbook(buildReportModelHere(source), source)) as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet('Analytic');
  if (!sheet) throw new Error('missing sheet Analytic');
  const evaluator = createFormulaEvaluator(workbook);
  const checked: string[] = [];
  sheet.eachRow((row, n) => {
    const cell = row.getCell(3).value;
    if (n === 1 || cell === null || typeof cell !== 'object' || !('formula' in cell)) return;
    const label = String(row.getCell(1).value);
    const stored = Number(row.getCell(2).value);
    expect(Math.abs(evaluator.evaluate('Analytic', String(cell.formula)) - stored), label).toBeLessThanOrEqual(
      Math.max(1e-9, Math.abs(stored) * 1e-9),
    );
    checked.push(label);
  });
  expect(checked).toEqual(
    expect.arrayContaining([
      'Records-driven cost if every record were exposed, average posture (USD)',
      'Median fine for this organisation (USD)',
      'Median ransom for this organisation (USD)',
    ]),
  );
  expect(assessment.result.derivation.fineMedianUsd).toBeLessThan(124_000 * Math.pow(2 / 25, 0.3));
}, 60_000);
