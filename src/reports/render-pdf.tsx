import { Document, Font, G, Image, Line, Page, Path, Rect, renderToBuffer, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import { exceedancePath, exceedanceTicks, tornadoBars, waterfallBars } from './chart-geometry.ts';
import { formatPercent, formatUsdChange, formatUsdExact, formatUsdShort } from './format.ts';
import { PALETTE } from './palette.ts';
import { OPTION_COLUMNS } from './decision-options.ts';
import { fixCells } from './fix-cells.ts';
import type { ReportModel, ReportSlide, SlideId } from './report-model.ts';
import { layoutBarChart, type PlacedText } from './text-fit.ts';
import { AppetiteChartPdf } from './coverage-pdf.tsx';
import { scenarioTableTexts, ScenariosTablePdf } from './loss-scenarios-pdf.tsx';
import { peerLinePdf, peerTileValues } from './peer-pdf.tsx';

/** An organisation logo, already validated at upload (PNG or JPEG). */
export interface ReportLogo {
  readonly data: Uint8Array;
  readonly contentType: 'image/png' | 'image/jpeg';
}

// Words are never split: "Moder-ate" on a board report reads as a typo.
Font.registerHyphenationCallback((word) => [word]);

const { ink: INK, muted: MUTED, accent: ACCENT, good: GOOD, bad: BAD, grid: GRID } = PALETTE;

const styles = StyleSheet.create({
  page: { paddingTop: 48, paddingBottom: 56, paddingHorizontal: 48, fontFamily: 'Helvetica', fontSize: 10, color: INK },
  header: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 },
  logo: { maxHeight: 40, maxWidth: 140, objectFit: 'contain' },
  org: { fontSize: 10, color: MUTED },
  h1: { fontSize: 20, lineHeight: 1.2, fontFamily: 'Helvetica-Bold', marginBottom: 6 },
  h2: { fontSize: 15, lineHeight: 1.2, fontFamily: 'Helvetica-Bold', marginBottom: 6, marginTop: 4 },
  h3: { fontSize: 11, lineHeight: 1.2, fontFamily: 'Helvetica-Bold', marginBottom: 3, marginTop: 8 },
  subtitle: { fontSize: 10, color: MUTED, marginBottom: 14 },
  alert: { fontSize: 9, lineHeight: 1.25, fontFamily: 'Helvetica-Bold', color: '#9a3412', marginTop: 4, marginBottom: 2 },
  takeaway: { fontSize: 11.5, lineHeight: 1.25, fontFamily: 'Helvetica-Bold', color: ACCENT, marginBottom: 8 },
  big: { fontSize: 30, lineHeight: 1.15, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  figureRow: { flexDirection: 'row', gap: 8, marginVertical: 10 },
  figure: { flexGrow: 1, flexBasis: 0, borderWidth: 1, borderColor: GRID, borderRadius: 4, padding: 8 },
  figureLabel: { fontSize: 8.5, color: MUTED, marginBottom: 2 },
  figureValue: { fontSize: 14, lineHeight: 1.2, fontFamily: 'Helvetica-Bold' },
  bullet: { flexDirection: 'row', marginBottom: 2 },
  bulletDot: { width: 10 },
  bulletText: { flex: 1 },
  notes: { marginTop: 8, padding: 8, backgroundColor: '#f1f5f9', borderRadius: 4 },
  notesText: {},
  notesLabel: { fontSize: 8.5, fontFamily: 'Helvetica-Bold', color: MUTED, marginBottom: 2 },
  section: { marginBottom: 18 },
  small: { fontSize: 8.5, color: MUTED },
  footer: { position: 'absolute', bottom: 24, left: 48, right: 48, flexDirection: 'row', justifyContent: 'space-between', fontSize: 8, color: MUTED },
  tableRow: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: GRID, paddingVertical: 3 },
  tableHead: { fontFamily: 'Helvetica-Bold' },
});

