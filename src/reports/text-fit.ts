/**
 * Text measurement for chart and table layout: labels are wrapped to their box instead of being
 * cut ("...& regula"), and the tests check that no label is wider than its box. Widths are those of
 * Helvetica, the PDF's font (Adobe AFM metrics, per 1000 units of the font size). Calibri (the
 * deck) is narrower; a browser's sans-serif can be up to about 15% wider (DejaVu Sans), so the
 * browser layout measures with a scale (BROWSER_FONT_SCALE).
 */

// Helvetica advance widths of the printable ASCII characters 32-126 (pdfkit's Helvetica.afm).
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 222, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
  278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 222, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
/** How much wider than Helvetica a browser's default sans-serif may run (DejaVu Sans is the widest common one). */
export const BROWSER_FONT_SCALE = 1.18;

/** Characters outside ASCII (×, –, …) are taken as wide as a digit or wider. */
const OTHER_WIDTH = 600;
const BOLD_FACTOR = 1.08;

/** Width of a text in points (or px) at a font size. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    units += code >= 32 && code <= 126 ? (HELVETICA_WIDTHS[code - 32] ?? OTHER_WIDTH) : OTHER_WIDTH;
  }
  return (units / 1000) * fontSize * (bold ? BOLD_FACTOR : 1);
}

/**
 * Words in lines no wider than maxWidth, at most maxLines; a word longer than the box is put on
 * its own line (the overflow test then reports it rather than hiding it). Returns every line, so
 * a caller that wants fewer must size the box, never cut the text.
 */
export function wrapText(text: string, fontSize: number, maxWidth: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && textWidth(candidate, fontSize, bold) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** One text placed in a box, for the overflow check. */
export interface PlacedText {
  readonly text: string;
  readonly fontSize: number;
  /** The width the text may take. */
  readonly boxWidth: number;
  readonly bold?: boolean;
}

/** The texts wider than their box (empty when everything fits). */
export function findOverflows(texts: readonly PlacedText[]): PlacedText[] {
  return texts.filter((t) => textWidth(t.text, t.fontSize, t.bold) > t.boxWidth + 1e-6);
}

/** A horizontal bar chart laid out: wrapped labels left of the bars, the value right of each bar. */
export interface BarChartLayout {
  readonly rowHeight: number;
  readonly height: number;
  readonly rows: readonly {
    readonly labelLines: readonly string[];
    readonly top: number;
    readonly barWidth: number;
    readonly value: string;
  }[];
  /** Every text with the room it has: labels within labelWidth - gap, values within what is right of the bar. */
  readonly texts: readonly PlacedText[];
}

/** Lays out bars scaled to the largest value, labels wrapped to the label column, values after the bars. */
export function layoutBarChart(
  rows: readonly { readonly label: string; readonly valueUsd: number; readonly text: string }[],
  options: {
    readonly width: number;
    readonly labelWidth: number;
    readonly valueWidth: number;
    readonly fontSize: number;
    readonly gap: number;
    /** Measure as if the font were this much wider than Helvetica (a browser's font). */
    readonly fontScale?: number;
  },
): BarChartLayout {
  const { width, labelWidth, valueWidth, fontSize, gap } = options;
  const measureSize = fontSize * (options.fontScale ?? 1);
  const barArea = width - labelWidth - valueWidth;
  const max = Math.max(0, ...rows.map((r) => r.valueUsd));
  const wrapped = rows.map((r) => wrapText(r.label, measureSize, labelWidth - gap));
  const lineHeight = fontSize * 1.2;
  const maxLines = Math.max(1, ...wrapped.map((l) => l.length));
  const rowHeight = Math.max(fontSize * 2.4, maxLines * lineHeight + fontSize);
  const laidOut = rows.map((r, i) => ({
    labelLines: wrapped[i] ?? [],
    top: i * rowHeight,
    barWidth: max > 0 ? (Math.max(0, r.valueUsd) / max) * barArea : 0,
    value: r.text,
  }));
  const texts: PlacedText[] = laidOut.flatMap((row) => [
    ...row.labelLines.map((line) => ({ text: line, fontSize: measureSize, boxWidth: labelWidth - gap })),
    { text: row.value, fontSize: measureSize, boxWidth: width - labelWidth - row.barWidth - gap },
  ]);
  return { rowHeight, height: rows.length * rowHeight + 4, rows: laidOut, texts };
}
