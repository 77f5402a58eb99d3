import PptxGenJS from 'pptxgenjs';
import { formatUsdChange, formatUsdShort } from './format.ts';
import type { ReportLogo } from './render-pdf.tsx';
import { PALETTE, pptxColor } from './palette.ts';
import { rowsThatFit } from './board-message.ts';
import { OPTION_COLUMNS } from './decision-options.ts';
import { FIX_COLUMNS, fixCells } from './fix-cells.ts';
import { headlineTiles, type ReportModel, type ReportSlide } from './report-model.ts';
import { BROWSER_FONT_SCALE, wrapText, type PlacedText } from './text-fit.ts';
import { addCoverageSlide } from './coverage-pptx.ts';
import { addScenariosSlide, scenarioChartLabel, SCENARIO_LABEL_FONT_SIZE, SCENARIO_LABEL_WIDTH_PT } from './loss-scenarios-pptx.ts';

const INK = pptxColor(PALETTE.ink);
const MUTED = pptxColor(PALETTE.muted);
const ACCENT = pptxColor(PALETTE.accent);
const GOOD = pptxColor(PALETTE.good);
const BAD = pptxColor(PALETTE.bad);
const GRID = pptxColor(PALETTE.grid);
const FONT = 'Calibri';

type Slide = ReturnType<PptxGenJS['addSlide']>;

/** Chart box on the right of a 13.33 × 7.5 in slide, text on the left. */
const CHART = { x: 5.6, y: 1.7, w: 7.3, h: 5.1 };
const TEXT = { x: 0.5, y: 1.7, w: 4.9, h: 5.1 };
/** The whole width under the takeaway. */
const FULL = { x: 0.5, y: 1.6, w: 12.3, h: 5.2 };

const TAKEAWAY_FONT_SIZE = 16;
const TAKEAWAY_WIDTH_IN = 12.3;

/** Lines the takeaway takes (Helvetica metrics, so Calibri, narrower, never needs more). */
function takeawayLines(takeaway: string): number {
  // Measured wide: LibreOffice without Calibri draws it in a wider sans-serif.
  return wrapText(takeaway, TAKEAWAY_FONT_SIZE * BROWSER_FONT_SCALE, TAKEAWAY_WIDTH_IN * 72 - 14, true).length;
}

/** Where a slide's content starts: below its takeaway, however many lines that takes. */
function contentTop(slide: ReportSlide): number {
  return Math.max(1.55, 0.95 + takeawayLines(slide.takeaway) * 0.3 + 0.1);
}

/** A content box moved below the takeaway, keeping its bottom edge. */
function below(box: { x: number; y: number; w: number; h: number }, top: number) {
  const y = Math.max(box.y, top);
  return { ...box, y, h: box.h - (y - box.y) };
}

function addFrame(pptx: PptxGenJS, model: ReportModel, slide: ReportSlide, logo: ReportLogo | null, index: number): Slide {
  const s = pptx.addSlide();
  s.background = { color: 'FFFFFF' };
  s.addText(slide.title, { x: 0.5, y: 0.3, w: 10.6, h: 0.6, fontFace: FONT, fontSize: 28, bold: true, color: INK });
  s.addText(slide.takeaway, {
    x: 0.5,
    y: 0.9,
    w: TAKEAWAY_WIDTH_IN,
    h: 0.3 * takeawayLines(slide.takeaway) + 0.1,
    fontFace: FONT,
    fontSize: TAKEAWAY_FONT_SIZE,
    bold: true,
    color: ACCENT,
    valign: 'top',
  });
  if (logo) addLogo(s, logo, { x: 11.3, y: 0.25, w: 1.6, h: 0.6 });
  s.addText(`${model.meta.organisationName} · ${model.meta.completedOn}`, {
    x: 0.5,
    y: 7.0,
    w: 8,
    h: 0.3,
    fontFace: FONT,
    fontSize: 10,
    color: MUTED,
  });
  s.addText(`${index} / ${model.slides.length}`, {
    x: 11.8,
    y: 7.0,
    w: 1.0,
    h: 0.3,
    fontFace: FONT,
    fontSize: 10,
    color: MUTED,
    align: 'right',
  });
  s.addNotes(slide.notes);
  return s;
}

