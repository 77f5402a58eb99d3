import { BarChart3, CheckCircle2, FileText, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { FACTOR_COUNT } from '@/engine/factors.ts';

const POINTS = [
  { icon: BarChart3, title: `${FACTOR_COUNT}-factor risk analysis`, text: 'Amplifiers, mitigators and compliance frameworks turned into dollar loss estimates.' },
  { icon: FileText, title: 'Board-ready reports', text: 'Clear numbers for C-suite executives and security leaders.' },
  { icon: ShieldCheck, title: 'Secure by default', text: 'Two-factor authentication protects every account.' },
];

/** The /auth page's marketing panel (spec section 2). */
export function AuthMarketingPanel({ footer }: { footer?: ReactNode }) {
  return (
    <section aria-labelledby="auth-marketing-title" className="flex flex-col justify-center gap-6 rounded-2xl bg-gradient-to-br from-blue-800 to-slate-900 p-8 text-white">
      <div>
        <h2 id="auth-marketing-title" className="text-3xl font-bold">
          Know your cyber risk in dollars
        </h2>
        <p className="mt-2 text-blue-100">CIFER turns a {FACTOR_COUNT}-factor analysis into dollar loss estimates and board-ready reports for small and medium businesses.</p>
      </div>
      <ul className="grid gap-4">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <Icon className="mt-0.5 size-6 shrink-0 text-blue-200" aria-hidden="true" />
            <div>
              <p className="font-semibold">{title}</p>
              <p className="text-sm text-blue-100">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="flex items-center gap-2 text-sm text-blue-100">
        <CheckCircle2 className="size-4" aria-hidden="true" />
        Plans from $250/month, with annual assessment plans.
      </p>
      {footer}
    </section>
  );
}
