import PptxGenJS from 'pptxgenjs';
import { formatPercent, formatUsdChange, formatUsdShort } from './format.ts';
import type { ReportLogo } from './render-pdf.tsx';
import { PALETTE, pptxColor } from './palette.ts';
import type { ReportModel, ReportSlide } from './report-model.ts';

const INK = pptxColor(PALETTE.ink);
const MUTED = pptxColor(PALETTE.muted);
const ACCENT = pptxColor(PALETTE.accent);
const GOOD = pptxColor(PALETTE.good);
const BAD = pptxColor(PALETTE.bad);
const GRID = pptxColor(PALETTE.grid);
const FONT = 'Calibri';

type Slide = ReturnType<PptxGenJS['addSlide']>;

/** Chart box on the right of a 13.33 × 7.5 in slide, text on the left. */
const CHART = { x: 5.6, y: 1.55, w: 7.3, h: 5.2 };
const TEXT = { x: 0.5, y: 1.55, w: 4.9, h: 5.2 };

function addFrame(pptx: PptxGenJS, model: ReportModel, slide: ReportSlide, logo: ReportLogo | null, index: number): Slide {
  const s = pptx.addSlide();
  s.background = { color: 'FFFFFF' };
  s.addText(slide.title, { x: 0.5, y: 0.3, w: 10.6, h: 0.6, fontFace: FONT, fontSize: 28, bold: true, color: INK });
  s.addText(slide.takeaway, { x: 0.5, y: 0.9, w: 12.3, h: 0.55, fontFace: FONT, fontSize: 16, bold: true, color: ACCENT });
  if (logo) s.addImage({ data: `data:${logo.contentType};base64,${Buffer.from(logo.data).toString('base64')}`, x: 11.3, y: 0.25, w: 1.6, h: 0.6, sizing: { type: 'contain', w: 1.6, h: 0.6 } });
  s.addText(`${model.meta.organisationName} · ${model.meta.completedOn}`, { x: 0.5, y: 7.0, w: 8, h: 0.3, fontFace: FONT, fontSize: 10, color: MUTED });
  s.addText(`${index} / ${model.slides.length}`, { x: 11.8, y: 7.0, w: 1.0, h: 0.3, fontFace: FONT, fontSize: 10, color: MUTED, align: 'right' });
  s.addNotes(slide.notes);
  return s;
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
  if (logo) s.addImage({ data: `data:${logo.contentType};base64,${Buffer.from(logo.data).toString('base64')}`, x: 0.6, y: 0.5, w: 2.4, h: 0.9, sizing: { type: 'contain', w: 2.4, h: 0.9 } });
  s.addText(slide.title, { x: 0.6, y: 2.2, w: 12, h: 1.2, fontFace: FONT, fontSize: 40, bold: true, color: 'FFFFFF' });
  s.addText(slide.takeaway, { x: 0.6, y: 3.4, w: 12, h: 0.6, fontFace: FONT, fontSize: 20, color: 'E2E8F0' });
  s.addText(slide.bullets.join('\n'), { x: 0.6, y: 4.3, w: 12, h: 1.4, fontFace: FONT, fontSize: 16, color: 'CBD5E1', valign: 'top' });
  s.addNotes(slide.notes);
}

function addHeadlineSlide(s: Slide, model: ReportModel, slide: ReportSlide) {
  const h = model.headline;
  const tiles = [
    { label: 'Expected annual loss', value: formatUsdShort(h.aleUsd) },
    { label: 'Chance of at least one loss event', value: formatPercent(h.probabilityOfAnyEvent) },
    { label: 'Cost if it happens (median)', value: formatUsdShort(h.costIfItHappensUsd) },
    { label: 'A bad year (1 in 20)', value: formatUsdShort(h.badYearUsd) },
  ];
  tiles.forEach((tile, i) => {
    const x = 0.5 + i * 3.1;
    s.addShape('rect', { x, y: 1.6, w: 2.9, h: 1.5, fill: { color: 'F1F5F9' }, line: { color: GRID, width: 1 } });
    s.addText(tile.label, { x: x + 0.15, y: 1.65, w: 2.6, h: 0.5, fontFace: FONT, fontSize: 12, color: MUTED });
    s.addText(tile.value, { x: x + 0.15, y: 2.15, w: 2.6, h: 0.8, fontFace: FONT, fontSize: 30, bold: true, color: INK });
  });
  addBullets(s, slide.bullets, { x: 0.5, y: 3.35, w: 12.3, h: 3.5 }, 16);
}

