import { memo } from 'react';
import type { Recommendation } from '@/engine/recommendations.ts';
import { formatUsd } from '../lib/format.ts';

function formatPayback(months: number | null): string {
  if (months === null) return 'never';
  return months < 1 ? 'under 1 month' : `${months.toFixed(1)} months`;
}

/** One table of controls: what each removes from the average year and from the worst 1% of years, what it costs, its return. */
function RecommendationRows({ recommendations, caption }: { recommendations: readonly Recommendation[]; caption: string }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${caption}, scrolls sideways on small screens`}>
      <table className="w-full min-w-[720px] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="px-2 py-2">#</th>
            <th scope="col" className="px-2 py-2">Action</th>
            <th scope="col" className="px-2 py-2 text-right">Annual loss reduction</th>
            <th scope="col" className="px-2 py-2 text-right">Worst 1% of years reduced by</th>
            <th scope="col" className="px-2 py-2 text-right">Typical cost / year</th>
            <th scope="col" className="px-2 py-2 text-right">ROSI</th>
            <th scope="col" className="px-2 py-2 text-right">Payback</th>
          </tr>
        </thead>
        <tbody>
          {recommendations.map((r) => (
            <tr key={r.factorId} className="border-b border-slate-100 align-top">
              <td className="px-2 py-2 tabular-nums">{r.rank}</td>
              <th scope="row" className="px-2 py-2 font-normal">
                <span className="font-medium text-slate-900">{r.factorName}</span>
                <span className="block text-slate-700">{r.action}</span>
              </th>
              <td className="px-2 py-2 text-right tabular-nums">{formatUsd(r.annualLossReductionUsd)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{formatUsd(r.expectedShortfall99ReductionUsd)}</td>
              <td className="px-2 py-2 text-right tabular-nums">
                {formatUsd(r.annualCostUsd.midUsd)}
                <span className="block text-xs text-slate-600">
                  {formatUsd(r.annualCostUsd.lowUsd)}–{formatUsd(r.annualCostUsd.highUsd)}
                </span>
              </td>
              <td className="px-2 py-2 text-right tabular-nums">{`${Math.round(r.returnOnSecurityInvestment * 100)}%`}</td>
              <td className="px-2 py-2 text-right tabular-nums">{formatPayback(r.paybackMonths)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What to fix first (return on security investment ≥ 0), and apart from it the controls that cost
 * more than they save at typical prices: shown so nobody buys them as fixes (ADR 103).
 */
export const RecommendationsTable = memo(function RecommendationsTable({
  recommendations,
  notWorthIt,
  isRefining,
}: {
  recommendations: readonly Recommendation[] | null;
  notWorthIt?: readonly Recommendation[] | null | undefined;
  isRefining?: boolean;
}) {
  return (
    <section aria-labelledby="recommendations-title" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div>
        <h3 id="recommendations-title" className="text-lg font-semibold text-slate-900">
          What to fix first
        </h3>
        <p className="text-sm text-slate-700">
          Ranked by dollars of expected loss removed per dollar spent. Costs are typical small-business list prices (assumptions; check with your providers).
          {isRefining ? <span className="ml-1 font-medium text-slate-900">Updating…</span> : null}
        </p>
      </div>
      {recommendations === null ? (
        <p className="text-sm text-slate-700">Calculating recommendations…</p>
      ) : recommendations.length === 0 ? (
        <p className="text-sm text-slate-700">
          {notWorthIt && notWorthIt.length > 0
            ? 'No remaining control pays for itself at typical prices: see below for what each would remove.'
            : 'Every control is already at its best answer: nothing to recommend.'}
        </p>
      ) : (
        <RecommendationRows recommendations={recommendations} caption="Recommendations ranked by return on security investment" />
      )}
      {notWorthIt && notWorthIt.length > 0 ? (
        <div className="flex flex-col gap-2" data-testid="not-worth-it">
          <h4 className="font-semibold text-slate-900">Not worth it at typical prices</h4>
          <p className="text-sm text-slate-700">
            These would lower your expected loss by less than they cost each year at typical prices. Worth doing only if you can get them cheaper, a customer or regulator asks for them, or
            the worst years matter more to you than the average.
          </p>
          <RecommendationRows recommendations={notWorthIt} caption="Controls that cost more than they save at typical prices" />
        </div>
      ) : null}
    </section>
  );
});
