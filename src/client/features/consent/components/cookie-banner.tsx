import { useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import { cn } from '@/client/lib/utils.ts';
import {
  ALL_ACCEPTED,
  DEFAULT_CUSTOM_PREFERENCES,
  ESSENTIAL_ONLY,
  readConsent,
  saveConsent,
  type ConsentStatus,
  type CookiePreferences,
} from '@/client/lib/cookie-consent.ts';

type OptionalCategory = 'functional' | 'analytics' | 'security';

const CATEGORY_TEXT: { key: 'essential' | OptionalCategory; label: string; description: string }[] = [
  {
    key: 'essential',
    label: 'Essential',
    description: 'Keep you signed in, protect forms against forgery and remember this choice. Always on.',
  },
  { key: 'functional', label: 'Functional', description: 'Remember interface choices, such as a minimised quick-actions bar.' },
  { key: 'analytics', label: 'Analytics', description: 'Count which pages help visitors, without advertising or cross-site tracking.' },
  { key: 'security', label: 'Security', description: 'Help detect unusual sign-in activity and protect your account.' },
];

/** CSS variable other fixed bottom bars add to their offset, so the banner never covers them. */
const COOKIE_BANNER_HEIGHT_VARIABLE = '--cookie-banner-height';

/** Publishes the banner's height on <html> while it is shown (features stay independent: only a CSS variable is shared). */
function usePublishedHeight(ref: React.RefObject<HTMLElement | null>, isVisible: boolean) {
  useEffect(() => {
    const root = document.documentElement;
    const element = ref.current;
    if (!isVisible || !element) {
      root.style.removeProperty(COOKIE_BANNER_HEIGHT_VARIABLE);
      return;
    }
    const publish = () => root.style.setProperty(COOKIE_BANNER_HEIGHT_VARIABLE, `${element.offsetHeight}px`);
    // A ResizeObserver reports the first size itself, after the browser's own layout and before the
    // paint; reading it here would force a layout inside the first render's task (ADR 164).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    if (observer) observer.observe(element);
    else publish();
    return () => {
      observer?.disconnect();
      root.style.removeProperty(COOKIE_BANNER_HEIGHT_VARIABLE);
    };
  }, [ref, isVisible]);
}

/**
 * Pages where the banner sits in the page flow, after the content, instead of over it: a board
 * presentation opened on a first visit must show its first slide whole, on a phone as on a screen.
 */
const IN_FLOW_PATHS = ['/presentation'];

/** Spec section 4: shown while no readable consent is stored; any choice hides it. */
export function CookieBanner() {
  const [location] = useLocation();
  const isInFlow = IN_FLOW_PATHS.some((path) => location === path || location.startsWith(`${path}/`) || location.startsWith(`${path}?`));
  const [isVisible, setVisible] = useState(() => readConsent() === null);
  const [isCustomizing, setCustomizing] = useState(false);
  const [draft, setDraft] = useState<CookiePreferences>(DEFAULT_CUSTOM_PREFERENCES);
  const titleId = useId();
  const panelId = useId();
  const bannerRef = useRef<HTMLElement>(null);
  // In the flow it covers nothing, so fixed bars need no offset.
  usePublishedHeight(bannerRef, isVisible && !isInFlow);

  if (!isVisible) return null;

  const choose = (status: ConsentStatus, preferences: CookiePreferences) => {
    saveConsent(status, preferences);
    setVisible(false);
  };

  return (
    <section
      ref={bannerRef}
      aria-labelledby={titleId}
      className={cn(
        'border-t border-slate-300 bg-white',
        isInFlow ? 'relative' : 'fixed inset-x-0 bottom-0 z-[45] shadow-[0_-4px_16px_rgba(15,23,42,0.12)]',
      )}
      data-testid="cookie-banner"
      data-placement={isInFlow ? 'in-flow' : 'fixed'}
    >
      <div className="mx-auto flex max-h-[80vh] max-w-6xl flex-col gap-3 overflow-y-auto px-4 py-4 sm:px-6">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-3xl">
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              Your cookie choices
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              CIFER uses essential cookies to keep your session secure. With your permission we also use functional, analytics and security
              cookies. Read our{' '}
              <a href="/cookie-policy.html" target="_blank" rel="noopener noreferrer" className="font-medium text-blue-800 underline">
                Cookie Policy<span className="sr-only"> (opens in a new tab)</span>
              </a>
              .
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => choose('accepted', ALL_ACCEPTED)}>Accept All</Button>
            <Button variant="outline" onClick={() => choose('essential-only', ESSENTIAL_ONLY)}>
              Essential Only
            </Button>
            <Button variant="ghost" aria-expanded={isCustomizing} aria-controls={panelId} onClick={() => setCustomizing((open) => !open)}>
              Customize
            </Button>
          </div>
        </div>
        {isCustomizing ? (
          <CustomizePanel panelId={panelId} draft={draft} onDraftChange={setDraft} onSave={() => choose('selected', draft)} />
        ) : null}
      </div>
    </section>
  );
}

/** The categories to switch one by one, essential always on, and the button that saves the choice. */
function CustomizePanel({
  panelId,
  draft,
  onDraftChange,
  onSave,
}: {
  panelId: string;
  draft: CookiePreferences;
  onDraftChange: Dispatch<SetStateAction<CookiePreferences>>;
  onSave: () => void;
}) {
  return (
    <div id={panelId} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Cookie categories</legend>
        <ul className="mt-2 grid gap-3 sm:grid-cols-2">
          {CATEGORY_TEXT.map(({ key, label, description }) => {
            const inputId = `${panelId}-${key}`;
            const isEssential = key === 'essential';
            return (
              <li key={key} className="flex items-start gap-3">
                <input
                  id={inputId}
                  type="checkbox"
                  role="switch"
                  className="mt-0.5 size-5 shrink-0 accent-blue-700 disabled:opacity-60"
                  checked={isEssential ? true : draft[key]}
                  disabled={isEssential}
                  aria-describedby={`${inputId}-text`}
                  onChange={isEssential ? undefined : (event) => onDraftChange((current) => ({ ...current, [key]: event.target.checked }))}
                />
                <span>
                  <label htmlFor={inputId} className="text-sm font-medium text-slate-900">
                    {label}
                    {isEssential ? ' (always on)' : ''}
                  </label>
                  <span id={`${inputId}-text`} className="block text-sm text-slate-700">
                    {description}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <Button className="mt-4" onClick={onSave}>
        Save Preferences
      </Button>
    </div>
  );
}
