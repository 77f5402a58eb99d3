import { memo } from 'react';
import type { FixPlan } from '@/engine/fix-plan.ts';
import type { Recommendation } from '@/engine/recommendations.ts';
import type { RequiredReason } from '@/engine/required-controls.ts';
import { formatUsd } from '../../shared/lib/format.ts';

function formatPayback(months: number | null): string {
  if (months === null) return 'never';
  return months < 1 ? 'under 1 month' : `${months.toFixed(1)} months`;
}

/** "Required: <reason>", one line per framework or insurer that requires the control (ADR 211). Results stored before it have none. */
function RequiredNote({ reasons }: { reasons: readonly RequiredReason[] | undefined }) {
  if (reasons === undefined || reasons.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-col gap-1" aria-label="Why this control is required">
      {reasons.map((r) => (
        <li key={r.reason} className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">
          <span className="font-semibold">Required:</span> {r.reason}
        </li>
      ))}
    </ul>
  );
}

/** The fixes to make together: every figure is one engine run with this and the earlier fixes applied (ADR 211). */
function FixPlanSummary({ plan }: { plan: FixPlan }) {
  const count = plan.steps.length;
  const payback = plan.paybackMonths === null ? '' : `, paying back in ${formatPayback(plan.paybackMonths)}`;
  return (
    <div className="flex flex-col gap-2" data-testid="fix-plan">
      <h4 className="font-semibold text-slate-900">The plan: fixes made together</h4>
      <p className="text-sm text-slate-700">
        {`Doing ${count === 1 ? 'this fix' : `these ${count} fixes together`} lowers the expected loss from ${formatUsd(plan.expectedLossBeforeUsd)} to ${formatUsd(plan.expectedLossAfterUsd)} a year: ${formatUsd(plan.totalSavingUsd)} saved for ${formatUsd(plan.totalAnnualCostUsd)} a year${payback}.${count > 1 ? ' Each fix is counted after the ones above it, so these savings add up; measured one at a time they would overlap.' : ''}`}
      </p>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="The plan, scrolls sideways on small screens">
        <table className="w-full min-w-[560px] border-collapse text-left text-sm">
          <caption className="sr-only">Fixes made together, each counted after the ones above it</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="px-2 py-2">Step</th>
              <th scope="col" className="px-2 py-2">Control</th>
              <th scope="col" className="px-2 py-2 text-right">Saves, after the steps above</th>
              <th scope="col" className="px-2 py-2 text-right">Typical cost / year</th>
              <th scope="col" className="px-2 py-2 text-right">Expected loss after</th>
            </tr>
          </thead>
          <tbody>
            {plan.steps.map((step, i) => (
              <tr key={step.factorId} className="border-b border-slate-100 align-top">
                <td className="px-2 py-2 tabular-nums">{i + 1}</td>
                <th scope="row" className="px-2 py-2 font-normal">
                  <span className="font-medium text-slate-900">{step.factorName}</span>
                  <RequiredNote reasons={step.required} />
                </th>
                <td className="px-2 py-2 text-right tabular-nums">{formatUsd(step.stepSavingUsd)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{formatUsd(step.annualCostUsd)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{formatUsd(step.expectedLossAfterUsd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
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
          {recommendations.map((r, i) => (
            <tr key={r.factorId} className="border-b border-slate-100 align-top">
              <td className="px-2 py-2 tabular-nums">{i + 1}</td>
              <th scope="row" className="px-2 py-2 font-normal">
                <span className="font-medium text-slate-900">{r.factorName}</span>
                <span className="block text-slate-700">{r.action}</span>
                <RequiredNote reasons={r.required} />
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
 * What to fix first (return on security investment ≥ 0), then the required controls that do not
 * pay for themselves, and apart from both the controls that cost more than they save at typical
 * prices and that nobody requires: shown so nobody buys them as fixes (ADR 103, 312).
 */
export const RecommendationsTable = memo(function RecommendationsTable({
  recommendations,
  notWorthIt,
  requiredControls,
  fixPlan,
  isRefining,
}: {
  recommendations: readonly Recommendation[] | null;
  notWorthIt?: readonly Recommendation[] | null | undefined;
  /** The result's required controls (ADR 312): those that pay for themselves are already among the fixes, marked required. */
  requiredControls?: readonly Recommendation[] | null | undefined;
  /** The joint plan (absent from results stored before it existed). */
  fixPlan?: FixPlan | null | undefined;
  isRefining?: boolean;
}) {
  const requiredAnyway = (requiredControls ?? []).filter((r) => r.returnOnSecurityInvestment < 0);
  const optional = notWorthIt ?? [];
  return (
    <section aria-labelledby="recommendations-title" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div>
        <h3 id="recommendations-title" className="text-lg font-semibold text-slate-900">
          What to fix first
        </h3>
        <p className="text-sm text-slate-700">
          Ranked by dollars of expected loss removed per dollar spent. Costs are typical small-business prices from public price lists and surveys (sources and assumptions on the methodology page); check them against your own quotes.
          {isRefining ? <span className="ml-1 font-medium text-slate-900">Updating…</span> : null}
        </p>
      </div>
      {recommendations === null ? (
        <p className="text-sm text-slate-700">Calculating recommendations…</p>
      ) : recommendations.length === 0 ? (
        <p className="text-sm text-slate-700">
          {requiredAnyway.length + optional.length > 0
            ? 'No remaining control pays for itself at typical prices: see below for what each would remove.'
            : 'Every control is already at its best answer: nothing to recommend.'}
        </p>
      ) : (
        <>
          {fixPlan && fixPlan.steps.length > 0 ? <FixPlanSummary plan={fixPlan} /> : null}
          <h4 className="font-semibold text-slate-900">Each fix on its own</h4>
          <p className="text-sm text-slate-700">What each control would remove if it were the only change: these figures overlap, so do not add them up.</p>
          <RecommendationRows recommendations={recommendations} caption="Recommendations ranked by return on security investment" />
        </>
      )}
      {requiredAnyway.length > 0 ? (
        <div className="flex flex-col gap-2" data-testid="required-anyway">
          <h4 className="font-semibold text-slate-900">Required anyway, though they cost more than they save at typical prices</h4>
          <p className="text-sm text-slate-700">
            A framework you follow or a typical cyber-insurance application requires these, whatever their return. The figures show what each removes and costs; a cheaper quote
            improves the return.
          </p>
          <RecommendationRows recommendations={requiredAnyway} caption="Required controls that cost more than they save at typical prices" />
        </div>
      ) : null}
      {optional.length > 0 ? (
        <div className="flex flex-col gap-2" data-testid="not-worth-it">
          <h4 className="font-semibold text-slate-900">Not worth it at typical prices</h4>
          <p className="text-sm text-slate-700">
            These would lower your expected loss by less than they cost each year at typical prices. Worth doing only if you can get them cheaper, a customer or regulator asks for them, or
            the worst years matter more to you than the average.
          </p>
          <RecommendationRows recommendations={optional} caption="Controls that cost more than they save at typical prices" />
        </div>
      ) : null}
    </section>
  );
});
