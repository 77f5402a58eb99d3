import { toast } from '@/client/hooks/use-toast.ts';
import { INSTALL_ERRORS } from '../lib/pwa-store.ts';
import { InstallBanner } from './install-banner.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { UpdateBanner } from './update-banner.tsx';

export interface PwaBannersProps {
  isOffline: boolean;
  isUpdateAvailable: boolean;
  installMode: 'prompt' | 'ios' | null;
  install: () => Promise<unknown>;
  dismissInstall: () => void;
  applyUpdate: () => void;
}

/** The banners themselves, loaded only when one has something to say (the service worker precaches them). */
export function PwaBanners({ isOffline, isUpdateAvailable, installMode, install, dismissInstall, applyUpdate }: PwaBannersProps) {
  const onInstall = () => {
    install().catch((error: unknown) => {
      toast({ title: error instanceof Error ? error.message : INSTALL_ERRORS.failed, variant: 'destructive' });
    });
  };
  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-3 z-[50] flex flex-col gap-2 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96 [&>*]:pointer-events-auto">
      {isOffline ? <OfflineBanner /> : null}
      {isUpdateAvailable ? <UpdateBanner onUpdate={applyUpdate} /> : null}
      {installMode ? <InstallBanner mode={installMode} onInstall={onInstall} onDismiss={dismissInstall} /> : null}
    </div>
  );
}
