import { CALIBRATION, type CalibrationEntry } from '@/engine/calibration/calibration.ts';
import { CONTROL_COSTS } from '@/engine/calibration/control-costs.ts';
import { FACTORS } from '@/engine/factors.ts';
import { FRAMEWORKS } from '@/engine/frameworks.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';

function formatValue(entry: CalibrationEntry): string {
  switch (entry.unit) {
    case 'usd':
      return `$${entry.value.toLocaleString('en-US')}`;
    case 'probability':
      return `${(entry.value * 100).toFixed(entry.value < 0.1 ? 2 : 1)}%`;
    case 'multiplier':
      return `×${entry.value}`;
    default:
      return entry.value.toLocaleString('en-US');
  }
}

function kindOf(entry: CalibrationEntry): string {
  if (entry.isAssumption) return 'Assumption';
  if (entry.isDerived) return 'Derived';
  return 'Sourced';
}

const entries: CalibrationEntry[] = Object.values(CALIBRATION);

/** The model in plain words, every number with its source, the population and the limits. */
export function MethodologyContent() {
  return (
    <div className="flex max-w-5xl flex-col gap-8 text-slate-800">
      <section aria-labelledby="how-title" className="flex flex-col gap-3">
        <h2 id="how-title" className="text-2xl font-bold text-slate-900">
          How the numbers are made
        </h2>
        <p>
          CIFER simulates 100,000 possible years for your organisation. In each year it draws how many significant cyber incidents happen (a negative binomial count whose average
          comes from incident rates for your revenue band and industry) and what each one costs (a lognormal loss whose median comes from reported incident losses for your
          size, adjusted for your industry). Your 19 answers move these two numbers: three controls (MFA, patching, hardening) change how often incidents happen; the others
          change how much they cost, combined with a damping rule because their effects overlap. Regulatory fines and ransom payments are added where they apply, and each
          loss is capped at 1.5 times annual revenue.
        </p>
        <p>
          The <strong>expected annual loss</strong> is the average over all simulated years; the <strong>loss exceedance curve</strong> shows the share of years above each
          amount; <strong>cost if it happens</strong> is the distribution of one incident's cost. The <strong>risk score</strong> places your expected loss on a log scale
          between the same organisation with every control at its best (0), an average peer (50) and the worst posture (100). Recommendations move one answer at a time to its
          best level with the same random draws, and rank the saving per dollar of typical control cost.
        </p>
        <p>The same input and seed always give the same result; stored results record the engine version ({ENGINE_VERSION}) and the seed.</p>
      </section>

      <section aria-labelledby="population-title" className="flex flex-col gap-2">
        <h2 id="population-title" className="text-2xl font-bold text-slate-900">
          Who it is calibrated on
        </h2>
        <p>
          Significant, publicly reported-scale cyber incidents at organisations with 10-500 employees (Cyentia IRIS 2025 frequency and loss; IBM/Ponemon 2023-2025 cost
          factors). Typical insured claims are smaller: NetDiligence 2025 reports mean SME claims of $142K-$374K.
        </p>
      </section>

      <section aria-labelledby="limits-title" className="flex flex-col gap-2">
        <h2 id="limits-title" className="text-2xl font-bold text-slate-900">
          Limits
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>Outside 10-500 employees, or above $1B revenue, figures are indicative and flagged.</li>
          <li>Factor effects come from surveys of breached organisations (correlation, not controlled experiments); several are our assumptions and marked as such below.</li>
          <li>Control costs are order-of-magnitude list prices, not quotes.</li>
          <li>Fines are simulated per event with regime caps; the PCI monthly non-compliance fines and CCPA statutory damages are shown separately, not in the expected loss.</li>
          <li>The Monte Carlo standard error is shown next to the expected loss; it is below 2% of the figure for typical inputs.</li>
        </ul>
      </section>

      <section aria-labelledby="numbers-title" className="flex flex-col gap-2">
        <h2 id="numbers-title" className="text-2xl font-bold text-slate-900">
          Every number and its source
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[720px] border-collapse text-left text-sm">
            <caption className="sr-only">Calibration values with sources</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="px-2 py-2">Quantity</th>
                <th scope="col" className="px-2 py-2">Value</th>
                <th scope="col" className="px-2 py-2">Kind</th>
                <th scope="col" className="px-2 py-2">Source</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.key} className="border-b border-slate-100 align-top">
                  <th scope="row" className="px-2 py-1.5 font-normal">{e.label}</th>
                  <td className="px-2 py-1.5 tabular-nums whitespace-nowrap">{formatValue(e)}</td>
                  <td className="px-2 py-1.5">{kindOf(e)}</td>
                  <td className="px-2 py-1.5">{e.source}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="factors-title" className="flex flex-col gap-2">
        <h2 id="factors-title" className="text-2xl font-bold text-slate-900">
          The 19 factors
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[720px] border-collapse text-left text-sm">
            <caption className="sr-only">Factor multipliers with sources</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="px-2 py-2">Factor</th>
                <th scope="col" className="px-2 py-2">Cost per event (best / average / worst)</th>
                <th scope="col" className="px-2 py-2">Frequency (best / average / worst)</th>
                <th scope="col" className="px-2 py-2">Source</th>
              </tr>
            </thead>
            <tbody>
              {FACTORS.map((f) => (
                <tr key={f.id} className="border-b border-slate-100 align-top">
                  <th scope="row" className="px-2 py-1.5 font-normal">
                    {f.id} {f.name}
                  </th>
                  <td className="px-2 py-1.5 tabular-nums">
                    ×{f.severityMultiplier.best} / ×{f.severityMultiplier.partial} / ×{f.severityMultiplier.worst}
                  </td>
                  <td className="px-2 py-1.5 tabular-nums">
                    ×{f.frequencyMultiplier.best} / ×{f.frequencyMultiplier.partial} / ×{f.frequencyMultiplier.worst}
                  </td>
                  <td className="px-2 py-1.5">
                    {f.source}
                    {f.isAssumption ? ' (includes assumptions)' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="frameworks-title" className="flex flex-col gap-2">
        <h2 id="frameworks-title" className="text-2xl font-bold text-slate-900">
          How compliance frameworks count
        </h2>
        <p>A current certificate or attestation (no older than 12 months) pre-fills at least "partly" for the controls its standard covers. There is no separate compliance discount: the controls carry the effect.</p>
        <ul className="list-disc space-y-1 pl-6">
          {FRAMEWORKS.map((f) => (
            <li key={f.id}>
              <strong>{f.name}</strong>: {f.description} {f.evidence.length > 0 ? `Supports ${f.evidence.map((e) => e.factorId).join(', ')}.` : ''}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="costs-title" className="flex flex-col gap-2">
        <h2 id="costs-title" className="text-2xl font-bold text-slate-900">
          Control costs used by the recommendations
        </h2>
        <ul className="list-disc space-y-1 pl-6 text-sm">
          {CONTROL_COSTS.map((c) => (
            <li key={c.factorId}>
              {c.factorId} {c.description}: ${c.fixedLowUsd.toLocaleString('en-US')}-${c.fixedHighUsd.toLocaleString('en-US')} a year plus ${c.perEmployeeLowUsd}-${c.perEmployeeHighUsd} per employee ({c.source}).
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
