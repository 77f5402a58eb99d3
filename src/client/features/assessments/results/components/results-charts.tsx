import { memo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { getFactor } from '@/engine/factors.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { formatPercent, formatUsd } from '../../shared/lib/format.ts';
import { ChartFigure, DataTable } from './chart-figure.tsx';

/**
 * Recharts lives in this module only, loaded lazily by the results view. Each chart takes only
 * the part of the result it draws and is memoised on it: a what-if re-draws a chart only when its
 * own numbers change (re-drawing all four costs 100+ ms of main thread on a busy machine).
 * Animations stay off so a new result is drawn in one frame. No Recharts tooltips: the drawing is
 * `inert` (ChartFigure), so they could never open, and the same numbers are in each chart's table.
 */

const axisTick = { fill: '#334155', fontSize: 12 };
const usdTick = (v: number) => formatUsd(v);
/** The frame every chart here shares: margins, a light grid, and (horizontal bars) dollars along the bottom. */
const CHART_MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };
const GRID = <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />;
const USD_VALUE_AXIS = <XAxis type="number" tickFormatter={usdTick} tick={axisTick} />;

export const LossExceedanceChart = memo(function LossExceedanceChart({
  curve,
  probabilityOfAnyEvent,
  probabilityAbove1mUsd: at1m,
  riskAppetiteUsd,
}: {
  curve: RiskResult['lossExceedanceCurve'];
  probabilityOfAnyEvent: number;
  probabilityAbove1mUsd: number;
  riskAppetiteUsd: number | null;
}) {
  const points = curve.filter((p) => p.probability > 0);
  const data = points.map((p) => ({ loss: p.lossUsd, probability: p.probability }));
  const appetiteProbability = riskAppetiteUsd === null ? null : (curve.find((p) => p.lossUsd >= riskAppetiteUsd)?.probability ?? 0);
  const summary =
    `Chance that this year's total cyber losses exceed a given amount. ${formatPercent(probabilityOfAnyEvent)} chance of any loss; ` +
    `${formatPercent(at1m)} chance of losing more than $1M.` +
    (appetiteProbability !== null && riskAppetiteUsd !== null ? ` ${formatPercent(appetiteProbability)} chance of exceeding your risk appetite of ${formatUsd(riskAppetiteUsd)}.` : '');
  return (
    <ChartFigure
      id="lec"
      title="Loss exceedance curve"
      summary={summary}
      table={<DataTable caption="Loss exceedance curve" headers={['Annual loss above', 'Probability']} rows={points.filter((_, i) => i % 3 === 0).map((p) => [formatUsd(p.lossUsd), formatPercent(p.probability)])} />}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={CHART_MARGIN}>
          {GRID}
          <XAxis dataKey="loss" type="number" scale="log" domain={['dataMin', 'dataMax']} tickFormatter={usdTick} tick={axisTick} allowDataOverflow />
          <YAxis dataKey="probability" tickFormatter={(v: number) => formatPercent(v)} tick={axisTick} width={56} />
          <Line type="monotone" dataKey="probability" stroke="#1d4ed8" strokeWidth={2} dot={false} isAnimationActive={false} />
          {riskAppetiteUsd !== null ? <ReferenceLine x={riskAppetiteUsd} stroke="#b91c1c" strokeDasharray="6 3" label={{ value: 'Risk appetite', fill: '#b91c1c', fontSize: 12, position: 'insideTopRight' }} /> : null}
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
});

const CATEGORY_COLORS = ['#1d4ed8', '#0f766e', '#7c3aed', '#b45309', '#b91c1c', '#475569'];

export const CostBreakdownChart = memo(function CostBreakdownChart({ costBreakdown }: { costBreakdown: RiskResult['costBreakdown'] }) {
  const data = costBreakdown.map((c) => ({ label: c.label, value: c.expectedAnnualUsd, share: c.share }));
  const top = [...data].sort((a, b) => b.value - a.value)[0];
  return (
    <ChartFigure
      id="cost-breakdown"
      title="Where the money goes"
      summary={`Expected annual loss by cost category. The largest is ${top?.label ?? '—'} at ${formatUsd(top?.value ?? 0)} a year (${formatPercent(top?.share ?? 0)}).`}
      table={<DataTable caption="Expected annual loss by cost category" headers={['Category', 'Per year', 'Share']} rows={data.map((d) => [d.label, formatUsd(d.value), formatPercent(d.share)])} />}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={CHART_MARGIN}>
          {GRID}
          {USD_VALUE_AXIS}
          <YAxis type="category" dataKey="label" tick={axisTick} width={150} />
          <Bar dataKey="value" isAnimationActive={false}>
            {data.map((d, i) => (
              <Cell key={d.label} fill={CATEGORY_COLORS[i % CATEGORY_COLORS.length]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
});

export const FinesChart = memo(function FinesChart({ fines }: { fines: RiskResult['fines'] }) {
  const applicable = fines.regimes.filter((r) => r.isApplicable);
  const data = applicable.map((r) => ({ label: r.label, value: r.expectedAnnualUsd }));
  const total = data.reduce((s, d) => s + d.value, 0);
  return (
    <ChartFigure
      id="fines"
      title="Regulatory fines exposure"
      summary={
        applicable.length === 0
          ? 'No regulatory regime applies to the data you hold, so no fines are simulated.'
          : `Expected fines of ${formatUsd(total)} a year across ${applicable.map((r) => r.label).join(', ')} (included in the expected annual loss).`
      }
      table={
        <DataTable
          caption="Regulatory fines by regime"
          headers={['Regime', 'Applies', 'Expected per year', 'Cap per event', 'Note']}
          rows={fines.regimes.map((r) => [r.label, r.isApplicable ? 'Yes' : 'No', formatUsd(r.expectedAnnualUsd), r.capPerEventUsd === null ? '—' : formatUsd(r.capPerEventUsd), r.note])}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={CHART_MARGIN}>
          {GRID}
          <XAxis dataKey="label" tick={axisTick} />
          <YAxis tickFormatter={usdTick} tick={axisTick} width={64} />
          <Bar dataKey="value" fill="#b91c1c" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
});

export const TornadoChart = memo(function TornadoChart({ attribution }: { attribution: RiskResult['attribution'] }) {
  // A factor answered "not applicable" cannot move the number: it is left out, not drawn as zero.
  const rows = (attribution?.oneAtATime ?? []).filter((r) => r.currentAnswer !== 'notApplicable');
  const data = [...rows]
    .map((r) => ({ label: `${r.factorId} ${getFactor(r.factorId).name}`, toBest: r.deltaToBestUsd, toWorst: r.deltaToWorstUsd, span: r.deltaToWorstUsd - r.deltaToBestUsd }))
    .sort((a, b) => b.span - a.span)
    .slice(0, 12);
  const top = data[0];
  return (
    <ChartFigure
      id="tornado"
      title="What moves your number most"
      summary={
        top
          ? `Change in expected annual loss when one answer moves to its best (left, green) or worst (right, red) level. ${top.label} has the widest swing: ${formatUsd(top.toBest)} to +${formatUsd(top.toWorst)}.`
          : 'Factor contributions are being calculated.'
      }
      table={
        <DataTable
          caption="Factor contributions to expected annual loss"
          headers={['Factor', 'Change at best answer', 'Change at worst answer']}
          rows={rows.map((r) => [`${r.factorId} ${getFactor(r.factorId).name}`, formatUsd(r.deltaToBestUsd), `+${formatUsd(r.deltaToWorstUsd)}`])}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" stackOffset="sign" margin={CHART_MARGIN}>
          {GRID}
          {USD_VALUE_AXIS}
          <YAxis type="category" dataKey="label" tick={{ ...axisTick, fontSize: 11 }} width={210} />
          <ReferenceLine x={0} stroke="#0f172a" />
          <Bar dataKey="toBest" name="At best answer" stackId="swing" fill="#15803d" isAnimationActive={false} />
          <Bar dataKey="toWorst" name="At worst answer" stackId="swing" fill="#b91c1c" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
});
