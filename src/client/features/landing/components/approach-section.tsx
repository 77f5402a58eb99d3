import { Calculator, ListChecks, Presentation } from 'lucide-react';
import { IconCardGrid, type IconCard } from './icon-card-grid.tsx';
import { LandingSection } from './section-heading.tsx';
import { FACTOR_COUNT } from '@/engine/factors.ts';

const STEPS: IconCard[] = [
  {
    icon: ListChecks,
    title: '1. Assess',
    text: `Answer ${FACTOR_COUNT} factors: the amplifiers that raise breach costs (such as supply-chain exposure and security skills shortages) and the mitigators that lower them (such as employee training, encryption and incident response testing), plus the frameworks you follow: NIST CSF, ISO 27001, SOC 2, PCI DSS, HIPAA, SOX and GLBA.`,
  },
  {
    icon: Calculator,
    title: '2. Quantify',
    text: 'A Monte Carlo simulation calibrated on published breach research turns your answers into dollars: the expected annual loss, the chance of a significant incident, and the loss you could face in a bad year.',
  },
  {
    icon: Presentation,
    title: '3. Act',
    text: 'Get fixes ranked by return on security investment and a board-ready report that explains the numbers, their sources and what changes if you act.',
  },
];

export function ApproachSection() {
  return (
    <LandingSection
      sectionId="features"
      headingId="approach-title"
      eyebrow="The three-fold approach"
      title="Assess. Quantify. Act."
      intro="One guided assessment gives you a defensible number and a plan."
      className="scroll-mt-24 bg-slate-50 py-16"
    >
      <IconCardGrid cards={STEPS} ordered cardClassName="bg-white shadow-sm" titleClassName="text-xl" />
    </LandingSection>
  );
}
