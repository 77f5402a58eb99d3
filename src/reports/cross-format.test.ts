import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assessRisk } from '@/engine/assess-risk.ts';
import { FACTOR_IDS } from '@/engine/factors.ts';
import { INDUSTRY_IDS } from '@/engine/industries.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskProfileSettings } from '@/contracts/risk-profile.ts';
import { formatUsdExact } from './format.ts';
import { toV1Result } from './public-result.ts';
import type { ReportModel } from './report-model.ts';
import { renderReportPdf } from './render-pdf.tsx';
import { renderReportPptx } from './render-pptx.ts';
import { renderWorkbook } from './render-workbook.ts';
import { BOARD_PROFILES } from './test-support/board-profiles.ts';
import { makeTempDir, runTool } from './test-support/run-tool.ts';
import { buildReportModelHere } from './test-fixtures.ts';

/**
 * One figure per concept (ADR 271): the priced options and the key figures are the same strings in
 * the PDF text, the deck, the workbook, the /presentation data (the model as JSON) and the results
 * API, for the board profiles of the acceptance (three samples, a dental practice, a wealth adviser)
 * and for random profiles. The level's uncertainty (ADR 308) is the same sentences in the PDF appendix
 * and the workbook's "Read me".
 */

let temp: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  temp = await makeTempDir('cross-format');
});
afterAll(async () => temp.cleanup());

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function pdfPages(model: ReportModel): Promise<string[]> {
  const path = join(temp.dir, `${model.meta.fileStem}.pdf`);
  await writeFile(path, await renderReportPdf(model));
  return (await runTool('pdftotext', [path, '-'])).split('\f').map(flat);
}

/** The decision slide's visible text and its speaker notes. */
async function deckDecision(model: ReportModel): Promise<{ slide: string; notes: string }> {
  const zip = await JSZip.loadAsync(await renderReportPptx(model));
  const n = model.slides.findIndex((s) => s.id === 'decision') + 1;
  const texts = async (name: string) =>
    [...((await zip.file(name)?.async('string')) ?? '').matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => unescapeXml(m[1] ?? '')).join(' ');
  return { slide: await texts(`ppt/slides/slide${n}.xml`), notes: await texts(`ppt/notesSlides/notesSlide${n}.xml`) };
}

/** The workbook's decision options rows, and the first column of its "Read me" sheet. */
async function workbookRows(model: ReportModel, source: Parameters<typeof renderWorkbook>[1]): Promise<{ rows: string[][]; readMe: string[] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await renderWorkbook(model, source)) as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  book.getWorksheet('Decision options')?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  const readMe: string[] = [];
  book.getWorksheet('Read me')?.eachRow((row) => readMe.push(String(row.getCell(1).value ?? '')));
  return { rows, readMe };
}

function sourceOf(input: RiskInput, riskProfile: RiskProfileSettings) {
  const result = assessRisk(input, { seed: 7, iterations: 20_000, attribution: true });
  return {
    organisationName: 'Account Co',
    assessment: {
      id: '33333333-3333-4333-8333-333333333333',
      title: 'Board review',
      completedAt: '2026-11-20T10:00:00.000Z',
      authorName: 'Dana',
      input,
      result,
    },
    whatChanged: null,
    riskProfile,
    generatedAt: '2026-11-22T09:30:00.000Z',
  };
}