/**
 * The standard PDF fonts encode WinAnsi only: arrows and a few signs would print as garbage,
 * so they are spelled out here rather than embedding a font (keeps the file small and fast).
 */
function toPdfText(text: string): string {
  return text.replace(/→/g, '->').replace(/≥/g, '>=').replace(/≤/g, '<=').replace(/−/g, '-');
}

type Style = Parameters<typeof StyleSheet.create>[0][string];
type PdfStyle = Style | Style[];

function T({ style, children }: { style?: PdfStyle; children: string }) {
  return <Text style={style}>{toPdfText(children)}</Text>;
}

function Bullets({ items }: { items: readonly string[] }) {
  return (
    <View>
      {items.map((item, i) => (
        <View key={i} style={styles.bullet} wrap={false}>
          <Text style={styles.bulletDot}>•</Text>
          <T style={styles.bulletText}>{item}</T>
        </View>
      ))}
    </View>
  );
}

function Notes({ text }: { text: string }) {
  return (
    <View style={styles.notes} wrap={false}>
      <Text style={styles.notesLabel}>In plain words</Text>
      <T style={styles.notesText}>{text}</T>
    </View>
  );
}

const CHART_WIDTH = 500;

function ExceedanceChart({ model, plotHeight = 150 }: { model: ReportModel; plotHeight?: number }) {
  const box = { x: 44, y: 8, width: CHART_WIDTH - 60, height: plotHeight };
  const height = plotHeight + 40;
  const chart = exceedancePath(model.exceedance, box);
  const ticks = exceedanceTicks(chart, box);
  return (
    <Svg width={CHART_WIDTH} height={height} viewBox={`0 0 ${CHART_WIDTH} ${height}`}>
      {ticks.probability.map((tick) => (
        <G key={tick.key}>
          <Line {...tick.line} stroke={GRID} strokeWidth={0.5} />
          <Text x={box.x - 4} y={tick.position + 3} style={{ fontSize: 7 }} textAnchor="end">
            {tick.label}
          </Text>
        </G>
      ))}
      {ticks.loss.map((tick) => (
        <G key={tick.key}>
          <Line {...tick.line} stroke={GRID} strokeWidth={0.5} />
          <Text x={tick.position} y={box.y + box.height + 12} style={{ fontSize: 7 }} textAnchor="middle">
            {tick.label}
          </Text>
        </G>
      ))}
      <Path d={chart.d} stroke={ACCENT} strokeWidth={1.6} fill="none" />
      <Text x={box.x + box.width / 2} y={height - 4} style={{ fontSize: 7.5 }} textAnchor="middle">
        Annual loss (log scale); line = chance a year costs more
      </Text>
    </Svg>
  );
}

const BAR_LAYOUT = { width: CHART_WIDTH, labelWidth: 170, valueWidth: 70, fontSize: 7.5, gap: 6 } as const;

function HorizontalBars({ rows, color }: { rows: readonly { label: string; valueUsd: number; text: string }[]; color: string }) {
  // Labels wrap to the label column (text-fit.ts): a cut label ("...& regula") reads as an error.
  const layout = layoutBarChart(rows, BAR_LAYOUT);
  const { labelWidth, fontSize, gap } = BAR_LAYOUT;
  const lineHeight = fontSize * 1.2;
  return (
    <Svg width={CHART_WIDTH} height={layout.height} viewBox={`0 0 ${CHART_WIDTH} ${layout.height}`}>
      {layout.rows.map((r, i) => {
        const middle = r.top + layout.rowHeight / 2;
        const firstBaseline = middle - ((r.labelLines.length - 1) * lineHeight) / 2 + fontSize * 0.35;
        return (
          <G key={`${i}-${r.labelLines.join(' ')}`}>
            {r.labelLines.map((line, j) => (
              <Text key={j} x={labelWidth - gap} y={firstBaseline + j * lineHeight} style={{ fontSize }} textAnchor="end">
                {toPdfText(line)}
              </Text>
            ))}
            <Rect x={labelWidth} y={middle - 5.5} width={Math.max(0.5, r.barWidth)} height={11} fill={color} />
            <Text x={labelWidth + r.barWidth + 4} y={middle + fontSize * 0.35} style={{ fontSize }}>
              {r.value}
            </Text>
          </G>
        );
      })}
    </Svg>
  );
}

