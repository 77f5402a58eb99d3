import { lazy, Suspense, useEffect, useState } from 'react';
import { CONSENT_SAVED_EVENT, readConsent } from '@/client/lib/cookie-consent.ts';
import { usePwa } from '../hooks/use-pwa.ts';
import { startMobileAppService } from '../lib/mobile-app-service.ts';

// Off the first load: most visits never show a banner.
const PwaBanners = lazy(async () => ({ default: (await import('./pwa-banners.tsx')).PwaBanners }));

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
    <Suspense fallback={null}>
      <PwaBanners
        isOffline={!pwa.isOnline}
        isUpdateAvailable={pwa.isUpdateAvailable}
        installMode={installMode}
        install={pwa.install}
        dismissInstall={pwa.dismissInstall}
        applyUpdate={pwa.applyUpdate}
      />
    </Suspense>
  );
}
