import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildReportModel } from './report-model.ts';
import { renderReportPptx } from './render-pptx.ts';
import { buildSampleReportSource } from './test-fixtures.ts';
import { makeTempDir, runTool } from './test-support/run-tool.ts';

const model = buildReportModel(buildSampleReportSource());
let temp: { dir: string; cleanup: () => Promise<void> };
let deck: Buffer;
let zip: JSZip;

beforeAll(async () => {
  temp = await makeTempDir('pptx');
  deck = await renderReportPptx(model);
  zip = await JSZip.loadAsync(deck);
}, 60_000);
afterAll(async () => temp.cleanup());

const readPart = async (name: string) => (await zip.file(name)?.async('string')) ?? '';

describe('PowerPoint deck', () => {
  test('has the same slides as the presentation, each with its speaker notes', async () => {
    const slides = Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
    expect(slides).toHaveLength(model.slides.length);
    for (const [i, slide] of model.slides.entries()) {
      const notes = await readPart(`ppt/notesSlides/notesSlide${i + 1}.xml`);
      // The notes XML escapes quotes and ampersands; compare on the first words.
      expect(notes).toContain(slide.notes.slice(0, 30).replace(/&/g, '&amp;'));
      expect(await readPart(`ppt/slides/slide${i + 1}.xml`)).toContain(slide.title.replace(/&/g, '&amp;').slice(0, 20));
    }
  });

  test('charts are native chart parts with their data, not pictures', async () => {
    const charts = Object.keys(zip.files).filter((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n));
    expect(charts.length).toBeGreaterThanOrEqual(5);
    const all = (await Promise.all(charts.map(readPart))).join('\n');
    expect(all).toContain('<c:lineChart>');
    expect(all).toContain('<c:barChart>');
    // The cost breakdown's numbers are in the chart's own data cache (editable in PowerPoint).
    const largest = Math.round(Math.max(...model.costBreakdown.map((c) => c.expectedAnnualUsd)));
    expect(all).toContain(`<c:v>${largest}</c:v>`);
    // No picture files at all (no logo here), and each chart carries its embedded data sheet.
    expect(Object.keys(zip.files).filter((n) => /^ppt\/media\/.+/.test(n))).toEqual([]);
    expect(Object.keys(zip.files).filter((n) => /^ppt\/embeddings\/.+\.xlsx$/.test(n))).toHaveLength(charts.length);
  });

  test('LibreOffice converts it without error', async () => {
    const input = join(temp.dir, 'deck.pptx');
    await writeFile(input, deck);
    await runTool('soffice', [`-env:UserInstallation=file://${join(temp.dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', temp.dir, input], 180_000);
    const pdf = await readFile(join(temp.dir, 'deck.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const info = await runTool('pdfinfo', [join(temp.dir, 'deck.pdf')]);
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBe(model.slides.length);
    const text = await runTool('pdftotext', [join(temp.dir, 'deck.pdf'), '-']);
    expect(text).toContain('The number');
  }, 200_000);
});