function TornadoChart({ model }: { model: ReportModel }) {
  const labelWidth = 170;
  const half = (CHART_WIDTH - labelWidth - 20) / 2;
  const centre = labelWidth + half;
  const bars = tornadoBars(model.drivers, half - 40);
  const rowHeight = 18;
  const height = model.drivers.length * rowHeight + 16;
  return (
    <Svg width={CHART_WIDTH} height={height} viewBox={`0 0 ${CHART_WIDTH} ${height}`}>
      <Line x1={centre} x2={centre} y1={0} y2={height - 14} stroke={MUTED} strokeWidth={0.6} />
      {model.drivers.map((d, i) => {
        const bar = bars[i] ?? { left: 0, right: 0 };
        return (
          <G key={d.factorId}>
            <Text x={labelWidth - 6} y={i * rowHeight + 12} style={{ fontSize: 7.5 }} textAnchor="end">
              {toPdfText(d.name.slice(0, 40))}
            </Text>
            <Rect x={centre - bar.left} y={i * rowHeight + 3} width={Math.max(0.5, bar.left)} height={rowHeight - 7} fill={GOOD} />
            <Rect x={centre} y={i * rowHeight + 3} width={Math.max(0.5, bar.right)} height={rowHeight - 7} fill={BAD} />
            <Text x={centre - bar.left - 3} y={i * rowHeight + 12} style={{ fontSize: 6.5 }} textAnchor="end">
              {formatUsdShort(d.toBestUsd)}
            </Text>
            <Text x={centre + bar.right + 3} y={i * rowHeight + 12} style={{ fontSize: 6.5 }}>
              {`+${formatUsdShort(d.toWorstUsd)}`}
            </Text>
          </G>
        );
      })}
      <Text x={centre} y={height - 3} style={{ fontSize: 7 }} textAnchor="middle">
        Green: saving at best practice. Red: added loss at the weakest answer.
      </Text>
    </Svg>
  );
}

function WaterfallChart({ model }: { model: ReportModel }) {
  const change = model.whatChanged;
  if (!change) return null;
  const plotHeight = 130;
  const bars = waterfallBars(change.previous.aleUsd, change.steps, change.current.aleUsd, 'Previous', 'Now', plotHeight);
  const slot = CHART_WIDTH / bars.length;
  const barWidth = Math.min(60, slot * 0.6);
  return (
    <Svg width={CHART_WIDTH} height={plotHeight + 46} viewBox={`0 0 ${CHART_WIDTH} ${plotHeight + 46}`}>
      <Line x1={0} x2={CHART_WIDTH} y1={plotHeight + 10} y2={plotHeight + 10} stroke={MUTED} strokeWidth={0.6} />
      {bars.map((b, i) => {
        const x = i * slot + (slot - barWidth) / 2;
        const color = b.kind === 'total' ? ACCENT : b.valueUsd <= 0 ? GOOD : BAD;
        return (
          <G key={`${b.label}${i}`}>
            <Rect x={x} y={b.y + 10} width={barWidth} height={Math.max(0.5, b.height)} fill={color} />
            <Text x={x + barWidth / 2} y={b.y + 6} style={{ fontSize: 6.5 }} textAnchor="middle">
              {b.kind === 'total' ? formatUsdShort(b.valueUsd) : formatUsdChange(b.valueUsd)}
            </Text>
            <Text x={x + barWidth / 2} y={plotHeight + 22} style={{ fontSize: 6.5 }} textAnchor="middle">
              {toPdfText(b.label.split(' (')[0]?.slice(0, 28) ?? '')}
            </Text>
          </G>
        );
      })}
    </Svg>
  );
}