function addExceedanceChart(pptx: PptxGenJS, s: Slide, model: ReportModel) {
  s.addChart(
    pptx.ChartType.line,
    [{ name: 'Chance a year costs more', labels: model.exceedance.map((p) => formatUsdShort(p.lossUsd)), values: model.exceedance.map((p) => p.probability) }],
    {
      ...CHART,
      chartColors: [ACCENT],
      lineDataSymbol: 'none',
      lineSize: 2,
      showLegend: false,
      catAxisLabelFrequency: '6',
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

function addBarChart(pptx: PptxGenJS, s: Slide, name: string, rows: readonly { label: string; value: number }[], color: string) {
  // A bar chart draws its first category at the bottom: the rows go in reversed so the top row
  // reads first, as the slide's bullets do.
  const bottomUp = [...rows].reverse();
  s.addChart(pptx.ChartType.bar, [{ name, labels: bottomUp.map((r) => r.label), values: bottomUp.map((r) => Math.round(r.value)) }], {
    ...CHART,
    barDir: 'bar',
    chartColors: [color],
    showLegend: false,
    showValue: true,
    dataLabelFormatCode: '$#,##0',
    valAxisLabelFormatCode: '$#,##0',
    catAxisLabelFontSize: 11,
    valAxisLabelFontSize: 10,
    dataLabelFontSize: 10,
  });
}

function addTornadoChart(pptx: PptxGenJS, s: Slide, model: ReportModel) {
  // Largest driver on top: bars are drawn from the bottom up (see addBarChart).
  const drivers = [...model.drivers].reverse();
  const labels = drivers.map((d) => d.name);
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
      showLegend: true,
      legendPos: 'b',
      valAxisLabelFormatCode: '$#,##0',
      catAxisLabelFontSize: 10,
      valAxisLabelFontSize: 10,
    },
  );
}

function addFixesTable(s: Slide, model: ReportModel) {
  const head = ['Fix', 'Removes a year', 'Worst 1% of years', 'Costs a year', 'Return', 'Payback'].map((text) => ({ text, options: { bold: true, fill: { color: 'E2E8F0' } } }));
  const rows = model.fixes.map((f) => [
    { text: `${f.rank}. ${f.name}` },
    { text: formatUsdShort(f.annualLossReductionUsd) },
    { text: f.expectedShortfall99ReductionUsd === null ? 'n/a' : `-${formatUsdShort(f.expectedShortfall99ReductionUsd)}` },
    { text: `${formatUsdShort(f.annualCostLowUsd)}-${formatUsdShort(f.annualCostHighUsd)}` },
    { text: `${f.returnOnSecurityInvestment.toFixed(1)}×` },
    { text: f.paybackMonths === null ? 'n/a' : `${f.paybackMonths.toFixed(1)} months` },
  ]);
  s.addTable([head, ...rows], { x: 0.5, y: 1.6, w: 12.3, colW: [4.1, 1.7, 1.7, 2.0, 1.1, 1.7], fontFace: FONT, fontSize: 14, color: INK, border: { type: 'solid', color: GRID, pt: 1 } });
  const actions = model.fixes.slice(0, 3).map((f) => `${f.name}: ${f.action}`);
  if (model.notWorthIt !== null && model.notWorthIt.fixes.length > 0) actions.push(model.notWorthIt.summary);
  addBullets(s, actions, { x: 0.5, y: 1.8 + 0.5 * (rows.length + 1), w: 12.3, h: 2 }, 12);
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
      addBarChart(pptx, s, 'Expected annual loss', model.costBreakdown.map((c) => ({ label: c.label, value: c.expectedAnnualUsd })), ACCENT);
      return;
    case 'drivers':
      if (model.drivers.length > 0) {
        s.addText('Change of the expected annual loss when one answer moves to best practice (green) or to the weakest answer (red), everything else as answered.', { ...TEXT, fontFace: FONT, fontSize: 14, color: INK, valign: 'top' });
        addTornadoChart(pptx, s, model);
      } else addBullets(s, slide.bullets, { x: 0.5, y: 1.6, w: 12.3, h: 5 });
      return;
    case 'fixes':
      if (model.fixes.length > 0) addFixesTable(s, model);
      else addBullets(s, slide.bullets, { x: 0.5, y: 1.6, w: 12.3, h: 5 });
      return;
    case 'fines':
      addBullets(s, slide.bullets, TEXT, 13);
      if (model.fines.rows.length > 0) addBarChart(pptx, s, 'Expected fines a year', model.fines.rows.map((r) => ({ label: r.label, value: r.expectedAnnualUsd })), pptxColor(PALETTE.fines));
      return;
    case 'whatChanged':
      if (model.whatChanged) {
        addBullets(s, model.whatChanged.steps.map((st) => `${st.label}: ${formatUsdChange(st.deltaUsd)}${st.changes.length > 0 ? ` (${st.changes.join('; ')})` : ''}`), TEXT, 12);
        addWaterfallChart(pptx, s, model);
      } else addBullets(s, slide.bullets, { x: 0.5, y: 1.6, w: 12.3, h: 5 });
      return;
    case 'title':
    case 'insurance':
    case 'method':
      addBullets(s, slide.bullets, { x: 0.5, y: 1.6, w: 12.3, h: 5.2 }, slide.id === 'method' ? 13 : 16);
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
