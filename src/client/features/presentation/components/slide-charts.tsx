import { exceedancePath, exceedanceTicks, tornadoBars, waterfallBars } from '@/reports/chart-geometry.ts';
import { BROWSER_FONT_SCALE, layoutBarChart, wrapText } from '@/reports/text-fit.ts';
import { formatUsdChange, formatUsdShort } from '@/reports/format.ts';
import { PALETTE } from '@/reports/palette.ts';
import type { ReportModel } from '@/reports/report-model.ts';
import type { WhatChanged } from '@/reports/what-changed.ts';

/**
 * The slides' charts as SVG, drawn from the same geometry as the PDF (src/reports/chart-geometry.ts).
 * Each is an image with a text alternative; the slide's bullets carry the same figures as text.
 */
const { accent: ACCENT, good: GOOD, bad: BAD, grid: GRID, ink: INK } = PALETTE;

/** Width of a chart's drawing on a phone: the text stays near its real size instead of shrinking to half (a 640-wide drawing on a 358 px card). */
export const PHONE_CHART_WIDTH = 400;

export function ExceedanceSvg({ points, label, width = 640 }: { points: ReportModel['exceedance']; label: string; width?: number }) {
  const isNarrow = width < 640;
  const box = { x: 56, y: 10, width: width - 72, height: isNarrow ? 200 : 250 };
  const height = box.y + box.height + (isNarrow ? 50 : 40);
  const chart = exceedancePath(points, box);
  const ticks = exceedanceTicks(chart, box);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-label={label}>
      {ticks.probability.map((tick) => (
        <g key={tick.key}>
          <line {...tick.line} stroke={GRID} />
          <text x={box.x - 6} y={tick.position + 4} fontSize="12" textAnchor="end" fill={INK}>
            {tick.label}
          </text>
        </g>
      ))}
      {ticks.loss.map((tick) => (
        <g key={tick.key}>
          <line {...tick.line} stroke={GRID} />
          <text x={tick.position} y={box.y + box.height + 18} fontSize="12" textAnchor="middle" fill={INK}>
            {tick.label}
          </text>
        </g>
      ))}
      <path d={chart.d} stroke={ACCENT} strokeWidth="3" fill="none" />
      {/* On a phone the caption takes two lines: one would be wider than the drawing. */}
      {(isNarrow
        ? ['Annual loss (log scale)', 'the line is the chance a year costs more']
        : ['Annual loss (log scale): the line is the chance a year costs more']
      ).map((line, i, lines) => (
        <text
          key={line}
          x={box.x + box.width / 2}
          y={height - 4 - (lines.length - 1 - i) * 15}
          fontSize="12"
          textAnchor="middle"
          fill={INK}
        >
          {line}
        </text>
      ))}
    </svg>
  );
}