const TABLE_FONT_SIZE = 9;
const CELL_PADDING = 6;

/** The fixes table's columns with fixed widths (points, summing to the 516 pt text column), so the overflow test checks what is drawn. */
const FIX_COLUMNS = [
  { label: 'Fix', width: 150 },
  { label: 'Saves a year (alone)', width: 66 },
  { label: 'Less in the worst 1% of years', width: 78 },
  { label: 'Costs a year', width: 76 },
  { label: 'Saved per $1 spent', width: 80 },
  { label: 'Pays back in', width: 66 },
] as const;

/** A table whose cells wrap within fixed column widths. */
function FixedTable({ columns, rows }: { columns: readonly { label: string; width: number }[]; rows: readonly (readonly string[])[] }) {
  return (
    <View style={{ marginBottom: 6 }}>
      <View style={[styles.tableRow, styles.tableHead]}>
        {columns.map((c) => (
          <T key={c.label} style={{ width: c.width, paddingRight: CELL_PADDING, fontSize: TABLE_FONT_SIZE }}>
            {c.label}
          </T>
        ))}
      </View>
      {rows.map((cells, i) => (
        <View key={i} style={styles.tableRow} wrap={false}>
          {cells.map((cell, j) => (
            <T key={j} style={{ width: columns[j]?.width ?? 60, paddingRight: CELL_PADDING, fontSize: TABLE_FONT_SIZE }}>
              {cell}
            </T>
          ))}
        </View>
      ))}
    </View>
  );
}

function FixesTable({ model }: { model: ReportModel }) {
  return (
    <View style={{ marginBottom: 6 }}>
      <FixedTable columns={FIX_COLUMNS} rows={model.fixes.map(fixCells)} />
      {model.message.breakEvenLine === null ? null : <T style={{ marginTop: 4, fontSize: 8 }}>{model.message.breakEvenLine}</T>}
      {model.notWorthIt !== null && model.notWorthIt.fixes.length > 0 ? <T style={{ marginTop: 4, fontSize: 8 }}>{model.notWorthIt.summary}</T> : null}
    </View>
  );
}

const DECISION_COLUMNS = [
  { label: 'Control', width: 150 },
  { label: 'Why it is asked for', width: 100 },
  { label: 'Saves a year', width: 86 },
  { label: 'Costs a year', width: 80 },
  { label: 'Required by', width: 100 },
] as const;

const DECISION_KIND: { readonly [K in ReportModel['message']['decision']['rows'][number]['kind']]: string } = {
  plan: 'Pays for itself',
  required: 'Required',
  option: 'Optional',
};

function decisionCells(row: ReportModel['message']['decision']['rows'][number]): string[] {
  return [
    row.name,
    DECISION_KIND[row.kind],
    `${formatUsdShort(row.savingUsd)}${row.savingBasis === 'onTop' ? ' on top' : ''}`,
    `${formatUsdShort(row.costLowUsd)}-${formatUsdShort(row.costHighUsd)}`,
    row.requiredBy.length === 0 ? '-' : row.requiredBy.join(', '),
  ];
}

const OPTION_WIDTHS = [52, 124, 82, 86, 86, 86] as const;
const OPTIONS_TABLE = OPTION_COLUMNS.map((label, i) => ({ label, width: OPTION_WIDTHS[i] ?? 80 }));

/** The three priced options as a table (decision-options.ts): the same cells on page 1, the decision page, the deck and /presentation. */
function OptionsTable({ model }: { model: ReportModel }) {
  const options = model.keyFigures.options;
  if (options === null) return null;
  return <FixedTable columns={OPTIONS_TABLE} rows={[options.doNothingCells, ...options.options.map((o) => o.cells)]} />;
}

