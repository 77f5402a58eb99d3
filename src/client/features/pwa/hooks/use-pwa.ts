import { useSyncExternalStore } from 'react';
import { getPwaStore } from '../lib/mobile-app-service.ts';
import type { PwaState } from '../lib/pwa-store.ts';

/** Spec section 3: the PWA state (isInstallable, isInstalled, isSupported, platform) and its actions. */
export function usePwa(): PwaState & { install: () => Promise<'accepted' | 'dismissed'>; dismissInstall: () => void; applyUpdate: () => void } {
  const store = getPwaStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { ...state, install: store.promptInstall, dismissInstall: store.dismissInstall, applyUpdate: store.applyUpdate };
}
