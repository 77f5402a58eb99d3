import { Briefcase, Building2, ShieldCheck } from 'lucide-react';
import { IconCardGrid, type IconCard } from './icon-card-grid.tsx';
import { LandingSection } from './section-heading.tsx';

const AUDIENCES: IconCard[] = [
  {
    icon: Briefcase,
    title: 'CEOs, CFOs and boards',
    text: 'See cyber risk in the same currency as every other business risk: expected annual loss, the cost if it happens, and what each fix is worth.',
  },
  {
    icon: ShieldCheck,
    title: 'Security and IT leaders',
    text: 'Turn control gaps into a budget case. Show which investments cut the most expected loss per dollar, with the sources behind every number.',
  },
  {
    icon: Building2,
    title: 'Companies of 10 to 500 people',
    text: 'Enterprise-grade risk quantification without an enterprise risk team, priced for small and medium businesses.',
  },
];

export function AudienceSection() {
  return (
    <LandingSection
      headingId="audience-title"
      eyebrow="Who CIFER is for"
      title="Built for the people who sign off on risk"
      intro="Executives and security leaders at small and medium enterprises in healthcare, financial services and manufacturing."
      className="bg-white py-16"
    >
      <IconCardGrid cards={AUDIENCES} cardClassName="bg-slate-50" titleClassName="text-lg" />
    </LandingSection>
  );
}
