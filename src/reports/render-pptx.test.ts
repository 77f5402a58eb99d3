import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deckChartLabelTexts, exceedanceAxisLabels, renderReportPptx } from './render-pptx.ts';
import { findOverflows } from './text-fit.ts';
import { buildReportModelHere, buildSampleReportSource } from './test-fixtures.ts';
import { makeTempDir, runTool } from './test-support/run-tool.ts';

const model = buildReportModelHere(buildSampleReportSource());
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

  test('the decision slide asks for the fixes or the required controls in a table, with the combined effect and what doing nothing means', async () => {
    const index = model.slides.findIndex((s) => s.id === 'decision');
    expect(index).toBeGreaterThan(0);
    const xml = await readPart(`ppt/slides/slide${index + 1}.xml`);
    expect(xml).toContain('<a:tbl>');
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const rows = model.message.decision.rows;
    expect(rows.length).toBeGreaterThan(0);
    // What is asked for or required is always on the slide; optional rows that do not fit are counted, not cut.
    for (const row of rows.filter((r) => r.kind !== 'option')) expect(xml).toContain(escape(row.name));
    const shown = rows.filter((r) => xml.includes(escape(r.name)));
    if (shown.length < rows.length) expect(xml).toContain(`And ${rows.length - shown.length} more`);
    expect(xml).toContain('If we do nothing');
  });

  test('value axes start at zero, the waterfall has no legend naming its hidden series, and the loss axis names only round amounts', async () => {
    const charts = await Promise.all(
      Object.keys(zip.files)
        .filter((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n))
        .map(readPart),
    );
    const bars = charts.filter((c) => c.includes('<c:barChart>') && !c.includes('At best practice'));
    expect(bars.length).toBeGreaterThanOrEqual(3);
    for (const chart of bars) expect(chart).toContain('<c:min val="0"/>');
    const waterfall = charts.find((c) => c.includes('<c:v>Base</c:v>'));
    expect(waterfall).toBeDefined();
    expect(waterfall).not.toContain('<c:legend>');
    const labels = exceedanceAxisLabels(model.exceedance).filter((l) => l !== '');
    expect(labels.length).toBeLessThanOrEqual(7);
    for (const label of labels) expect(label).toMatch(/^\$(10|100)?(0|K|M|B)?$|^\$1(0|00)?[KMB]$/);
  });

  test('no chart label is wider than the room the axis gives it', () => {
    const texts = deckChartLabelTexts(model);
    expect(texts.length).toBeGreaterThan(model.costBreakdown.length);
    expect(findOverflows(texts)).toEqual([]);
  });

  test('LibreOffice converts it without error', async () => {
    const input = join(temp.dir, 'deck.pptx');
    await writeFile(input, deck);
    await runTool(
      'soffice',
      [`-env:UserInstallation=file://${join(temp.dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', temp.dir, input],
      180_000,
    );
    const pdf = await readFile(join(temp.dir, 'deck.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const info = await runTool('pdfinfo', [join(temp.dir, 'deck.pdf')]);
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBe(model.slides.length);
    const text = await runTool('pdftotext', [join(temp.dir, 'deck.pdf'), '-']);
    expect(text).toContain('The number');
  }, 200_000);
});