/** The organisation's logo, contained in its box (the title slide's large one, the other slides' corner). */
function addLogo(s: Slide, logo: ReportLogo, box: { x: number; y: number; w: number; h: number }) {
  s.addImage({
    data: `data:${logo.contentType};base64,${Buffer.from(logo.data).toString('base64')}`,
    ...box,
    sizing: { type: 'contain', w: box.w, h: box.h },
  });
}

function addBullets(s: Slide, bullets: readonly string[], box = TEXT, fontSize = 14) {
  if (bullets.length === 0) return;
  s.addText(
    bullets.map((text) => ({ text, options: { bullet: true, breakLine: true } })),
    { ...box, fontFace: FONT, fontSize, color: INK, valign: 'top', paraSpaceAfter: 6 },
  );
}

function addTitleSlide(pptx: PptxGenJS, slide: ReportSlide, logo: ReportLogo | null) {
  const s = pptx.addSlide();
  s.background = { color: INK };
  if (logo) addLogo(s, logo, { x: 0.6, y: 0.5, w: 2.4, h: 0.9 });
  s.addText(slide.title, { x: 0.6, y: 2.2, w: 12, h: 1.2, fontFace: FONT, fontSize: 40, bold: true, color: 'FFFFFF' });
  s.addText(slide.takeaway, { x: 0.6, y: 3.4, w: 12, h: 0.6, fontFace: FONT, fontSize: 20, color: 'E2E8F0' });
  s.addText(slide.bullets.join('\n'), { x: 0.6, y: 4.3, w: 12, h: 1.4, fontFace: FONT, fontSize: 16, color: 'CBD5E1', valign: 'top' });
  s.addNotes(slide.notes);
}

function addHeadlineSlide(s: Slide, model: ReportModel, slide: ReportSlide) {
  const tiles = headlineTiles(model.headline);
  const top = contentTop(slide);
  tiles.forEach((tile, i) => {
    const x = 0.5 + i * 3.1;
    s.addShape('rect', { x, y: top, w: 2.9, h: 1.4, fill: { color: 'F1F5F9' }, line: { color: GRID, width: 1 } });
    s.addText(tile.label, { x: x + 0.15, y: top + 0.05, w: 2.6, h: 0.45, fontFace: FONT, fontSize: 12, color: MUTED });
    s.addText(tile.value, { x: x + 0.15, y: top + 0.5, w: 2.6, h: 0.8, fontFace: FONT, fontSize: 30, bold: true, color: INK });
  });
  addBullets(s, slide.bullets, { x: 0.5, y: top + 1.6, w: 12.3, h: 6.9 - (top + 1.6) }, 14);
}

/**
 * The curve's 60 log-spaced amounts labelled only at the point nearest each power of ten ($10K,
 * $100K, $1M...): every amount on the axis crowded it, and a skip count still printed odd amounts.
 */
export function exceedanceAxisLabels(points: ReportModel['exceedance']): string[] {
  const nearest = new Map<number, number>();
  points.forEach((p, i) => {
    const decade = Math.round(Math.log10(p.lossUsd));
    const best = nearest.get(decade);
    const distance = (j: number) => Math.abs(Math.log10(points[j]?.lossUsd ?? 1) - decade);
    if (best === undefined || distance(i) < distance(best)) nearest.set(decade, i);
  });
  const labelled = new Set(nearest.values());
  return points.map((p, i) => (labelled.has(i) ? formatUsdShort(10 ** Math.round(Math.log10(p.lossUsd))) : ''));
}

function addExceedanceChart(pptx: PptxGenJS, s: Slide, model: ReportModel) {
  s.addChart(
    pptx.ChartType.line,
    [
      {
        name: 'Chance a year costs more',
        labels: exceedanceAxisLabels(model.exceedance),
        values: model.exceedance.map((p) => p.probability),
      },
    ],
    {
      ...CHART,
      chartColors: [ACCENT],
      lineDataSymbol: 'none',
      lineSize: 2,
      showLegend: false,
      catAxisLabelFrequency: '1',
      catAxisLabelRotate: 0,
      catAxisMajorTickMark: 'none',
      catAxisTitle: 'Annual loss',
      showCatAxisTitle: true,
      valAxisLabelFormatCode: '0%',
      valAxisTitle: 'Chance a year costs more',
      showValAxisTitle: true,
      catAxisLabelFontSize: 10,
      valAxisLabelFontSize: 10,
    },
  );
}

