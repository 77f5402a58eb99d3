import type { Coverage } from '@/contracts/risk-profile.ts';
import { exceedancePath } from './chart-geometry.ts';
import { formatPercent, formatUsdShort } from './format.ts';

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The loss curve with the risk appetite as a vertical line (ADR 219), for the PDF (react-pdf SVG)
 * and the results page (browser SVG): the line stands at the appetite on the log loss axis
 * (clamped to the plot when the appetite is outside the curve's range) and the marker sits where
 * the curve crosses it, at the chance of exceeding the appetite, which is the only probability
 * labelled (the loss-curve chart of the report carries the full probability axis).
 */
export function appetiteChart(coverage: Pick<Coverage, 'lossCurve' | 'appetite'>, box: Box) {
  const chart = exceedancePath(coverage.lossCurve, box);
  if (coverage.appetite === null) return { chart, appetite: null };
  const { amountUsd, chanceOfExceeding } = coverage.appetite;
  const clampedUsd = Math.min(chart.maxUsd, Math.max(chart.minUsd, amountUsd));
  const x = chart.xOf(clampedUsd);
  const y = chart.yOf(Math.min(chart.yMax, chanceOfExceeding.probability));
  const label = `Appetite ${formatUsdShort(amountUsd)}`;
  // The label goes on whichever side of the line has room.
  const labelAnchor: 'start' | 'end' = x > box.x + box.width * 0.7 ? 'end' : 'start';
  return {
    chart,
    appetite: {
      line: { x1: x, x2: x, y1: box.y, y2: box.y + box.height },
      marker: { cx: x, cy: y },
      label,
      labelX: labelAnchor === 'start' ? x + 4 : x - 4,
      labelAnchor,
      // A level guide from the chance axis to the marker: the one probability this chart is about.
      guide: { x1: box.x, x2: x, y1: y, y2: y },
      chanceLabel: formatPercent(chanceOfExceeding.probability),
    },
  };
}
