import { useEffect } from 'react';
import { toast } from '@/client/hooks/use-toast.ts';
import { usePwa } from '../hooks/use-pwa.ts';
import { startMobileAppService } from '../lib/mobile-app-service.ts';
import { InstallBanner } from './install-banner.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { UpdateBanner } from './update-banner.tsx';

/**
 * The PWA overlays of spec section 2 (install, 'Update Available', offline), stacked in one
 * corner above the page, and the start of the mobile-app service (on idle, section 9).
 */
export function PwaOverlays() {
  const pwa = usePwa();
  useEffect(() => startMobileAppService(), []);

  const installMode = pwa.isInstalled || pwa.isInstallDismissed ? null : pwa.isInstallable ? 'prompt' : pwa.canShowIosSteps ? 'ios' : null;
  if (pwa.isOnline && !pwa.isUpdateAvailable && !installMode) return null;

  const install = () => {
    pwa.install().catch((error: unknown) => {
      toast({ title: error instanceof Error ? error.message : 'Install prompt failed', variant: 'destructive' });
    });
  };

  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-3 z-[50] flex flex-col gap-2 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96 [&>*]:pointer-events-auto">
      {pwa.isOnline ? null : <OfflineBanner />}
      {pwa.isUpdateAvailable ? <UpdateBanner onUpdate={pwa.applyUpdate} /> : null}
      {installMode ? <InstallBanner mode={installMode} onInstall={install} onDismiss={pwa.dismissInstall} /> : null}
    </div>
  );
}