/** The page that asks for a decision: the fixes, their cost and saving together, what doing nothing means, what is required anyway. */
function DecisionPage({ model }: { model: ReportModel }) {
  const d = model.message.decision;
  const slide = model.slides.find((s) => s.id === 'decision');
  const reasons = d.rows.filter((r) => r.reasons.length > 0);
  return (
    <View>
      <T style={styles.h2}>{slide?.title ?? 'The decision'}</T>
      <T style={styles.takeaway}>{d.takeaway}</T>
      {model.keyFigures.options === null ? null : (
        <View>
          <Text style={styles.h3}>The options, priced</Text>
          <T style={styles.small}>{model.keyFigures.options.intro}</T>
          <OptionsTable model={model} />
          {/* Why each is bought, in plain words; each option's full sentence is in the deck's notes, the workbook and the API. */}
          <Bullets items={model.keyFigures.options.options.map((o) => `${o.title}: ${o.why}`)} />
          <Text style={styles.h3}>The controls</Text>
        </View>
      )}
      {d.rows.length > 0 ? <FixedTable columns={DECISION_COLUMNS} rows={d.rows.map(decisionCells)} /> : null}
      <Bullets items={d.fixes.length === 0 && d.rows.length === 0 ? [...d.askLines, d.doNothing] : d.closingLines} />
      <Notes text={d.notes} />
      {reasons.length > 0 ? (
        <View>
          <Text style={styles.h3}>Why these controls are required regardless of return</Text>
          <T style={styles.small}>{reasons.map((r) => `${r.name}: ${r.reasons.join(' ')}`).join('\n')}</T>
        </View>
      ) : null}
    </View>
  );
}

/**
 * Every label and table cell of the PDF's charts and tables with the room it has: the test checks
 * none is wider than its box (text-fit.ts measures with the PDF's own font metrics).
 */
export function pdfLayoutTexts(model: ReportModel): PlacedText[] {
  const bars = [
    layoutBarChart(model.costBreakdown.map((c) => ({ label: c.label, valueUsd: c.expectedAnnualUsd, text: `${formatUsdShort(c.expectedAnnualUsd)} (${formatPercent(c.share)})` })), BAR_LAYOUT),
    layoutBarChart(model.fines.rows.map((r) => ({ label: r.label, valueUsd: r.expectedAnnualUsd, text: formatUsdShort(r.expectedAnnualUsd) })), BAR_LAYOUT),
  ].flatMap((l) => l.texts);
  const cellsOf = (columns: readonly { label: string; width: number }[], rows: readonly (readonly string[])[]): PlacedText[] =>
    // A cell wraps by words: each word must fit its column (a word wider than the column would run into the next one).
    [columns.map((c) => c.label), ...rows].flatMap((cells) => cells.flatMap((cell, j) => cell.split(/\s+/).map((word) => ({ text: word, fontSize: TABLE_FONT_SIZE, boxWidth: (columns[j]?.width ?? 0) - CELL_PADDING, bold: true }))));
  const tornado = model.drivers.map((d) => ({ text: d.name, fontSize: 7.5, boxWidth: 170 - 6 }));
  return [...bars, ...cellsOf(FIX_COLUMNS, model.fixes.map(fixCells)), ...cellsOf(DECISION_COLUMNS, model.message.decision.rows.map(decisionCells)), ...cellsOf(OPTIONS_TABLE, model.keyFigures.options?.options.map((o) => o.cells) ?? []), ...tornado, ...scenarioTableTexts(model.scenarios)];
}

