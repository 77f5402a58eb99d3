import { CircleCheck } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import { SectionHeading } from './section-heading.tsx';
import { FACTOR_COUNT } from '@/engine/factors.ts';

const INCLUDED = [
  `The full ${FACTOR_COUNT}-factor assessment for your organization`,
  'Dollar loss estimates: expected annual loss, cost if it happens, bad-year loss',
  'Fixes ranked by return on security investment',
  'Board-ready reports and assessment history',
  'Compliance mapping: NIST CSF, ISO 27001, SOC 2, PCI DSS, HIPAA, SOX, GLBA',
  'Two-factor sign-in for every user',
];

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-24 bg-white py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="One plan, priced for small and medium businesses">
          Annual assessment plans, so you can measure this year and show progress next year.
        </SectionHeading>
        <div className="mx-auto mt-10 max-w-2xl rounded-2xl border-2 border-blue-700 bg-white p-8 shadow-md">
          <h3 className="text-xl font-semibold text-slate-900">CIFER Platform</h3>
          <p className="mt-4 flex items-baseline gap-2">
            <span className="text-lg text-slate-700">From</span>
            <span className="text-5xl font-bold text-slate-900">$250</span>
            <span className="text-lg text-slate-700">/month</span>
          </p>
          <p className="mt-2 text-slate-700">
            Billed as an annual assessment plan. Larger organizations and multi-site groups are quoted on request.
          </p>
          <ul className="mt-6 grid gap-3">
            {INCLUDED.map((item) => (
              <li key={item} className="flex gap-3 text-slate-800">
                <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
          <Button asChild size="lg" className="mt-8 w-full">
            <Link href="/subscribe">Start Assessment</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
