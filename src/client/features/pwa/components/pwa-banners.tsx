import { toast } from '@/client/hooks/use-toast.ts';
import { INSTALL_ERRORS } from '../lib/pwa-store.ts';
import { InstallBanner } from './install-banner.tsx';
import { UpdateBanner } from './update-banner.tsx';

export interface PwaBannersProps {
  isUpdateAvailable: boolean;
  installMode: 'prompt' | 'ios' | null;
  install: () => Promise<unknown>;
  dismissInstall: () => void;
  applyUpdate: () => void;
}

/** The install and update banners, loaded only when one has something to say. */
export function PwaBanners({ isUpdateAvailable, installMode, install, dismissInstall, applyUpdate }: PwaBannersProps) {
  const onInstall = () => {
    install().catch((error: unknown) => {
      toast({ title: error instanceof Error ? error.message : INSTALL_ERRORS.failed, variant: 'destructive' });
    });
  };
  return (
    <>
      {isUpdateAvailable ? <UpdateBanner onUpdate={applyUpdate} /> : null}
      {installMode ? <InstallBanner mode={installMode} onInstall={onInstall} onDismiss={dismissInstall} /> : null}
    </>
  );
}
