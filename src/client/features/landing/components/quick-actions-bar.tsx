import { ChevronUp, Minimize2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import { hasConsent } from '@/client/lib/cookie-consent.ts';

/** A functional preference: stored only with functional-cookie consent. */
const QUICK_ACTIONS_MINIMIZED_KEY = 'cifer-quick-actions-minimized';

function readMinimized(): boolean {
  if (!hasConsent('functional')) return false;
  try {
    return window.localStorage.getItem(QUICK_ACTIONS_MINIMIZED_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberMinimized(isMinimized: boolean) {
  if (!hasConsent('functional')) return;
  try {
    window.localStorage.setItem(QUICK_ACTIONS_MINIMIZED_KEY, String(isMinimized));
  } catch {
    // Storage blocked: the choice lasts for this visit only.
  }
}

/** Spec section 2: appears once the visitor scrolls past the threshold; can be minimized. */
export function QuickActionsBar({ isVisible, onRequestAccess }: { isVisible: boolean; onRequestAccess: () => void }) {
  const [isMinimized, setMinimized] = useState(readMinimized);
  if (!isVisible) return null;

  const setAndRemember = (value: boolean) => {
    setMinimized(value);
    rememberMinimized(value);
  };

  if (isMinimized) {
    return (
      // Above the cookie banner while it is shown (it publishes --cookie-banner-height).
      <div className="fixed right-4 bottom-[calc(var(--cookie-banner-height,0px)+1rem)] z-30">
        <Button onClick={() => setAndRemember(false)} className="shadow-lg" aria-label="Show quick actions">
          <ChevronUp aria-hidden="true" />
          Quick actions
        </Button>
      </div>
    );
  }

  return (
    <aside
      aria-label="Quick actions"
      data-testid="quick-actions"
      className="fixed inset-x-2 bottom-[calc(var(--cookie-banner-height,0px)+0.5rem)] z-30 sm:inset-x-auto sm:right-4 sm:bottom-[calc(var(--cookie-banner-height,0px)+1rem)]"
    >
      <div className="flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white p-2 shadow-xl">
        <Button asChild size="sm" className="h-10">
          <Link href="/subscribe">Start Assessment</Link>
        </Button>
        <Button asChild size="sm" variant="outline" className="h-10">
          <a href="#contact">Book a consultation</a>
        </Button>
        <Button size="sm" variant="ghost" className="h-10" onClick={onRequestAccess}>
          Request access
        </Button>
        <Button size="icon" variant="ghost" aria-label="Minimize quick actions" onClick={() => setAndRemember(true)}>
          <Minimize2 aria-hidden="true" />
        </Button>
      </div>
    </aside>
  );
}