/** Category labels wrapped to the room the axis gives them, so it does not cut them ("ncident response..."). */
const CHART_LABEL_WIDTH_PT = 150;
const CHART_LABEL_FONT_SIZE = 11;
function chartLabel(label: string): string {
  return wrapText(label, CHART_LABEL_FONT_SIZE, CHART_LABEL_WIDTH_PT).join('\n');
}

/** Every line of the deck's chart category labels with the room it has, for the overflow test. */
export function deckChartLabelTexts(model: ReportModel): PlacedText[] {
  const labels = [...model.costBreakdown.map((c) => c.label), ...model.fines.rows.map((r) => r.label), ...model.drivers.map((d) => d.name)];
  const scenarioLabels = (model.scenarios?.scenarios ?? []).flatMap((x) =>
    scenarioChartLabel(x.label)
      .split('\n')
      .map((line) => ({ text: line, fontSize: SCENARIO_LABEL_FONT_SIZE, boxWidth: SCENARIO_LABEL_WIDTH_PT })),
  );
  return [
    ...labels.flatMap((label) =>
      chartLabel(label)
        .split('\n')
        .map((line) => ({ text: line, fontSize: CHART_LABEL_FONT_SIZE, boxWidth: CHART_LABEL_WIDTH_PT })),
    ),
    ...scenarioLabels,
  ];
}

function addBarChart(pptx: PptxGenJS, s: Slide, name: string, rows: readonly { label: string; value: number }[], color: string) {
  // A bar chart draws its first category at the bottom: the rows go in reversed so the top row
  // reads first, as the slide's bullets do.
  const bottomUp = [...rows].reverse();
  s.addChart(
    pptx.ChartType.bar,
    [{ name, labels: bottomUp.map((r) => chartLabel(r.label)), values: bottomUp.map((r) => Math.round(r.value)) }],
    {
      ...CHART,
      barDir: 'bar',
      // Value axes start at zero: from $3,100, $3.4K looked three times $3.2K.
      valAxisMinVal: 0,
      chartColors: [color],
      showLegend: false,
      showValue: true,
      dataLabelFormatCode: '$#,##0',
      valAxisLabelFormatCode: '$#,##0',
      catAxisLabelFontSize: 11,
      valAxisLabelFontSize: 10,
      dataLabelFontSize: 10,
    },
  );
}

function addTornadoChart(pptx: PptxGenJS, s: Slide, model: ReportModel) {
  // Largest driver on top: bars are drawn from the bottom up (see addBarChart).
  const drivers = [...model.drivers].reverse();
  const labels = drivers.map((d) => chartLabel(d.name));
  s.addChart(
    pptx.ChartType.bar,
    [
      { name: 'At best practice', labels, values: drivers.map((d) => Math.round(d.toBestUsd)) },
      { name: 'At the weakest answer', labels, values: drivers.map((d) => Math.round(d.toWorstUsd)) },
    ],
    {
      ...CHART,
      barDir: 'bar',
      barGrouping: 'stacked',
      barGapWidthPct: 40,
      chartColors: [GOOD, BAD],
      showLegend: true,
      legendPos: 'b',
      valAxisLabelFormatCode: '$#,##0',
      catAxisLabelPos: 'low',
      catAxisLabelFontSize: 11,
      valAxisLabelFontSize: 10,
    },
  );
}

/** A native waterfall: a stacked bar whose invisible first series lifts each step to the running total. */
function addWaterfallChart(pptx: PptxGenJS, s: Slide, model: ReportModel) {
  const change = model.whatChanged;
  if (!change) return;
  const labels = ['Previous', ...change.steps.map((st) => st.label.split(' (')[0] ?? st.label), 'Now'];
  const base: number[] = [0];
  const up: number[] = [0];
  const down: number[] = [0];
  const total: number[] = [Math.round(change.previous.aleUsd)];
  let running = change.previous.aleUsd;
  for (const st of change.steps) {
    const next = running + st.deltaUsd;
    base.push(Math.round(Math.min(running, next)));
    up.push(st.deltaUsd > 0 ? Math.round(st.deltaUsd) : 0);
    down.push(st.deltaUsd < 0 ? Math.round(-st.deltaUsd) : 0);
    total.push(0);
    running = next;
  }
  base.push(0);
  up.push(0);
  down.push(0);
  total.push(Math.round(change.current.aleUsd));
  s.addChart(
    pptx.ChartType.bar,
    [
      { name: 'Base', labels, values: base },
      { name: 'Expected annual loss', labels, values: total },
      { name: 'Increase', labels, values: up },
      { name: 'Decrease', labels, values: down },
    ],
    {
      ...CHART,
      barDir: 'col',
      barGrouping: 'stacked',
      chartColors: ['FFFFFF', ACCENT, BAD, GOOD],
      chartColorsOpacity: 100,
      // The legend would list the invisible "Base" series: the colours are explained in the bullets instead.
      showLegend: false,
      valAxisMinVal: 0,
      valAxisLabelFormatCode: '$#,##0',
      catAxisLabelFontSize: 10,
      valAxisLabelFontSize: 10,
    },
  );
}

