import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Coverage, RiskProfileSettings } from '@/contracts/risk-profile.ts';
import { formatUsdExact } from './format.ts';
import type { ReportModel } from './report-model.ts';
import { renderReportPdf } from './render-pdf.tsx';
import { renderReportPptx } from './render-pptx.ts';
import { renderWorkbook } from './render-workbook.ts';
import { buildReportModelHere, buildSampleReportSource } from './test-fixtures.ts';
import { makeTempDir, runTool } from './test-support/run-tool.ts';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * ADR 219: the coverage gap and the appetite come from ONE computation (src/reports/coverage.ts);
 * the PDF, the deck and the workbook must print each of its dollar figures, to the dollar. (The
 * results page prints the same object: src/client/features/risk-profile/components/coverage-panel.test.tsx.)
 */

const RISK_PROFILE: RiskProfileSettings = {
  policy: {
    limitUsd: 2_000_000,
    retentionUsd: 50_000,
    coinsuranceShare: 0,
    subLimits: { ransomware: 250_000, fundsTransferFraud: 150_000, regulatoryFines: null },
  },
  appetiteUsd: 350_000,
};
const source = { ...buildSampleReportSource(), riskProfile: RISK_PROFILE };
const model: ReportModel = buildReportModelHere(source);

/** Every dollar figure of the coverage view, named for the failure message. */
function dollarFigures(coverage: Coverage): [string, number][] {
  const figures: [string, number][] = [
    ['severe incident cost', coverage.severeIncident.costUsd],
    ['severe incident insurer pays', coverage.severeIncident.insurerPaysUsd],
    ['severe incident uninsured', coverage.severeIncident.uninsuredUsd],
    ...coverage.badYears.flatMap((y): [string, number][] => [
      [`${y.id} before insurance`, y.beforeInsuranceUsd],
      [`${y.id} uninsured`, y.uninsuredUsd],
    ]),
  ];
  if (coverage.policy) {
    figures.push(
      ['limit', coverage.policy.limitUsd],
      ['retention', coverage.policy.retentionUsd],
      ['recovered in an average year', coverage.policy.expectedRecoveredAnnualUsd],
    );
    for (const s of coverage.policy.subLimits) figures.push([`sub-limit ${s.id}`, s.amountUsd]);
  }
  if (coverage.appetite) figures.push(['appetite', coverage.appetite.amountUsd]);
  if (coverage.limitToCoverOneInHundredYearUsd !== null)
    figures.push(['limit to cover a 1-in-100 year', coverage.limitToCoverOneInHundredYearUsd]);
  return figures;
}

let temp: { dir: string; cleanup: () => Promise<void> };
let pdfText: string;
let deckText: string;
let workbookStored: number[];
let workbookCells: ExcelJS.Row[];

beforeAll(async () => {
  temp = await makeTempDir('coverage');
  const pdfPath = join(temp.dir, 'report.pdf');
  await writeFile(pdfPath, await renderReportPdf(model));
  pdfText = (await runTool('pdftotext', [pdfPath, '-'])).replace(/\s+/g, ' ');
  const zip = await JSZip.loadAsync(await renderReportPptx(model));
  const slides = Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  deckText = (await Promise.all(slides.map(async (n) => (await zip.file(n)?.async('string')) ?? ''))).join(' ');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await renderWorkbook(model, source)) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Coverage');
  workbookCells = [];
  sheet?.eachRow((row) => workbookCells.push(row));
  workbookStored = workbookCells.map((row) => row.getCell(2).value).filter((v): v is number => typeof v === 'number');
}, 120_000);
afterAll(async () => temp.cleanup());

describe('coverage and appetite in every format (ADR 219)', () => {
  test('the sample has a policy, sub-limits and an appetite read off the curve', () => {
    expect(model.coverage.policy?.subLimits.map((s) => s.id)).toEqual(['ransomware', 'fundsTransferFraud']);
    expect(model.coverage.appetite?.chanceOfExceeding.bound).toBe('about');
    expect(model.slides.find((s) => s.id === 'insurance')?.bullets).toEqual(expect.arrayContaining(model.coverage.sentences));
  });

  test.each(dollarFigures(model.coverage))('%s is printed the same in the PDF and the deck, and stored in the workbook', (_name, usd) => {
    expect(Number.isInteger(usd)).toBe(true);
    expect(pdfText).toContain(formatUsdExact(usd));
    expect(deckText).toContain(formatUsdExact(usd));
    expect(workbookStored).toContain(usd);
  });

  test('the chance of exceeding the appetite is the same text in the PDF and the deck, and the workbook recomputes it', () => {
    const appetite = model.coverage.appetite;
    expect(appetite).not.toBeNull();
    expect(pdfText).toContain(appetite?.chanceText);
    expect(deckText).toContain(appetite?.chanceText);
    const row = workbookCells.find((r) =>
      String(r.getCell(1).value).startsWith("Chance a year's loss before insurance exceeds the appetite"),
    );
    expect(row?.getCell(2).value).toBe(appetite?.chanceOfExceeding.probability);
    const formula = row?.getCell(3).value as { formula: string; result: number };
    expect(formula.formula).toContain('LN(');
    expect(formula.result).toBeCloseTo(appetite?.chanceOfExceeding.probability ?? -1, 12);
  });

  test('the sub-limits are said to be not modelled per scenario wherever they are listed', () => {
    expect(pdfText).toContain('not modelled per scenario');
    expect(deckText).toContain('not modelled per scenario');
    expect(workbookCells.some((r) => String(r.getCell(1).value).includes('not modelled per scenario'))).toBe(true);
  });
});
