import { LandingSection } from './section-heading.tsx';

/** Spec sections 1 and 9: the three consultation services and their prices. */
const CONSULTATION_SERVICES_CONTENT = [
  {
    title: 'One-time assessment',
    price: '$5K-$15K+',
    term: 'Fixed fee, scoped to your organization',
    text: 'A CIFER consultant runs the assessment with your team, validates the answers against evidence and presents the results to your leadership.',
  },
  {
    title: 'Jumpstart onboarding',
    price: '$2.5K-$5K',
    term: 'One-time',
    text: 'We set up CIFER for your organization, train your assessors and walk you through your first assessment and report.',
  },
  {
    title: 'Retainer',
    price: '$3K-$10K/month',
    term: '6-12 month contracts',
    text: 'An ongoing advisor: quarterly re-assessments, remediation planning, board briefings and support when regulators or insurers ask questions.',
  },
] as const;

export function ConsultationServicesSection() {
  return (
    <LandingSection
      headingId="services-title"
      eyebrow="Consultation services"
      title="Prefer expert hands? We can run it with you"
      intro="Our consultants combine the CIFER platform with hands-on experience in regulated industries."
      className="bg-white py-16"
    >
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {CONSULTATION_SERVICES_CONTENT.map((service) => (
          <li key={service.title} className="flex flex-col rounded-xl border border-slate-200 bg-slate-50 p-6">
            <h3 className="text-lg font-semibold text-slate-900">{service.title}</h3>
            <p className="mt-3 text-3xl font-bold text-slate-900">{service.price}</p>
            <p className="mt-1 text-sm font-medium text-slate-700">{service.term}</p>
            <p className="mt-4 text-slate-700">{service.text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
