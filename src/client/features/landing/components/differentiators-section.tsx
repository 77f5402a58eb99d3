import { DollarSign, FileText, Lock, Scale, Target, TrendingUp } from 'lucide-react';
import { LandingSection } from './section-heading.tsx';

const DIFFERENTIATORS = [
  {
    icon: DollarSign,
    title: 'Dollars, not colors',
    text: 'Colours only where they carry a number: the risk band and the likelihood × impact map come from the same dollar figures you can put next to a budget line.',
  },
  {
    icon: FileText,
    title: 'Every number has a source',
    text: 'Breach costs, frequencies and fines come from named public studies, and every assumption is marked as one.',
  },
  {
    icon: TrendingUp,
    title: 'ROI-ranked recommendations',
    text: 'Fixes are ordered by how much expected loss they remove per dollar spent.',
  },
  { icon: Target, title: 'Made for 10-500 employees', text: 'Calibrated on incidents at companies your size, not on global enterprises.' },
  {
    icon: Scale,
    title: 'Compliance in context',
    text: 'HIPAA, GLBA, PCI DSS, SOX, GDPR and CCPA exposure shown as separate, explainable lines.',
  },
  {
    icon: Lock,
    title: 'Secure by default',
    text: 'Two-factor authentication for every account, encrypted secrets and no third-party trackers.',
  },
];

export function DifferentiatorsSection() {
  return (
    <LandingSection headingId="differentiators-title" eyebrow="Why CIFER" title="What makes CIFER different" className="bg-white py-16">
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {DIFFERENTIATORS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <Icon className="mt-1 size-6 shrink-0 text-blue-700" aria-hidden="true" />
            <div>
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-slate-700">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
