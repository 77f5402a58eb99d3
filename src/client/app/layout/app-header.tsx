import { LogOut, Menu, Shield } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/client/components/ui/sheet.tsx';
import { APP_SUBTITLE } from '@/client/lib/constants.ts';
import { cn } from '@/client/lib/utils.ts';
import { useAuth } from '@/client/features/auth/hooks/use-auth.ts';
import { HelpDialog } from '@/client/features/help/components/help-dialog.tsx';
import { OrganizationSwitcher } from '@/client/features/organizations/components/organization-switcher.tsx';
import { PendingInvitationBanner } from '@/client/features/organizations/components/pending-invitation-banner.tsx';
import { preloadPresentation } from '../preload-presentation.ts';
import { useMfaStatus } from '@/client/features/mfa/api/get-mfa-status.ts';

interface NavLink {
  href: string;
  label: string;
  adminOnly?: boolean;
}

/** Spec section 2: the signed-in navigation, in this order; Help sits after Demo. */
export const NAV_LINKS: NavLink[] = [
  { href: '/', label: 'Risk Assessment' },
  { href: '/history', label: 'History' },
  { href: '/presentation', label: 'Presentation' },
  { href: '/risk-profile', label: 'Insurance & appetite' },
  { href: '/assessment-demo', label: 'Demo' },
  { href: '/admin', label: 'Admin', adminOnly: true },
  { href: '/account-management', label: 'Account', adminOnly: true },
];

function NavItems({ isAdmin, onNavigate, onHelp, vertical }: { isAdmin: boolean; onNavigate?: () => void; onHelp: () => void; vertical: boolean }) {
  const [location] = useLocation();
  const links = NAV_LINKS.filter((link) => !link.adminOnly || isAdmin);
  const itemClass = (active: boolean) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none',
      active ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
      vertical && 'block w-full text-left text-base',
    );
  const helpIndex = links.findIndex((link) => link.href === '/assessment-demo') + 1;
  // The presentation's code and report start on the way to its link (ADR 125).
  const preload = (href: string) => (href === '/presentation' ? () => preloadPresentation() : undefined);
  const items = links.map((link) => (
    <Link
      key={link.href}
      href={link.href}
      onClick={onNavigate}
      onPointerEnter={preload(link.href)}
      onFocus={preload(link.href)}
      className={itemClass(location === link.href)}
      aria-current={location === link.href ? 'page' : undefined}
    >
      {link.label}
    </Link>
  ));
  items.splice(
    helpIndex,
    0,
    <button
      key="help"
      type="button"
      className={itemClass(false)}
      onClick={() => {
        onNavigate?.();
        onHelp();
      }}
    >
      Help
    </button>,
  );
  return <>{items}</>;
}

export function AppHeader() {
  const { user, isAdmin, logout, isLoggingOut } = useAuth();
  // Before the second factor the session may call nothing but sign-in and MFA routes: the
  // organisation switcher (GET /api/organizations) waits until the session is verified. Once
  // verified it stays while the status is refetched (switching organisation resets the cache, and
  // unmounting the switcher then would drop its "Now working in" toast); a status that says
  // "not verified" hides it again.
  const { data: mfaStatus } = useMfaStatus();
  const [wasVerified, setWasVerified] = useState(false);
  if (mfaStatus?.sessionMfaComplete === true && !wasVerified) setWasVerified(true);
  const sessionVerified = mfaStatus ? mfaStatus.sessionMfaComplete : wasVerified;
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [isHelpOpen, setHelpOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation menu" onClick={() => setMenuOpen(true)}>
          <Menu aria-hidden="true" />
        </Button>
        <Link href="/" className="flex items-center gap-2 rounded-md focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">
          <Shield className="size-7 text-blue-700" aria-hidden="true" />
          <span className="flex flex-col leading-tight">
            <span className="text-lg font-bold text-slate-900">CIFER</span>
            <span className="hidden text-xs text-slate-600 sm:block">{APP_SUBTITLE}</span>
          </span>
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 lg:flex">
          <NavItems isAdmin={isAdmin} onHelp={() => setHelpOpen(true)} vertical={false} />
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-3">
          {sessionVerified ? (
            <div className="hidden sm:block">
              <OrganizationSwitcher />
            </div>
          ) : null}
          <Link
            href="/account"
            title="Your account: password, sessions and two-factor settings"
            className="hidden max-w-[16rem] truncate rounded-md px-1 text-sm text-slate-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none md:inline"
            data-testid="current-user-email"
          >
            {user?.email || 'User'}
          </Link>
          <Button variant="outline" size="sm" onClick={logout} disabled={isLoggingOut}>
            <LogOut aria-hidden="true" />
            {isLoggingOut ? 'Logging out...' : 'Logout'}
          </Button>
        </div>
      </div>
      <Sheet open={isMenuOpen} onOpenChange={setMenuOpen}>
        <SheetContent side="left">
          <SheetTitle>CIFER Navigation</SheetTitle>
          <SheetDescription className="sr-only">Links to every part of CIFER</SheetDescription>
          <nav aria-label="Main" className="flex flex-col gap-1">
            <NavItems isAdmin={isAdmin} onNavigate={() => setMenuOpen(false)} onHelp={() => setHelpOpen(true)} vertical />
          </nav>
          {sessionVerified ? <OrganizationSwitcher compact /> : null}
          <Link href="/account" onClick={() => setMenuOpen(false)} className="mt-auto truncate text-sm text-slate-700 underline">
            {user?.email || 'User'}
          </Link>
        </SheetContent>
      </Sheet>
      <HelpDialog open={isHelpOpen} onOpenChange={setHelpOpen} />
      <PendingInvitationBanner />
    </header>
  );
}
