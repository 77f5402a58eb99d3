import { CRISIS_STATISTICS } from '../content/breach-statistics.ts';
import { SectionHeading } from './section-heading.tsx';

export function StatisticsSection() {
  return (
    <section aria-labelledby="statistics-title" className="bg-slate-900 py-16 text-white">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="statistics-title"
          eyebrow="The cyber crisis in numbers"
          title="Breaches are a business problem, not an IT one"
          inverted
        >
          The figures below come from the industry's standard annual studies. CIFER's model is calibrated on the same research.
        </SectionHeading>
        <dl className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {CRISIS_STATISTICS.map((statistic) => (
            <div key={statistic.value + statistic.label} className="flex flex-col rounded-xl border border-slate-700 bg-slate-800 p-6">
              <dt className="order-2 mt-2 text-slate-100">{statistic.label}</dt>
              <dd className="order-1 text-4xl font-bold text-white">{statistic.value}</dd>
              <dd className="order-3 mt-3 text-sm text-slate-300">Source: {statistic.source}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
