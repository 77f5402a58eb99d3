import { LOSS_SCENARIOS } from '@/engine/loss-scenarios.ts';
import { TableHead } from '@/client/components/ui/table-head.tsx';
import { SCENARIOS_EXPLANATION, UNCERTAINTY_EXPLANATION } from '@/reports/loss-scenario-words.ts';
import { ScrollRegion } from '@/client/components/ui/scroll-region.tsx';

const percent = (share: number) => `${Number((share * 100).toPrecision(3))}%`;

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
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="scenario-definitions">
            <TableHead columns={['Scenario', 'What it covers', 'Share of incidents']} />
            <tbody>
              {LOSS_SCENARIOS.map((s) => (
                <tr key={s.id} className="border-b border-slate-100 align-top">
                  <th scope="row" className="py-1.5 pr-3 font-medium text-slate-900">
                    {s.label}
                  </th>
                  <td className="py-1.5 pr-3">{s.description}</td>
                  <td className="py-1.5 pr-3 tabular-nums">
                    {percent(s.frequencyShare.value)}
                    {s.frequencyShare.isAssumption ? ' (assumption)' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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
