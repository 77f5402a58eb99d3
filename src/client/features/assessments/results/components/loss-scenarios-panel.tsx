import { useId } from 'react';
import { TableHead } from '@/client/components/ui/table-head.tsx';
import type { RiskResult } from '@/engine/risk-result.ts';
import { scenarioDescription } from '@/reports/loss-scenario-words.ts';
import { readLossScenarios, readSavingByScenario, type LossScenarioView, type ScenarioSavingView } from '@/reports/read-loss-scenarios.ts';
import { formatPercent, formatUsd } from '../../shared/lib/format.ts';
import { ScrollRegion } from '@/client/components/ui/scroll-region.tsx';

/** Fixes whose savings by scenario are shown: the top of the ranking, as in the reports. */
const MAX_FIXES = 3;

interface FixRow {
  readonly name: string;
  readonly savings: readonly ScenarioSavingView[];
}

/** The top recommendations that carry a saving split by scenario (none for results stored before model 3.0). */
function fixRows(result: RiskResult): FixRow[] {
  return (result.recommendations ?? []).slice(0, MAX_FIXES).flatMap((r) => {
    const savings = readSavingByScenario(r);
    return savings === null ? [] : [{ name: r.factorName, savings }];
  });
}

function FixSavingsTable({ fixes, scenarios }: { fixes: readonly FixRow[]; scenarios: readonly LossScenarioView[] }) {
  const titleId = useId();
  return (
    // The title sits outside the scrolling box, so a phone shows it whole while the table scrolls.
    <div className="mt-4">
      <h4 id={titleId} className="mb-2 text-sm font-semibold text-slate-900">
        What the top fixes save in each scenario (each fix on its own, a year)
      </h4>
      <ScrollRegion label="What the top fixes save in each scenario">
        <table aria-labelledby={titleId} className="w-full min-w-[36rem] text-left text-sm">
          <TableHead columns={['Fix', ...scenarios.map((s) => s.label)]} />
          <tbody>
            {fixes.map((fix) => (
              <tr key={fix.name} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-3 font-medium text-slate-900">
                  {fix.name}
                </th>
                {scenarios.map((s) => {
                  const saving = fix.savings.find((x) => x.scenarioId === s.id)?.annualLossReductionUsd ?? 0;
                  return (
                    <td key={s.id} className="py-1 pr-3 tabular-nums">
                      {saving > 0 ? formatUsd(saving) : '-'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

/**
 * "Where the loss comes from" (ADR 208): the expected loss split into the five named loss scenarios,
 * each with its share, chance this year and cost per incident, and what the top fixes save in each.
 * A result stored before model 3.0 has no scenarios: the panel is then not shown at all.
 */
export function LossScenariosPanel({ result }: { result: RiskResult }) {
  const titleId = useId();
  const scenarios = readLossScenarios(result);
  if (scenarios === null) return null;
  const fixes = fixRows(result);
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="loss-scenarios">
      <h3 id={titleId} className="text-lg font-semibold text-slate-900">
        Where the loss comes from
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        The expected loss of {formatUsd(result.annualLoss.expectedUsd)} a year is the sum of five kinds of incident. A severe incident is
        one that only 1 incident in 20 exceeds.
      </p>
      <ScrollRegion label="Where the loss comes from" className="mt-3">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <TableHead
            columns={['Scenario', 'Expected loss a year', 'Share', 'Chance this year', 'One typically costs', 'A severe one costs']}
          />
          <tbody>
            {scenarios.map((s) => (
              <tr key={s.id} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-1.5 pr-3 font-medium text-slate-900">
                  {s.label}
                  <span className="hidden text-xs font-normal text-slate-600 sm:block">{scenarioDescription(s.id)}</span>
                </th>
                <td className="py-1.5 pr-3 tabular-nums">{formatUsd(s.expectedAnnualLossUsd)}</td>
                <td className="py-1.5 pr-3 tabular-nums">{formatPercent(s.share)}</td>
                <td className="py-1.5 pr-3 tabular-nums">{formatPercent(s.annualProbability)}</td>
                <td className="py-1.5 pr-3 tabular-nums">{formatUsd(s.medianCostIfItHappensUsd)}</td>
                <td className="py-1.5 pr-3 tabular-nums">{formatUsd(s.p95CostIfItHappensUsd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {fixes.length > 0 ? <FixSavingsTable fixes={fixes} scenarios={scenarios} /> : null}
    </section>
  );
}
