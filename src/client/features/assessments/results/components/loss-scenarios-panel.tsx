import { useId } from 'react';
import { DataTable, LIST_LOOK, LIST_ROW_HEADER, type TableDefinition } from '@/client/components/ui/data-table.tsx';
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

/** The fix, then what it saves in each scenario ('-' where nothing); tighter rows than the scenarios above, one line a fix. */
function fixSavingsTable(scenarios: readonly LossScenarioView[]): TableDefinition<FixRow> {
  return {
    rowKey: (fix) => fix.name,
    look: { ...LIST_LOOK, cell: 'py-1 pr-3', row: 'border-b border-slate-100' },
    columns: [
      { header: 'Fix', cell: (fix) => fix.name, cellClassName: LIST_ROW_HEADER },
      ...scenarios.map((s, i) => ({
        header: s.label,
        cell: (fix: FixRow) => {
          const saving = fix.savings.find((x) => x.scenarioId === s.id)?.annualLossReductionUsd ?? 0;
          return saving > 0 ? formatUsd(saving) : '-';
        },
        headerClassName: i === scenarios.length - 1 ? 'pr-0' : undefined,
        cellClassName: 'tabular-nums',
      })),
    ],
  };
}

const FIGURE = { cellClassName: 'tabular-nums' } as const;

const SCENARIOS_TABLE: TableDefinition<LossScenarioView> = {
  rowKey: (s) => s.id,
  look: LIST_LOOK,
  columns: [
    {
      header: 'Scenario',
      cellClassName: LIST_ROW_HEADER,
      cell: (s) => (
        <>
          {s.label}
          <span className="hidden text-xs font-normal text-slate-600 sm:block">{scenarioDescription(s.id)}</span>
        </>
      ),
    },
    { header: 'Expected loss a year', cell: (s) => formatUsd(s.expectedAnnualLossUsd), ...FIGURE },
    { header: 'Share', cell: (s) => formatPercent(s.share), ...FIGURE },
    { header: 'Chance this year', cell: (s) => formatPercent(s.annualProbability), ...FIGURE },
    { header: 'One typically costs', cell: (s) => formatUsd(s.medianCostIfItHappensUsd), ...FIGURE },
    { header: 'A severe one costs', cell: (s) => formatUsd(s.p95CostIfItHappensUsd), ...FIGURE, headerClassName: 'pr-0' },
  ],
};

function FixSavingsTable({ fixes, scenarios }: { fixes: readonly FixRow[]; scenarios: readonly LossScenarioView[] }) {
  const titleId = useId();
  return (
    // The title sits outside the scrolling box, so a phone shows it whole while the table scrolls.
    <div className="mt-4">
      <h4 id={titleId} className="mb-2 text-sm font-semibold text-slate-900">
        What the top fixes save in each scenario (each fix on its own, a year)
      </h4>
      <ScrollRegion label="What the top fixes save in each scenario">
        <DataTable table={fixSavingsTable(scenarios)} rows={fixes} labelledBy={titleId} />
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
        <DataTable table={SCENARIOS_TABLE} rows={scenarios} />
      </ScrollRegion>
      {fixes.length > 0 ? <FixSavingsTable fixes={fixes} scenarios={scenarios} /> : null}
    </section>
  );
}
