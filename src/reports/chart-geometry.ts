import { formatPercent, formatUsdShort } from './format.ts';
import type { WaterfallStep } from './what-changed.ts';

/**
 * Chart geometry shared by the PDF (react-pdf SVG) and /presentation (browser SVG), so the
 * vector charts of both are drawn from the same numbers. Pure functions; no drawing library.
 */

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Powers of ten between min and max (inclusive), for log-axis ticks. */
function logTicks(minUsd: number, maxUsd: number): number[] {
  const ticks: number[] = [];
  for (let p = Math.ceil(Math.log10(Math.max(1, minUsd))); 10 ** p <= maxUsd * 1.0001; p++) ticks.push(10 ** p);
  return ticks;
}

/** Polyline points of the loss exceedance curve on a log-x, linear-y box (y: probability 0..yMax). */
export function exceedancePath(
  points: readonly { lossUsd: number; probability: number }[],
  box: Box,
): { d: string; xOf: (usd: number) => number; yOf: (p: number) => number; yMax: number; minUsd: number; maxUsd: number } {
  const minUsd = points[0]?.lossUsd ?? 1;
  const maxUsd = points[points.length - 1]?.lossUsd ?? 10;
  const peak = Math.max(0.01, ...points.map((p) => p.probability));
  const yMax = Math.min(1, Math.ceil(peak * 10) / 10);
  const logMin = Math.log10(minUsd);
  const logSpan = Math.max(1e-9, Math.log10(maxUsd) - logMin);
  const xOf = (usd: number) => box.x + ((Math.log10(usd) - logMin) / logSpan) * box.width;
  const yOf = (p: number) => box.y + box.height - (p / yMax) * box.height;
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${xOf(p.lossUsd).toFixed(2)},${yOf(p.probability).toFixed(2)}`).join(' ');
  return { d, xOf, yOf, yMax, minUsd, maxUsd };
}

/** A tick of the exceedance chart: its grid line across the plot, where its label goes (y for a probability, x for a loss) and the label. */
interface ExceedanceTick {
  readonly key: string;
  readonly line: { readonly x1: number; readonly x2: number; readonly y1: number; readonly y2: number };
  readonly position: number;
  readonly label: string;
}

/** The exceedance chart's ticks: probabilities (0, half, top) up the side, round losses along the bottom; each renderer draws them its way. */
export function exceedanceTicks(
  chart: ReturnType<typeof exceedancePath>,
  box: Box,
): { probability: ExceedanceTick[]; loss: ExceedanceTick[] } {
  const probability = [0, chart.yMax / 2, chart.yMax].map((p) => {
    const y = chart.yOf(p);
    return { key: `y${p}`, line: { x1: box.x, x2: box.x + box.width, y1: y, y2: y }, position: y, label: formatPercent(p) };
  });
  const loss = logTicks(chart.minUsd, chart.maxUsd).map((usd) => {
    const x = chart.xOf(usd);
    return { key: `x${usd}`, line: { x1: x, x2: x, y1: box.y, y2: box.y + box.height }, position: x, label: formatUsdShort(usd) };
  });
  return { probability, loss };
}

/** Horizontal bars scaled to the largest value. */
export function barWidths(values: readonly number[], width: number): number[] {
  const max = Math.max(0, ...values);
  return values.map((v) => (max > 0 ? (Math.max(0, v) / max) * width : 0));
}

/** Tornado rows: left (to best, <= 0) and right (to worst, >= 0) widths around a centre line. */
export function tornadoBars(
  rows: readonly { toBestUsd: number; toWorstUsd: number }[],
  halfWidth: number,
): { left: number; right: number }[] {
  const max = Math.max(1e-9, ...rows.map((r) => Math.max(Math.abs(r.toBestUsd), Math.abs(r.toWorstUsd))));
  return rows.map((r) => ({ left: (Math.abs(r.toBestUsd) / max) * halfWidth, right: (Math.abs(r.toWorstUsd) / max) * halfWidth }));
}

interface WaterfallBar {
  readonly label: string;
  /** 'total' bars start at zero; 'step' bars float from the running total. */
  readonly kind: 'total' | 'step';
  readonly valueUsd: number;
  readonly y: number;
  readonly height: number;
}

/** Waterfall bars (previous total, each step, current total) on a vertical linear scale inside height. */
export function waterfallBars(
  previousUsd: number,
  steps: readonly Pick<WaterfallStep, 'label' | 'deltaUsd'>[],
  currentUsd: number,
  previousLabel: string,
  currentLabel: string,
  height: number,
): WaterfallBar[] {
  let running = previousUsd;
  const levels = [previousUsd, currentUsd];
  for (const s of steps) {
    running += s.deltaUsd;
    levels.push(running);
  }
  const max = Math.max(1e-9, ...levels);
  const yOf = (usd: number) => height - (Math.max(0, usd) / max) * height;
  const bars: WaterfallBar[] = [
    { label: previousLabel, kind: 'total', valueUsd: previousUsd, y: yOf(previousUsd), height: height - yOf(previousUsd) },
  ];
  running = previousUsd;
  for (const s of steps) {
    const from = running;
    running += s.deltaUsd;
    const top = Math.max(from, running);
    const bottom = Math.min(from, running);
    bars.push({ label: s.label, kind: 'step', valueUsd: s.deltaUsd, y: yOf(top), height: Math.max(0.5, yOf(bottom) - yOf(top)) });
  }
  bars.push({ label: currentLabel, kind: 'total', valueUsd: currentUsd, y: yOf(currentUsd), height: height - yOf(currentUsd) });
  return bars;
}
