import { memo } from 'react';
import type { Recommendation } from '@/engine/recommendations.ts';
import { formatUsd } from '../lib/format.ts';

export const RecommendationsTable = memo(function RecommendationsTable({ recommendations, isRefining }: { recommendations: readonly Recommendation[] | null; isRefining?: boolean }) {
  return (
    <section aria-labelledby="recommendations-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id="recommendations-title" className="text-lg font-semibold text-slate-900">
        What to fix first
      </h3>
      <p className="mb-3 text-sm text-slate-700">
        Ranked by dollars of expected loss removed per dollar spent. Costs are typical small-business list prices (assumptions; check with your providers).
        {isRefining ? <span className="ml-1 font-medium text-slate-900">Updating…</span> : null}
      </p>
      {recommendations === null ? (
        <p className="text-sm text-slate-700">Calculating recommendations…</p>
      ) : recommendations.length === 0 ? (
        <p className="text-sm text-slate-700">Every control is already at its best answer: nothing to recommend.</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Recommendations table, scrolls sideways on small screens">
          <table className="w-full min-w-[640px] border-collapse text-left text-sm">
            <caption className="sr-only">Recommendations ranked by return on security investment</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="px-2 py-2">#</th>
                <th scope="col" className="px-2 py-2">Action</th>
                <th scope="col" className="px-2 py-2 text-right">Annual loss reduction</th>
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
                  <td className="px-2 py-2 text-right tabular-nums">
                    {formatUsd(r.annualCostUsd.midUsd)}
                    <span className="block text-xs text-slate-600">
                      {formatUsd(r.annualCostUsd.lowUsd)}–{formatUsd(r.annualCostUsd.highUsd)}
                    </span>
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums">{`${Math.round(r.returnOnSecurityInvestment * 100)}%`}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{r.paybackMonths === null ? 'never' : r.paybackMonths < 1 ? 'under 1 month' : `${r.paybackMonths.toFixed(1)} months`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
});
