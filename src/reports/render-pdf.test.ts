import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PNG } from 'pngjs';
import { assessRisk } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { formatUsdExact } from './format.ts';
import { pdfLayoutTexts, renderReportPdf } from './render-pdf.tsx';
import { findOverflows } from './text-fit.ts';
import { buildReportModelHere, buildSampleReportSource } from './test-fixtures.ts';
import { makeTempDir, runTool } from './test-support/run-tool.ts';

const model = buildReportModelHere(buildSampleReportSource());
let temp: { dir: string; cleanup: () => Promise<void> };
let pdfPath: string;
let text: string;

function tinyPng(): Uint8Array {
  const png = new PNG({ width: 4, height: 2 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

beforeAll(async () => {
  temp = await makeTempDir('pdf');
  pdfPath = join(temp.dir, 'report.pdf');
  await writeFile(pdfPath, await renderReportPdf(model, { data: tinyPng(), contentType: 'image/png' }));
  text = await runTool('pdftotext', ['-layout', pdfPath, '-']);
}, 60_000);
afterAll(async () => temp.cleanup());

describe('PDF board report', () => {
  test('page 1 is the executive summary with the expected annual loss exactly as the result gives it', () => {
    const page1 = text.split('\f')[0] ?? '';
    expect(page1).toContain('Executive summary');
    expect(page1).toContain(formatUsdExact(model.headline.aleUsd));
    expect(page1).toContain('What we ask the board to decide');
    // The lead is the chance of an incident and what one costs; the range under the figure is the spread of years, not simulation noise.
    const flat = page1.replace(/\s+/g, ' ');
    expect(flat).toContain(model.message.headline.takeaway);
    expect(flat).toContain('Spread of the annual loss: no loss in about');
    expect(flat).not.toMatch(/95% range of the estimate|Every improvable control/);
  });

  test('page 2 asks for a decision: the fixes or the required controls, their cost, and what doing nothing means', () => {
    const page2 = (text.split('\f')[1] ?? '').replace(/\s+/g, ' ');
    expect(page2).toContain('The decision');
    expect(page2).toContain(model.message.decision.takeaway);
    expect(page2).toContain(model.message.decision.doNothing);
    for (const row of model.message.decision.rows) expect(page2).toContain(row.name);
  });

  test('the appendix is in plain names and words: no internal ids, factor codes, decision records, repository paths or repeats', () => {
    const appendix = text.slice(text.lastIndexOf('Appendix'));
    expect(appendix).toContain('How the numbers are computed');
    expect(appendix).not.toMatch(/\bhipaa\b|pciDss|\b[MA]\d{1,2}\b|Shapley|\bADR\b|\.py\b|\.md\b|\/idraa|assumption: assumption|issue:/);
    const paragraphs = appendix
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .filter((p) => p.length > 80);
    expect(new Set(paragraphs).size).toBe(paragraphs.length);
  });

  test('no label or table cell is wider than its box (cost split, fines, drivers, fixes and decision tables)', () => {
    const texts = pdfLayoutTexts(model);
    // Labels wrap whole, never cut ("...& regula").
    expect(texts.map((t) => t.text).join(' ')).toContain('Notification, credit monitoring & regulatory response (records)');
    expect(findOverflows(texts)).toEqual([]);
    for (const name of ['clinic-120', 'credit-union-60', 'manufacturer-300']) {
      const input = JSON.parse(readFileSync(new URL(`../../examples/${name}.json`, import.meta.url), 'utf8')) as RiskInput;
      const example = buildReportModelHere({
        ...buildSampleReportSource(),
        assessment: {
          ...buildSampleReportSource().assessment,
          input,
          result: assessRisk(input, { seed: 1, iterations: 40_000, attribution: true }),
        },
        whatChanged: null,
      });
      expect(findOverflows(pdfLayoutTexts(example)), name).toEqual([]);
    }
    // Three engine runs of 40,000 years: on a loaded shared machine they outlast vitest's 5 s default (not a speed claim).
  }, 120_000);

  test('has title and author metadata, page numbers and the method appendix with sources', async () => {
    const info = await runTool('pdfinfo', [pdfPath]);
    expect(info).toMatch(/Title:\s+Cyber risk board report: Riverside Family Clinic/);
    expect(info).toMatch(/Author:\s+Dana Whitfield/);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Appendix');
    expect(text).toContain('How the numbers are computed');
    expect(text).toContain('IRIS');
  });

  test('every part of the briefing is in it, including what changed', () => {
    for (const slide of model.slides.filter((s) => s.id !== 'title')) expect(text.replace(/\s+/g, ' ')).toContain(slide.title);
    expect(text).toContain('Security factor answers');
  });

  test('charts are vector graphics: pages render with pdftoppm and the PDF embeds only the logo as an image', async () => {
    await runTool('pdftoppm', ['-r', '30', '-png', pdfPath, join(temp.dir, 'page')]);
    const images = await runTool('pdfimages', ['-list', pdfPath]);
    const imageRows = images
      .split('\n')
      .slice(2)
      .filter((line) => line.trim().length > 0);
    // The logo is drawn once per page (header); no chart is a picture.
    expect(imageRows.every((row) => /\b4\s+2\b/.test(row))).toBe(true);
  });
});
