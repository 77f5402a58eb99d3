import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { CONSENT_SAVED_EVENT, readConsent } from '@/client/lib/cookie-consent.ts';
import { usePwa } from '../hooks/use-pwa.ts';
import { startMobileAppService } from '../lib/mobile-app-service.ts';
import { OfflineBanner } from './offline-banner.tsx';
import type { PwaBannersProps } from './pwa-banners.tsx';

// Off the first load: most visits never show these. They only matter online (a prompt, a new
// worker), and a failed load (connection lost meanwhile) shows nothing rather than breaking the page.
const PwaBanners = lazy(async (): Promise<{ default: ComponentType<PwaBannersProps> }> => {
  try {
    return { default: (await import('./pwa-banners.tsx')).PwaBanners };
  } catch (error) {
    console.error('PWA banners could not load', error);
    return { default: () => null };
  }
});

/**
 * The PWA overlays of spec section 2 (install, 'Update Available', offline), stacked in one
 * corner above the page, and the start of the mobile-app service (on idle, section 9).
 */
export function PwaOverlays() {
  const pwa = usePwa();
  useEffect(() => startMobileAppService(), []);
  // The install offer waits until the cookie banner has been answered: never two banners at once.
  const [hasConsent, setHasConsent] = useState(() => readConsent() !== null);
  useEffect(() => {
    const onSaved = () => setHasConsent(true);
    window.addEventListener(CONSENT_SAVED_EVENT, onSaved);
    return () => window.removeEventListener(CONSENT_SAVED_EVENT, onSaved);
  }, []);

  const canOfferInstall = hasConsent && !pwa.isInstalled && !pwa.isInstallDismissed;
  const installMode = !canOfferInstall ? null : pwa.isInstallable ? 'prompt' : pwa.canShowIosSteps ? 'ios' : null;
  if (pwa.isOnline && !pwa.isUpdateAvailable && !installMode) return null;
  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-3 z-[50] flex flex-col gap-2 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96 [&>*]:pointer-events-auto">
      {/* In the entry: it must render with no connection even where no service worker holds the chunks. */}
      {pwa.isOnline ? null : <OfflineBanner />}
      {pwa.isUpdateAvailable || installMode ? (
        <Suspense fallback={null}>
          <PwaBanners isUpdateAvailable={pwa.isUpdateAvailable} installMode={installMode} install={pwa.install} dismissInstall={pwa.dismissInstall} applyUpdate={pwa.applyUpdate} />
        </Suspense>
      ) : null}
    </div>
  );
}
