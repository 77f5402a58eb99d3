import { Gauge, Landmark } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

const PATHS = [
  {
    icon: Gauge,
    title: 'Commercial path',
    audience: 'For security teams, IT managers and managed service providers',
    points: [
      'Control-by-control questions mapped to NIST CSF, ISO 27001, SOC 2 and PCI DSS',
      'Evidence from certifications pre-fills the factors they prove',
      'Per-factor contribution to loss, to plan the next quarter of work',
    ],
  },
  {
    icon: Landmark,
    title: 'Business leaders path',
    audience: 'For CEOs, CFOs, owners and board members',
    points: [
      'Plain-language questions, no security jargon',
      'Results in dollars: expected annual loss and the cost of one bad day',
      'A short board summary with the three decisions that matter most',
    ],
  },
];

export function AssessmentPathsSection() {
  return (
    <section aria-labelledby="paths-title" className="bg-slate-50 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="paths-title" eyebrow="Assessment paths" title="Two ways in, one set of numbers">
          Choose the path that fits who is answering. Both run the same model, so the results stay comparable.
        </SectionHeading>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {PATHS.map(({ icon: Icon, title, audience, points }) => (
            <article key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon className="size-8 text-blue-700" aria-hidden="true" />
              <h3 className="mt-4 text-xl font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 font-medium text-slate-700">{audience}</p>
              <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700">
                {points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
