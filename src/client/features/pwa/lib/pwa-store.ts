import { isInstallDismissed, rememberInstallDismissed } from './install-dismissal.ts';
import { detectPlatform, isIosSafari, isStandaloneDisplay, type PwaPlatform } from './platform.ts';

/** Spec sections 3, 8: the exact install failure messages. */
export const INSTALL_ERRORS = {
  noPrompt: 'No install prompt available',
  failed: 'Install prompt failed',
} as const;

/** Spec section 3 (isInstallable, isInstalled, isSupported, platform) plus what the banners need. */
export interface PwaState {
  isInstallable: boolean;
  isInstalled: boolean;
  isSupported: boolean;
  platform: PwaPlatform;
  /** iOS Safari cannot prompt: the banner shows the manual steps instead. */
  canShowIosSteps: boolean;
  isInstallDismissed: boolean;
  isOnline: boolean;
  isUpdateAvailable: boolean;
}

/** Chrome's event; not in TypeScript's DOM types. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export type PwaWindow = Pick<Window, 'addEventListener' | 'matchMedia' | 'navigator'> & { localStorage?: Storage };

export interface PwaStore {
  getState: () => PwaState;
  subscribe: (listener: () => void) => () => void;
  /** Shows the browser's install prompt; throws with INSTALL_ERRORS' messages. */
  promptInstall: () => Promise<'accepted' | 'dismissed'>;
  /** 'Later' or close: stored, and the banner never shows again. */
  dismissInstall: () => void;
  /** Called by the registration when a new worker waits while a controller exists. */
  flagUpdate: (activate: () => void) => void;
  /** 'Update Now'. */
  applyUpdate: () => void;
}

/**
 * The PWA state of one window: the install prompt kept for later, installed detection (the
 * app-installed event, an accepted prompt or standalone display mode), connectivity from the
 * online/offline events, and the waiting update.
 */
export function createPwaStore(win: PwaWindow): PwaStore {
  const userAgent = win.navigator.userAgent;
  const platform = detectPlatform(userAgent, win.navigator.maxTouchPoints);
  const isInstalled = isStandaloneDisplay(win);
  let state: PwaState = {
    isInstallable: false,
    isInstalled,
    isSupported: 'serviceWorker' in win.navigator,
    platform,
    canShowIosSteps: platform === 'ios' && isIosSafari(userAgent) && !isInstalled,
    isInstallDismissed: isInstallDismissed(win.localStorage),
    isOnline: win.navigator.onLine !== false,
    isUpdateAvailable: false,
  };
  let deferredPrompt: BeforeInstallPromptEvent | null = null;
  let activateUpdate: (() => void) | null = null;
  const listeners = new Set<() => void>();

  const update = (patch: Partial<PwaState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  win.addEventListener('beforeinstallprompt', (event) => {
    // Keep the prompt for our banner instead of the browser's own mini-infobar.
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    update({ isInstallable: !state.isInstalled });
  });
  win.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    update({ isInstalled: true, isInstallable: false, canShowIosSteps: false });
  });
  win.addEventListener('online', () => update({ isOnline: true }));
  win.addEventListener('offline', () => update({ isOnline: false }));

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async promptInstall() {
      const prompt = deferredPrompt;
      if (!prompt) throw new Error(INSTALL_ERRORS.noPrompt);
      let outcome: 'accepted' | 'dismissed';
      try {
        await prompt.prompt();
        outcome = (await prompt.userChoice).outcome;
      } catch {
        throw new Error(INSTALL_ERRORS.failed);
      } finally {
        // A prompt event can be used once.
        deferredPrompt = null;
      }
      update(outcome === 'accepted' ? { isInstalled: true, isInstallable: false } : { isInstallable: false });
      return outcome;
    },
    dismissInstall() {
      rememberInstallDismissed(win.localStorage);
      update({ isInstallDismissed: true });
    },
    flagUpdate(activate) {
      activateUpdate = activate;
      update({ isUpdateAvailable: true });
    },
    applyUpdate() {
      activateUpdate?.();
    },
  };
}