function chartFor(id: SlideId, model: ReportModel): ReactNode {
  switch (id) {
    case 'exceedance':
      return <ExceedanceChart model={model} />;
    case 'costBreakdown':
      return <HorizontalBars color={ACCENT} rows={model.costBreakdown.map((c) => ({ label: c.label, valueUsd: c.expectedAnnualUsd, text: `${formatUsdShort(c.expectedAnnualUsd)} (${formatPercent(c.share)})` }))} />;
    case 'drivers':
      return model.drivers.length > 0 ? <TornadoChart model={model} /> : null;
    case 'fixes':
      return model.fixes.length > 0 ? <FixesTable model={model} /> : null;
    case 'fines':
      return model.fines.rows.length > 0 ? <HorizontalBars color={PALETTE.fines} rows={model.fines.rows.map((r) => ({ label: r.label, valueUsd: r.expectedAnnualUsd, text: formatUsdShort(r.expectedAnnualUsd) }))} /> : null;
    case 'whatChanged':
      return <WaterfallChart model={model} />;
    case 'insurance':
      return <AppetiteChartPdf coverage={model.coverage} />;
    case 'scenarios':
      return model.scenarios === null ? null : <ScenariosTablePdf section={model.scenarios} totalUsd={model.headline.aleUsd} />;
    case 'title':
    case 'headline':
    case 'decision':
    case 'method':
      return null;
    default:
      // Every section has its case: a new SlideId without one does not compile.
      return id satisfies never;
  }
}

/** Sections whose chart or table prints the same figures as the bullets, with their labels. */
const CHART_CARRIES_BULLETS: ReadonlySet<SlideId> = new Set(['costBreakdown', 'scenarios', 'drivers', 'fixes']);

function Section({ slide, model }: { slide: ReportSlide; model: ReportModel }) {
  const chart = chartFor(slide.id, model);
  return (
    <View style={styles.section}>
      <View wrap={false}>
        <T style={styles.h2}>{slide.title}</T>
        <T style={styles.takeaway}>{slide.takeaway}</T>
        {chart}
      </View>
      {chart !== null && CHART_CARRIES_BULLETS.has(slide.id) ? null : <Bullets items={slide.bullets} />}
      <Notes text={slide.notes} />
    </View>
  );
}

function Header({ model, logo }: { model: ReportModel; logo: ReportLogo | null }) {
  return (
    <View style={styles.header} fixed>
      <T style={styles.org}>{model.meta.organisationName}</T>
      {logo ? <Image style={styles.logo} src={{ data: Buffer.from(logo.data), format: logo.contentType === 'image/png' ? 'png' : 'jpg' }} /> : null}
    </View>
  );
}

function Footer({ model }: { model: ReportModel }) {
  return (
    <View style={styles.footer} fixed>
      <T>{`${model.meta.title}, ${model.meta.completedOn}`}</T>
      <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
    </View>
  );
}

/** The ranges a board should see under the headline (ADR 208); simulation precision stays in the appendix. */
function uncertaintyLines(model: ReportModel): (string | null)[] {
  return [model.uncertainty.parameterShortLine, model.uncertainty.unknownAnswersLine];
}

