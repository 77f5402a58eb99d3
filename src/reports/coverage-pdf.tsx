import { Circle, Line, Path, Svg, Text } from '@react-pdf/renderer';
import type { Coverage } from '@/contracts/risk-profile.ts';
import { appetiteChart } from './appetite-geometry.ts';
import { exceedanceTicks } from './chart-geometry.ts';
import { PALETTE } from './palette.ts';

const WIDTH = 500;
const BOX = { x: 44, y: 14, width: WIDTH - 60, height: 120 };

/**
 * The PDF's insurance section chart: the loss curve (before insurance) with the risk appetite as a
 * line and the chance of exceeding it (ADR 219). Nothing is drawn without an appetite: the curve
 * alone is already on the loss-curve page.
 */
export function AppetiteChartPdf({ coverage }: { coverage: Coverage }) {
  const { chart, appetite } = appetiteChart(coverage, BOX);
  if (appetite === null) return null;
  const ticks = exceedanceTicks(chart, BOX);
  return (
    <Svg width={WIDTH} height={166} viewBox={`0 0 ${WIDTH} 166`}>
      <Line x1={BOX.x} x2={BOX.x + BOX.width} y1={BOX.y + BOX.height} y2={BOX.y + BOX.height} stroke={PALETTE.grid} strokeWidth={0.5} />
      <Line {...appetite.guide} stroke={PALETTE.bad} strokeWidth={0.5} />
      <Text x={BOX.x - 4} y={appetite.guide.y1 + 3} style={{ fontSize: 7 }} textAnchor="end" fill={PALETTE.bad}>
        {appetite.chanceLabel}
      </Text>
      {ticks.loss.map((tick) => (
        <Text key={tick.key} x={tick.position} y={BOX.y + BOX.height + 12} style={{ fontSize: 7 }} textAnchor="middle">
          {tick.label}
        </Text>
      ))}
      <Path d={chart.d} stroke={PALETTE.accent} strokeWidth={1.6} fill="none" />
      <Line {...appetite.line} stroke={PALETTE.bad} strokeWidth={1.2} strokeDasharray="4 2" />
      <Circle cx={appetite.marker.cx} cy={appetite.marker.cy} r={2.5} fill={PALETTE.bad} />
      <Text x={appetite.labelX} y={BOX.y + 8} style={{ fontSize: 7.5 }} textAnchor={appetite.labelAnchor} fill={PALETTE.bad}>
        {appetite.label}
      </Text>
      <Text x={BOX.x + BOX.width / 2} y={162} style={{ fontSize: 7.5 }} textAnchor="middle">
        Annual loss before insurance (log scale); dashed line = risk appetite, left: chance a year exceeds it
      </Text>
    </Svg>
  );
}