/** A table across the slide: a bold shaded header row, then rows of plain cells. */
function addDeckTable(
  s: Slide,
  columns: readonly string[],
  rows: readonly (readonly string[])[],
  layout: { top: number; colW: number[]; fontSize: number; margin?: number },
) {
  const head = columns.map((text) => ({ text, options: { bold: true, fill: { color: 'E2E8F0' } } }));
  s.addTable([head, ...rows.map((cells) => cells.map((text) => ({ text })))], {
    x: 0.5,
    y: layout.top,
    w: 12.3,
    colW: layout.colW,
    fontFace: FONT,
    fontSize: layout.fontSize,
    color: INK,
    border: { type: 'solid', color: GRID, pt: 1 },
    ...(layout.margin === undefined ? {} : { margin: layout.margin }),
  });
}

function addFixesTable(s: Slide, model: ReportModel) {
  const rows = model.fixes.map(fixCells);
  const top = contentTop(model.slides.find((x) => x.id === 'fixes') ?? ({ takeaway: '' } as ReportSlide));
  addDeckTable(s, FIX_COLUMNS, rows, { top, colW: [4.1, 1.7, 1.7, 2.0, 1.1, 1.7], fontSize: 14 });
  const actions = model.fixes.slice(0, 2).map((f) => `${f.name}: ${f.action}`);
  if (model.message.breakEvenLine !== null) actions.push(model.message.breakEvenLine);
  if (model.notWorthIt !== null && model.notWorthIt.fixes.length > 0) actions.push(model.notWorthIt.summary);
  const tableBottom = top + 0.75 + 0.45 * rows.length;
  addBullets(s, actions, { x: 0.5, y: tableBottom + 0.2, w: 12.3, h: 6.9 - tableBottom - 0.2 }, 12);
}

const DECISION_KIND = { plan: 'Pays for itself', required: 'Required', option: 'Optional' } as const;

/** The priced options (decision-options.ts) at the top of the decision slide; returns where the next content starts. */
function addOptionsTable(s: Slide, model: ReportModel, top: number): number {
  const options = model.keyFigures.options;
  if (options === null) return top;
  const fontSize = 12;
  const rowHeight = (fontSize / 72) * 1.25 + 0.1;
  const rows = [options.doNothingCells, ...options.options.map((o) => o.cells)];
  addDeckTable(s, OPTION_COLUMNS, rows, { top, colW: [1.5, 3.0, 2.0, 1.9, 1.9, 2.0], fontSize, margin: 0.03 });
  // The header wraps to two lines at this width.
  return top + rowHeight * (rows.length + 2) + 0.15;
}

/** The ask: the priced options, then the controls (fixes or required ones) with saving, cost and who requires them; the combined effect and doing nothing below. */
function addDecisionSlide(s: Slide, model: ReportModel, slide: ReportSlide) {
  const d = model.message.decision;
  const top = addOptionsTable(s, model, contentTop(slide));
  if (d.rows.length === 0) {
    addBullets(s, [...d.askLines, d.doNothing], below(FULL, top), 14);
    return;
  }
  const fontSize = d.rows.length > 8 || top > 3 ? 10 : 13;
  const rowHeight = (fontSize / 72) * 1.25 + 0.1;
  // Rows that fit above the closing lines; the rest are counted in a line (rowsThatFit).
  const fit = rowsThatFit(d.rows, Math.max(1, Math.floor((6.0 - top) / rowHeight) - 1));
  const rows = fit.rows.map((r) => [
    r.name,
    DECISION_KIND[r.kind],
    `${formatUsdShort(r.savingUsd)}${r.savingBasis === 'onTop' ? ' on top' : ''}`,
    `${formatUsdShort(r.costLowUsd)}-${formatUsdShort(r.costHighUsd)}`,
    r.requiredBy.length === 0 ? '-' : r.requiredBy.join(', '),
  ]);
  addDeckTable(s, ['Control', 'Why', 'Saves a year', 'Costs a year', 'Required by'], rows, {
    top,
    colW: [3.4, 1.6, 1.5, 1.7, 4.1],
    fontSize,
    margin: 0.03,
  });
  const tableBottom = top + rowHeight * (rows.length + 1) + 0.1;
  addBullets(
    s,
    [...(fit.omittedLine === null ? [] : [fit.omittedLine]), ...d.closingLines],
    { x: 0.5, y: Math.min(tableBottom, 6.2), w: 12.3, h: 6.9 - Math.min(tableBottom, 6.2) },
    11,
  );
}

