import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PNG } from 'pngjs';
import { formatUsdExact } from './format.ts';
import { buildReportModel } from './report-model.ts';
import { renderReportPdf } from './render-pdf.tsx';
import { buildSampleReportSource } from './test-fixtures.ts';
import { makeTempDir, runTool } from './test-support/run-tool.ts';

const model = buildReportModel(buildSampleReportSource());
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
    expect(page1).toContain('What to do first');
  });

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
    const imageRows = images.split('\n').slice(2).filter((line) => line.trim().length > 0);
    // The logo is drawn once per page (header); no chart is a picture.
    expect(imageRows.every((row) => /\b4\s+2\b/.test(row))).toBe(true);
  });
});