async function expectSameStringsEverywhere(input: RiskInput, riskProfile: RiskProfileSettings): Promise<void> {
  const source = sourceOf(input, riskProfile);
  const model = buildReportModelHere(source);
  const options = model.keyFigures.options;
  expect(options).not.toBeNull();
  const [pages, deck, { rows: sheet, readMe }] = await Promise.all([pdfPages(model), deckDecision(model), workbookRows(model, source)]);
  const pdf = pages.join(' ');
  const boardPages = `${pages[0]} ${pages[1]}`;
  const presentation = JSON.parse(JSON.stringify(model)) as ReportModel;
  const api = toV1Result(
    { id: model.meta.assessmentId, title: 'Board review', completedAt: model.meta.completedAt },
    source.assessment.result,
    model.keyFigures,
  );
  const decisionBullets = presentation.slides.find((s) => s.id === 'decision')?.bullets ?? [];
  for (const [i, o] of (options?.options ?? []).entries()) {
    // The row: cost a year (typical and range), saving together, expected loss left, 1-in-20 and 1-in-100 left.
    const row = o.cells.join(' ');
    expect(boardPages).toContain(row);
    expect(deck.slide).toContain(row);
    expect(sheet.map((r) => r.join(' '))).toContain(row);
    expect(presentation.keyFigures.options?.options[i]?.cells).toEqual(o.cells);
    expect(api.decision.options[i]?.cells).toEqual(o.cells);
    // The sentence: the deck's notes, the workbook, /presentation's decision slide and the API say it word for word.
    expect(deck.notes).toContain(o.line);
    expect(sheet.map((r) => r[0])).toContain(o.line);
    expect(decisionBullets).toContain(o.line);
    expect(api.decision.options[i]?.line).toBe(o.line);
  }
  const key = model.keyFigures;
  expect(api.decision).toMatchObject({
    expectedLoss: key.expectedLoss.text,
    uninsuredOneInHundredYear: key.uninsuredOneInHundred.text,
    coveredShareOfOneInHundredYear: key.coveredShareOneInHundred.text,
    payback: key.payback.text,
  });
  expect(pdf).toContain(key.expectedLoss.text);
  // One uninsured figure per concept (ADR 313): the engine's result holds the pack's value, and the pack prints no other.
  expect(formatUsdExact(Math.round(source.assessment.result.insuranceView.uncoveredInOneInHundredYearUsd))).toBe(key.uninsuredOneInHundred.text);
  if (source.assessment.result.insurance !== null) {
    expect(pdf).toContain(key.uninsuredOneInHundred.text);
    const printed = [...pdf.matchAll(/1-in-100 year[^.;]*?leav(?:es|ing) (\$[\d,]+) uninsured/g)].map((m) => m[1]);
    expect(printed.length).toBeGreaterThan(0);
    for (const figure of printed) expect(figure).toBe(key.uninsuredOneInHundred.text);
  }
  // The level's uncertainty: the PDF appendix and the workbook's "Read me" print the same sentences, with this result's medians.
  expect(model.uncertainty.levelLines.length).toBeGreaterThan(0);
  // The appendix may break a paragraph across pages: read it without each page's header and footer.
  const footer = `${model.meta.title}, ${model.meta.completedOn} Page`;
  const flowing = pages
    .map((p) => p.trim())
    .map((p) => (p.startsWith(model.meta.organisationName) ? p.slice(model.meta.organisationName.length) : p))
    .map((p) => (p.includes(footer) ? p.slice(0, p.lastIndexOf(footer)) : p).trim())
    .join(' ');
  for (const line of model.uncertainty.levelLines) {
    expect(flowing).toContain(line);
    expect(readMe).toContain(line);
  }
  // Required controls have their own list, never a "not worth it" one, and never as an unpaid fix.
  const requiredIds = new Set(api.requiredControls.map((c) => c.factorId));
  for (const r of api.recommendations) expect(r.required).toBe(requiredIds.has(r.factorId));
}

const answer = fc.constantFrom('best' as const, 'partial' as const, 'worst' as const);
const randomProfile = fc.record({
  industry: fc.constantFrom(...INDUSTRY_IDS),
  employees: fc.integer({ min: 10, max: 500 }),
  revenue: fc.integer({ min: 1, max: 120 }).map((m) => m * 1_000_000),
  answers: fc.tuple(...FACTOR_IDS.map(() => answer)),
  policy: fc.option(
    fc.record({ limitUsd: fc.constantFrom(500_000, 1_000_000, 5_000_000), retentionUsd: fc.constantFrom(10_000, 50_000) }),
    { nil: undefined },
  ),
  appetiteUsd: fc.option(fc.constantFrom(100_000, 500_000, 2_000_000), { nil: null }),
});

describe('one figure per concept across the PDF, the deck, the workbook, /presentation and the results API', () => {
  for (const profile of BOARD_PROFILES) {
    test(`${profile.id}: the board page and the decision slide name each option's cost, saving, loss left and 1-in-100 year left, as every other format does`, async () => {
      await expectSameStringsEverywhere(profile.input, { policy: null, appetiteUsd: 500_000 });
    }, 120_000);
  }

  test('random profiles: the same strings in every format', async () => {
    await fc.assert(
      fc.asyncProperty(randomProfile, async (p) => {
        const input: RiskInput = {
          organisation: {
            name: 'Random Firm',
            industry: p.industry,
            employees: p.employees,
            annualRevenueUsd: p.revenue,
            records: { personal: p.employees * 100, health: 0, paymentCard: 0, consumerFinancial: 0 },
            holdsEuResidentsData: false,
            holdsCaliforniaResidentsData: false,
            isPubliclyTraded: false,
          },
          factors: Object.fromEntries(FACTOR_IDS.map((id, i) => [id, p.answers[i]])),
          frameworks: {},
          ...(p.policy === undefined ? {} : { insurance: p.policy }),
        };
        await expectSameStringsEverywhere(input, { policy: null, appetiteUsd: p.appetiteUsd });
      }),
      { numRuns: 3, seed: 59 },
    );
  }, 300_000);
});