function addContentSlide(pptx: PptxGenJS, model: ReportModel, slide: ReportSlide, logo: ReportLogo | null, index: number) {
  const s = addFrame(pptx, model, slide, logo, index);
  switch (slide.id) {
    case 'headline':
      addHeadlineSlide(s, model, slide);
      return;
    case 'exceedance':
      addBullets(s, slide.bullets);
      addExceedanceChart(pptx, s, model);
      return;
    case 'costBreakdown':
      addBullets(s, slide.bullets, TEXT, 13);
      addBarChart(
        pptx,
        s,
        'Expected annual loss',
        model.costBreakdown.map((c) => ({ label: c.label, value: c.expectedAnnualUsd })),
        ACCENT,
      );
      return;
    case 'drivers':
      if (model.drivers.length > 0) {
        s.addText(
          'Change of the expected annual loss when one answer moves to best practice (green) or to the weakest answer (red), everything else as answered.',
          { ...TEXT, fontFace: FONT, fontSize: 14, color: INK, valign: 'top' },
        );
        addTornadoChart(pptx, s, model);
      } else addBullets(s, slide.bullets, below(FULL, contentTop(slide)));
      return;
    case 'fixes':
      if (model.fixes.length > 0) addFixesTable(s, model);
      else addBullets(s, slide.bullets, below(FULL, contentTop(slide)), 13);
      return;
    case 'decision':
      addDecisionSlide(s, model, slide);
      return;
    case 'fines':
      addBullets(s, slide.bullets, TEXT, 13);
      if (model.fines.rows.length > 0)
        addBarChart(
          pptx,
          s,
          'Expected fines a year',
          model.fines.rows.map((r) => ({ label: r.label, value: r.expectedAnnualUsd })),
          pptxColor(PALETTE.fines),
        );
      return;
    case 'whatChanged':
      if (model.whatChanged) {
        addBullets(
          s,
          [
            ...model.whatChanged.steps.map(
              (st) => `${st.label}: ${formatUsdChange(st.deltaUsd)}${st.changes.length > 0 ? ` (${st.changes.join('; ')})` : ''}`,
            ),
            'Chart: blue bars are the expected loss then and now; red steps raised it, green steps lowered it.',
          ],
          TEXT,
          12,
        );
        addWaterfallChart(pptx, s, model);
      } else addBullets(s, slide.bullets, below(FULL, contentTop(slide)));
      return;
    case 'insurance':
      addCoverageSlide(pptx, s, model.coverage, slide.bullets);
      return;
    case 'scenarios':
      if (model.scenarios !== null) addScenariosSlide(pptx, s, model.scenarios);
      return;
    case 'title':
    case 'method':
      addBullets(s, slide.bullets, below(FULL, contentTop(slide)), slide.id === 'method' ? 14 : 16);
      return;
    default:
      // Every section has its case: a new SlideId that is not drawn here does not compile.
      return slide.id satisfies never;
  }
}

/**
 * The deck: the same slides as /presentation, with native, editable charts (chart parts with
 * their data, not pictures) and the speaker notes, so it can be restyled for a board pack.
 */
export async function renderReportPptx(model: ReportModel, logo: ReportLogo | null = null): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = model.meta.title;
  pptx.author = model.meta.authorName;
  pptx.company = model.meta.organisationName;
  pptx.subject = `Cyber risk assessment of ${model.meta.completedOn}`;
  model.slides.forEach((slide, i) => {
    if (slide.id === 'title') addTitleSlide(pptx, slide, logo);
    else addContentSlide(pptx, model, slide, logo, i + 1);
  });
  const out = await pptx.write({ outputType: 'nodebuffer' });
  return out as Buffer;
}