function ExecutiveSummary({ model }: { model: ReportModel }) {
  const h = model.headline;
  const m = model.message;
  const change = model.slides.find((s) => s.id === 'whatChanged');
  const insurance = model.slides.find((s) => s.id === 'insurance');
  // Lead with the chance of an incident and what one costs; the loss curve and the average follow (ADR 220).
  // Each figure beside the typical peer's: the same run for an average organisation of our industry and size (ADR 207).
  const peer = peerTileValues(model.peer);
  const figures = [
    { label: 'Chance of at least one incident this year', value: formatPercent(h.probabilityOfAnyEvent), peer: peer?.probabilityOfAnyEvent },
    { label: 'What one incident typically costs', value: formatUsdShort(h.costIfItHappensUsd), peer: peer?.costIfItHappensUsd },
    { label: 'A severe incident (1 in 20) costs more than', value: formatUsdShort(h.costIfItHappensP95Usd), peer: peer?.costIfItHappensP95Usd },
    { label: 'A 1-in-100 year costs more than', value: formatUsdShort(h.oneIn100Usd), peer: peer?.oneInHundredUsd },
  ];
  return (
    <View>
      <T style={styles.h1}>{model.meta.title}</T>
      <T style={styles.subtitle}>{`Executive summary, prepared for ${model.meta.organisationName} by ${model.meta.authorName}. Assessment "${model.meta.assessmentTitle}" completed ${model.meta.completedOn}. ${model.meta.industry}, ${model.meta.employees.toLocaleString('en-US')} employees, ${formatUsdShort(model.meta.annualRevenueUsd)} revenue.`}</T>
      <T style={styles.takeaway}>{m.headline.takeaway}</T>
      <View style={styles.figureRow}>
        {figures.map((f) => (
          <View key={f.label} style={styles.figure}>
            <Text style={styles.figureLabel}>{f.label}</Text>
            <Text style={styles.figureValue}>{f.value}</Text>
            {f.peer === undefined ? null : <Text style={styles.small}>{`Typical peer: ${f.peer}`}</Text>}
          </View>
        ))}
      </View>
      <Text style={styles.figureLabel}>Expected annual loss (the average over good and bad years)</Text>
      <Text style={styles.big}>{formatUsdExact(h.aleUsd)}</Text>
      <T style={styles.small}>{[peerLinePdf(model), m.headline.spreadLine, m.headline.tailExplanation, m.headline.unknownLine, ...uncertaintyLines(model)].filter((line): line is string => line !== null).join(' ')}</T>
      {model.alerts.length > 0 ? <T style={styles.alert}>{model.alerts.join(' ')}</T> : null}
      <Text style={styles.h3}>What we ask the board to decide</Text>
      <T>{m.decision.takeaway}</T>
      {/* The table's first row is doing nothing; without options the closing lines say it. */}
      {model.keyFigures.options === null ? <T style={styles.small}>{m.decision.closingLines.join(' ')}</T> : <OptionsTable model={model} />}
      <Text style={styles.h3}>Since the last assessment</Text>
      <T>{change?.takeaway ?? ''}</T>
      <Text style={styles.h3}>Insurance</Text>
      <T>{insurance?.takeaway ?? ''}</T>
      {/* The priced options take the room the loss curve had: the curve has its own page, and page 1 stays one page (ADR 270). */}
    </View>
  );
}

/** The scenarios and the uncertainty in plain words (ADR 208); nothing for a result that has neither. */
function ScenarioAppendixPdf({ appendix }: { appendix: ReportModel['scenarioAppendix'] }) {
  return (
    <>
      {appendix.scenarios.length > 0 ? <Text style={styles.h3}>The five loss scenarios</Text> : null}
      {appendix.scenarios.length > 0 ? <T>{appendix.scenarios.join('\n')}</T> : null}
      {appendix.uncertainty.length > 0 ? <Text style={styles.h3}>How certain the figures are</Text> : null}
      {appendix.uncertainty.length > 0 ? <T>{appendix.uncertainty.join('\n')}</T> : null}
      {appendix.level.length > 0 ? <Text style={styles.h3}>How certain the dollar level is</Text> : null}
      {appendix.level.length > 0 ? <T>{appendix.level.join('\n')}</T> : null}
      {appendix.rangeSources.length > 0 ? <T style={[styles.small, { marginTop: 4 }]}>{`How far each uncertain input of the model can move (80% range, each derived from the published study behind it): ${appendix.rangeSources.join('; ')}.`}</T> : null}
    </>
  );
}

