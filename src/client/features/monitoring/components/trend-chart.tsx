import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { TrendPoint } from '@/contracts/monitoring.ts';
import { formatDay, formatUsd } from '../lib/format.ts';

const axisTick = { fill: '#334155', fontSize: 12 };

/**
 * Recharts lives in this module only (loaded lazily). Expected annual loss and a bad year (P95)
 * per completed assessment; a dashed line marks each point computed by a new model version.
 */
export function TrendChart({ points }: { points: TrendPoint[] }) {
  const data = points.map((point, index) => ({ index, label: formatDay(point.completedAt), ale: point.aleUsd, p95: point.p95Usd, modelChanged: point.modelChanged, version: point.engineVersion }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 16, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="index" type="category" tickFormatter={(index: number) => data[index]?.label ?? ''} tick={axisTick} interval="preserveStartEnd" />
        <YAxis tickFormatter={(value: number) => formatUsd(value)} tick={axisTick} width={64} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {data
          .filter((point) => point.modelChanged)
          .map((point) => (
            <ReferenceLine
              key={point.index}
              x={point.index}
              stroke="#7c3aed"
              strokeDasharray="6 3"
              label={{ value: `Model ${point.version ?? ''}`, fill: '#5b21b6', fontSize: 11, position: 'insideTopLeft' }}
            />
          ))}
        <Line name="Expected annual loss" type="monotone" dataKey="ale" stroke="#1d4ed8" strokeWidth={2} dot={{ r: 4 }} isAnimationActive={false} />
        <Line name="A bad year (95th percentile)" type="monotone" dataKey="p95" stroke="#b45309" strokeWidth={2} strokeDasharray="4 2" dot={{ r: 3 }} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
