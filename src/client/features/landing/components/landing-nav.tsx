import { Menu, Shield, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';

/** Spec section 2: anchors for overview, features, pricing and contact. */
const LANDING_ANCHORS = [
  { href: '#overview', label: 'Overview' },
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#contact', label: 'Contact' },
] as const;

export function LandingNav() {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const anchorClass =
    'rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 hover:text-slate-950 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none';
  return (
    <nav aria-label="Landing page" className="sticky top-8 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <a
          href="#overview"
          className="flex items-center gap-2 rounded-md focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
        >
          <Shield className="size-7 text-blue-700" aria-hidden="true" />
          <span className="text-lg font-bold text-slate-900">CIFER</span>
        </a>
        <ul className="ml-6 hidden items-center gap-1 md:flex">
          {LANDING_ANCHORS.map((anchor) => (
            <li key={anchor.href}>
              <a href={anchor.href} className={anchorClass}>
                {anchor.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          <Button asChild variant="ghost" size="sm" className="h-10">
            <Link href="/auth">Sign In</Link>
          </Button>
          <Button asChild size="sm" className="hidden h-10 sm:inline-flex">
            <Link href="/subscribe">Start Assessment</Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={isMenuOpen}
            aria-controls="landing-menu"
            aria-label={isMenuOpen ? 'Close page menu' : 'Open page menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {isMenuOpen ? (
        <ul id="landing-menu" className="flex flex-col gap-1 border-t border-slate-200 px-4 py-3 md:hidden">
          {LANDING_ANCHORS.map((anchor) => (
            <li key={anchor.href}>
              <a href={anchor.href} className={`${anchorClass} block`} onClick={() => setMenuOpen(false)}>
                {anchor.label}
              </a>
            </li>
          ))}
          <li className="pt-2">
            <Button asChild className="w-full">
              <Link href="/subscribe">Start Assessment</Link>
            </Button>
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
