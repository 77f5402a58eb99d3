import { Gauge, Landmark } from 'lucide-react';
import { LandingSection } from './section-heading.tsx';
import { FACTOR_COUNT } from '@/engine/factors.ts';

const PATHS = [
  {
    icon: Gauge,
    title: 'Commercial path',
    audience: 'For the security lead, IT manager or managed service provider',
    points: [
      `The ${FACTOR_COUNT} risk factors in detail, with the compliance frameworks you already meet (HIPAA, PCI DSS, ISO 27001, SOC 2, NIST CSF and more) suggesting answers`,
      'An optional evidence note on every answer, stored with the assessment',
      'Can start from a business leader’s assessment and refine its “I don’t know” answers',
    ],
  },
  {
    icon: Landmark,
    title: 'Business leaders path',
    audience: 'For CEOs, CFOs, practice managers and owners',
    points: [
      'About 10 minutes of plain-language questions; “I don’t know” is an honest answer, never a silent guess',
      'Results in dollars, with the range your unknown answers leave open and how much each one moves it',
      'Hand it to your security lead with one e-mail; who answered what is kept',
    ],
  },
];

export function AssessmentPathsSection() {
  return (
    <LandingSection
      headingId="paths-title"
      eyebrow="Assessment paths"
      title="Two ways in, one set of numbers"
      intro={
        <>
          Choose the path that fits who is answering. Both run the same model on the same {FACTOR_COUNT} factors, so the results stay
          comparable. Signed in, you pick one on your home page.
        </>
      }
      className="bg-slate-50 py-16"
    >
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
    </LandingSection>
  );
}
