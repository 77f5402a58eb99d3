import { Shield } from 'lucide-react';
import { SupportEmail } from '@/client/components/ui/support-email.tsx';
import { LEGAL_PAGES } from '@/client/legal/legal-page-list.ts';
import { clearConsent } from '@/client/lib/cookie-consent.ts';
import { COPYRIGHT_YEAR } from '@/client/lib/constants.ts';
import { useSupportEmail } from '@/client/lib/support-contact.ts';

/** The footer names the legal pages as their own navigation does. */
const LEGAL_LINKS = LEGAL_PAGES.map((page) => ({ href: `/${page.slug}.html`, label: page.navLabel }));

/** Spec sections 2 and 4: legal links (new tab), the 'Cookie Preferences' reset, copyright 2025. */
export function SiteFooter({ onResetCookies }: { onResetCookies?: () => void } = {}) {
  // The operator's address (SUPPORT_EMAIL), from the server (ADR 281).
  const supportEmail = useSupportEmail();
  const resetCookies =
    onResetCookies ??
    (() => {
      clearConsent();
      window.location.reload();
    });
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
          <div className="max-w-sm">
            <p className="flex items-center gap-2 font-semibold text-slate-900">
              <Shield className="size-5 text-blue-700" aria-hidden="true" /> CIFER
            </p>
            <p className="mt-2 text-sm text-slate-700">
              Cyber-risk in dollars for small and medium businesses.
              <SupportEmail address={supportEmail} lead="Questions? Write to" end="." className="font-medium text-blue-800 underline" />
            </p>
          </div>
          <nav aria-label="Legal">
            <ul className="grid grid-cols-1 gap-x-8 gap-y-2 text-sm sm:grid-cols-2">
              {LEGAL_LINKS.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-slate-700 underline-offset-2 hover:text-blue-800 hover:underline"
                  >
                    {link.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  onClick={resetCookies}
                  className="text-slate-700 underline-offset-2 hover:text-blue-800 hover:underline"
                >
                  Cookie Preferences
                </button>
              </li>
            </ul>
          </nav>
        </div>
        <p className="border-t border-slate-200 pt-4 text-sm text-slate-600">
          © {COPYRIGHT_YEAR} CIFER. All rights reserved. Patent pending.
        </p>
      </div>
    </footer>
  );
}
