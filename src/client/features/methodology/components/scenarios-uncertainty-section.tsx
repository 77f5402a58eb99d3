import { LOSS_SCENARIOS } from '@/engine/loss-scenarios.ts';
import { DataTable, LIST_LOOK, LIST_ROW_HEADER, type TableDefinition } from '@/client/components/ui/data-table.tsx';
import { SCENARIOS_EXPLANATION, UNCERTAINTY_EXPLANATION } from '@/reports/loss-scenario-words.ts';
import { ScrollRegion } from '@/client/components/ui/scroll-region.tsx';

const percent = (share: number) => `${Number((share * 100).toPrecision(3))}%`;

type Scenario = (typeof LOSS_SCENARIOS)[number];

const SCENARIOS_TABLE: TableDefinition<Scenario> = {
  rowKey: (s) => s.id,
  look: LIST_LOOK,
  testId: 'scenario-definitions',
  columns: [
    { header: 'Scenario', cell: (s) => s.label, cellClassName: LIST_ROW_HEADER },
    { header: 'What it covers', cell: (s) => s.description },
    {
      header: 'Share of incidents',
      cell: (s) => `${percent(s.frequencyShare.value)}${s.frequencyShare.isAssumption ? ' (assumption)' : ''}`,
      headerClassName: 'pr-0',
      cellClassName: 'tabular-nums',
    },
  ],
};

/**
 * The five named loss scenarios and the three kinds of uncertainty in plain words (ADR 208). The
 * sentences are the ones the PDF appendix prints (src/reports/loss-scenario-words.ts) and the
 * table reads the engine's own scenario definitions, so the page cannot disagree with a result.
 */
export function ScenariosAndUncertaintySection() {
  const [intro, ...rest] = SCENARIOS_EXPLANATION;
  // The middle sentences describe each scenario: the table below says the same with its share.
  const closing = rest.slice(LOSS_SCENARIOS.length);
  return (
    <>
      <section aria-labelledby="scenarios-title" className="flex flex-col gap-2">
        <h2 id="scenarios-title" className="text-2xl font-bold text-slate-900">
          Where the loss comes from: five named scenarios
        </h2>
        <p>{intro}</p>
        <ScrollRegion label="The five loss scenarios">
          <DataTable table={SCENARIOS_TABLE} rows={LOSS_SCENARIOS} />
        </ScrollRegion>
        {closing.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </section>
      <section aria-labelledby="uncertainty-title" className="flex flex-col gap-2" data-testid="uncertainty-explanation">
        <h2 id="uncertainty-title" className="text-2xl font-bold text-slate-900">
          How certain the figures are
        </h2>
        {UNCERTAINTY_EXPLANATION.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </section>
    </>
  );
}
