import { barWidths, exceedancePath, exceedanceTicks, tornadoBars, waterfallBars } from '@/reports/chart-geometry.ts';
import { formatUsdChange, formatUsdShort } from '@/reports/format.ts';
import { PALETTE } from '@/reports/palette.ts';
import type { ReportModel } from '@/reports/report-model.ts';
import type { WhatChanged } from '@/reports/what-changed.ts';

/**
 * The slides' charts as SVG, drawn from the same geometry as the PDF (src/reports/chart-geometry.ts).
 * Each is an image with a text alternative; the slide's bullets carry the same figures as text.
 */
const { accent: ACCENT, good: GOOD, bad: BAD, grid: GRID, ink: INK } = PALETTE;

export function ExceedanceSvg({ points, label }: { points: ReportModel['exceedance']; label: string }) {
  const width = 640;
  const box = { x: 56, y: 10, width: width - 72, height: 250 };
  const chart = exceedancePath(points, box);
  const ticks = exceedanceTicks(chart, box);
  return (
    <svg viewBox={`0 0 ${width} 300`} className="h-auto w-full" role="img" aria-label={label}>
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
      <text x={box.x + box.width / 2} y={296} fontSize="12" textAnchor="middle" fill={INK}>
        Annual loss (log scale): the line is the chance a year costs more
      </text>
    </svg>
  );
}

export function BarsSvg({ rows, color = ACCENT, label }: { rows: readonly { label: string; valueUsd: number; text: string }[]; color?: string; label: string }) {
  const width = 640;
  const labelWidth = 210;
  const rowHeight = 34;
  const widths = barWidths(
    rows.map((r) => r.valueUsd),
    width - labelWidth - 120,
  );
  return (
    <svg viewBox={`0 0 ${width} ${rows.length * rowHeight + 6}`} className="h-auto w-full" role="img" aria-label={label}>
      {rows.map((r, i) => (
        <g key={r.label}>
          <text x={labelWidth - 8} y={i * rowHeight + 22} fontSize="14" textAnchor="end" fill={INK}>
            {r.label.length > 30 ? `${r.label.slice(0, 29)}…` : r.label}
          </text>
          <rect x={labelWidth} y={i * rowHeight + 6} width={Math.max(1, widths[i] ?? 0)} height={rowHeight - 12} fill={color} rx="2" />
          <text x={labelWidth + (widths[i] ?? 0) + 6} y={i * rowHeight + 22} fontSize="14" fill={INK}>
            {r.text}
          </text>
        </g>
      ))}
    </svg>
  );
}

export function TornadoSvg({ drivers, label }: { drivers: ReportModel['drivers']; label: string }) {
  const width = 640;
  const labelWidth = 210;
  const half = (width - labelWidth) / 2;
  const centre = labelWidth + half;
  const bars = tornadoBars(drivers, half - 70);
  const rowHeight = 32;
  const height = drivers.length * rowHeight + 8;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-label={label}>
      <line x1={centre} x2={centre} y1={0} y2={height} stroke="#475569" />
      {drivers.map((d, i) => {
        const bar = bars[i] ?? { left: 0, right: 0 };
        return (
          <g key={d.factorId}>
            <text x={labelWidth - 8} y={i * rowHeight + 21} fontSize="13" textAnchor="end" fill={INK}>
              {d.name.length > 30 ? `${d.name.slice(0, 29)}…` : d.name}
            </text>
            <rect x={centre - bar.left} y={i * rowHeight + 6} width={Math.max(1, bar.left)} height={rowHeight - 12} fill={GOOD} />
            <rect x={centre} y={i * rowHeight + 6} width={Math.max(1, bar.right)} height={rowHeight - 12} fill={BAD} />
            <text x={centre - bar.left - 4} y={i * rowHeight + 21} fontSize="12" textAnchor="end" fill={INK}>
              {formatUsdShort(d.toBestUsd)}
            </text>
            <text x={centre + bar.right + 4} y={i * rowHeight + 21} fontSize="12" fill={INK}>
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