export function BarsSvg({
  rows,
  color = ACCENT,
  label,
  width = 640,
}: {
  rows: readonly { label: string; valueUsd: number; text: string }[];
  color?: string;
  label: string;
  width?: number;
}) {
  // Labels wrap to their column (src/reports/text-fit.ts) instead of running off the left edge ("ncident response...").
  const labelWidth = width < 640 ? 150 : 210;
  const layout = layoutBarChart(rows, { width, labelWidth, valueWidth: 120, fontSize: 14, gap: 8, fontScale: BROWSER_FONT_SCALE });
  const lineHeight = 14 * 1.2;
  return (
    <svg viewBox={`0 0 ${width} ${layout.height}`} className="h-auto w-full" role="img" aria-label={label}>
      {layout.rows.map((r, i) => {
        const middle = r.top + layout.rowHeight / 2;
        const firstBaseline = middle - ((r.labelLines.length - 1) * lineHeight) / 2 + 5;
        return (
          <g key={`${i}-${r.labelLines.join(' ')}`}>
            <RightAlignedLines
              x={labelWidth - 8}
              firstBaseline={firstBaseline}
              lineHeight={lineHeight}
              fontSize={14}
              lines={r.labelLines}
            />
            <rect x={labelWidth} y={middle - 11} width={Math.max(1, r.barWidth)} height={22} fill={color} rx="2" />
            <text x={labelWidth + r.barWidth + 6} y={middle + 5} fontSize="14" fill={INK}>
              {r.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** A label wrapped into lines, right-aligned against `x` (the bars start to its right). */
function RightAlignedLines({
  x,
  firstBaseline,
  lineHeight,
  fontSize,
  lines,
}: {
  x: number;
  firstBaseline: number;
  lineHeight: number;
  fontSize: number;
  lines: readonly string[];
}) {
  return (
    <text x={x} y={firstBaseline} fontSize={fontSize} textAnchor="end" fill={INK}>
      {lines.map((line, j) => (
        <tspan key={j} x={x} y={firstBaseline + j * lineHeight}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

export function TornadoSvg({ drivers, label, width = 640 }: { drivers: ReportModel['drivers']; label: string; width?: number }) {
  const labelWidth = width < 640 ? 140 : 210;
  const half = (width - labelWidth) / 2;
  const centre = labelWidth + half;
  const bars = tornadoBars(drivers, half - 70);
  // Names wrap to their column (measured with the browser's wider fonts) instead of running off the left edge.
  const fontSize = 13;
  const lineHeight = fontSize * 1.2;
  const rows = drivers.map((d) => wrapText(d.name, fontSize * BROWSER_FONT_SCALE, labelWidth - 14));
  const rowHeights = rows.map((lines) => Math.max(32, lines.length * lineHeight + 10));
  const tops = rowHeights.map((_, i) => rowHeights.slice(0, i).reduce((sum, h) => sum + h, 0));
  const height = rowHeights.reduce((sum, h) => sum + h, 0) + 8;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-label={label}>
      <line x1={centre} x2={centre} y1={0} y2={height} stroke="#475569" />
      {drivers.map((d, i) => {
        const bar = bars[i] ?? { left: 0, right: 0 };
        const top = tops[i] ?? 0;
        const middle = top + (rowHeights[i] ?? 32) / 2;
        const lines = rows[i] ?? [d.name];
        const firstBaseline = middle - ((lines.length - 1) * lineHeight) / 2 + 5;
        return (
          <g key={d.factorId}>
            <RightAlignedLines x={labelWidth - 8} firstBaseline={firstBaseline} lineHeight={lineHeight} fontSize={fontSize} lines={lines} />
            <rect x={centre - bar.left} y={middle - 10} width={Math.max(1, bar.left)} height={20} fill={GOOD} />
            <rect x={centre} y={middle - 10} width={Math.max(1, bar.right)} height={20} fill={BAD} />
            <text x={centre - bar.left - 4} y={middle + 5} fontSize="12" textAnchor="end" fill={INK}>
              {formatUsdShort(d.toBestUsd)}
            </text>
            <text x={centre + bar.right + 4} y={middle + 5} fontSize="12" fill={INK}>
              {`+${formatUsdShort(d.toWorstUsd)}`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function WaterfallSvg({ change, label }: { change: WhatChanged; label: string }) {
  const width = 640;
  const plot = 220;
  const bars = waterfallBars(change.previous.aleUsd, change.steps, change.current.aleUsd, 'Previous', 'Now', plot);
  const slot = width / bars.length;
  const barWidth = Math.min(70, slot * 0.62);
  return (
    <svg viewBox={`0 0 ${width} ${plot + 70}`} className="h-auto w-full" role="img" aria-label={label}>
      <line x1={0} x2={width} y1={plot + 24} y2={plot + 24} stroke="#475569" />
      {bars.map((b, i) => {
        const x = i * slot + (slot - barWidth) / 2;
        const fill = b.kind === 'total' ? ACCENT : b.valueUsd <= 0 ? GOOD : BAD;
        const words = (b.label.split(' (')[0] ?? b.label).split(' ');
        const mid = Math.ceil(words.length / 2);
        return (
          <g key={`${b.label}-${i}`}>
            <rect x={x} y={b.y + 24} width={barWidth} height={Math.max(1, b.height)} fill={fill} />
            <text x={x + barWidth / 2} y={b.y + 18} fontSize="12" textAnchor="middle" fill={INK}>
              {b.kind === 'total' ? formatUsdShort(b.valueUsd) : formatUsdChange(b.valueUsd)}
            </text>
            <text x={x + barWidth / 2} y={plot + 42} fontSize="11" textAnchor="middle" fill={INK}>
              {words.slice(0, mid).join(' ')}
            </text>
            <text x={x + barWidth / 2} y={plot + 56} fontSize="11" textAnchor="middle" fill={INK}>
              {words.slice(mid).join(' ')}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
