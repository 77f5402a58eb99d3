import { Factory, HeartPulse, Landmark } from 'lucide-react';
import { LandingSection } from './section-heading.tsx';

const INDUSTRIES = [
  {
    id: 'healthcare',
    icon: HeartPulse,
    title: 'Healthcare',
    figure: '$9.77M average breach cost, the highest of any industry (IBM Cost of a Data Breach Report 2024)',
    text: 'Clinics, practices, labs and health-tech suppliers hold the most expensive data there is. CIFER models HIPAA penalty exposure (up to $2,134,831 per identical provision per year after the 2024 HHS adjustment) alongside ransomware downtime.',
  },
  {
    id: 'financial-services',
    icon: Landmark,
    title: 'Financial services',
    figure: '$6.08M average breach cost (IBM Cost of a Data Breach Report 2024)',
    text: 'Credit unions, advisers, lenders and insurers answer to GLBA, PCI DSS and SOX. CIFER shows fraud and business e-mail compromise losses next to regulatory exposure, such as GLBA penalties of up to $100,000 per violation.',
  },
  {
    id: 'manufacturing',
    icon: Factory,
    title: 'Manufacturing',
    figure: '$5.56M average industrial breach cost, up $830K in one year, the largest rise of any sector (IBM 2024)',
    text: 'When production lines stop, every hour costs money. CIFER accounts for operational-technology exposure, supply-chain compromise and the downtime that drives most of a manufacturer\u2019s loss.',
  },
];

export function IndustriesSection() {
  return (
    <LandingSection
      headingId="industries-title"
      eyebrow="Industries"
      title="Calibrated for your sector"
      intro="Industry multipliers, regulatory regimes and typical attack patterns are built into the model."
      className="bg-slate-50 py-16"
    >
      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        {INDUSTRIES.map(({ id, icon: Icon, title, figure, text }) => (
          <article key={id} id={id} aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <Icon className="size-8 text-blue-700" aria-hidden="true" />
            <h3 id={`${id}-title`} className="mt-4 text-xl font-semibold text-slate-900">
              {title}
            </h3>
            <p className="mt-2 font-medium text-slate-900">{figure}</p>
            <p className="mt-3 text-slate-700">{text}</p>
          </article>
        ))}
      </div>
    </LandingSection>
  );
}