function MethodAppendix({ model }: { model: ReportModel }) {
  const slide = model.slides.find((x) => x.id === 'method');
  return (
    <View>
      <Text style={styles.small}>Appendix</Text>
      <T style={styles.h2}>{slide?.title ?? 'Method and limits'}</T>
      {slide ? <T style={styles.takeaway}>{slide.takeaway}</T> : null}
      {slide ? <Notes text={slide.notes} /> : null}
      <Text style={styles.h3}>How the numbers are computed</Text>
      {model.method.steps.map((s) => (
        <View key={s.title}>
          <T style={styles.h3}>{s.title}</T>
          <T>{s.text}</T>
        </View>
      ))}
      <ScenarioAppendixPdf appendix={model.scenarioAppendix} />
      <Text style={styles.h3}>Limits</Text>
      <Bullets items={model.method.limits} />
      <Text style={styles.h3}>Sources of the numbers used</Text>
      {/* One text block: react-pdf lays out each element separately, and 40 small ones cost far more than one. */}
      <T style={styles.small}>{model.method.sources.map((s) => `${s.label}${s.isAssumption ? ' (assumption)' : ''}${s.source === '' ? '' : `: ${s.source}`}`).join('\n')}</T>
      <T style={[styles.small, { marginTop: 8 }]}>{`Risk model ${model.meta.engineVersion}, seed ${model.meta.seed}, ${model.meta.iterations.toLocaleString('en-US')} simulated years. Generated ${model.meta.generatedAt.slice(0, 16).replace('T', ' ')} UTC. The verification workbook (workbook.xlsx) recomputes the analytic parts with live formulas.`}</T>
    </View>
  );
}

/**
 * Where each section goes. Sections sit two to a page, each pair on its own <Page>: react-pdf re-lays
 * out everything after a page break on every split, so one long flowing page of all sections costs
 * several times more. The rest have their own page (page 1, the decision page, the appendix) or none
 * (the title is the cover of the deck only). Every SlideId must be placed: a new one left out of this
 * map does not compile, so it cannot silently vanish from the PDF.
 */
const SECTION_PLACEMENT = {
  title: 'not printed',
  headline: { page: 0 },
  exceedance: { page: 0 },
  costBreakdown: { page: 1 },
  drivers: { page: 1 },
  scenarios: { page: 2 },
  fixes: { page: 3 },
  fines: { page: 3 },
  insurance: { page: 4 },
  whatChanged: { page: 4 },
  decision: 'decision page',
  method: 'appendix',
} as const satisfies Record<SlideId, { readonly page: number } | 'not printed' | 'decision page' | 'appendix'>;

/** The section pages' slide ids in order, from the placement map (map order within a page). */
const SECTION_PAGES: readonly (readonly SlideId[])[] = (() => {
  const pages: SlideId[][] = [];
  for (const [id, place] of Object.entries(SECTION_PLACEMENT) as [SlideId, (typeof SECTION_PLACEMENT)[SlideId]][]) {
    if (typeof place === 'object') (pages[place.page] ??= []).push(id);
  }
  return pages;
})();

/** The board report as a complete PDF file (built fully in memory; the caller sends it only when done). */
export async function renderReportPdf(model: ReportModel, logo: ReportLogo | null = null): Promise<Buffer> {
  // A result without scenarios (before model 3.0) has no scenarios slide: its page is left out.
  const pages = SECTION_PAGES.map((ids) => model.slides.filter((s) => ids.includes(s.id))).filter((slides) => slides.length > 0);
  const doc = (
    <Document title={model.meta.title} author={model.meta.authorName} subject={`Cyber risk assessment of ${model.meta.completedOn}`} creator="CIFER" producer="CIFER" keywords="cyber risk, board report">
      <Page size="LETTER" style={styles.page}>
        <Footer model={model} />
        <Header model={model} logo={logo} />
        <ExecutiveSummary model={model} />
      </Page>
      <Page size="LETTER" style={styles.page}>
        <Footer model={model} />
        <Header model={model} logo={logo} />
        <DecisionPage model={model} />
      </Page>
      {pages.map((slides) => (
        <Page key={slides.map((s) => s.id).join('-')} size="LETTER" style={styles.page}>
          <Footer model={model} />
          <Header model={model} logo={logo} />
          {slides.map((slide) => (
            <Section key={slide.id} slide={slide} model={model} />
          ))}
        </Page>
      ))}
      <Page size="LETTER" style={styles.page}>
        <Footer model={model} />
        <Header model={model} logo={logo} />
        <MethodAppendix model={model} />
      </Page>
    </Document>
  );
  return renderToBuffer(doc);
}
