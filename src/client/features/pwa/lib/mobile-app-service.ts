import { createPwaStore, type PwaStore } from './pwa-store.ts';
import { registerServiceWorker, scheduleOnIdle } from './register-service-worker.ts';

let store: PwaStore | null = null;

/** The one PWA store of this page, listening from the first call (so no install prompt is missed). */
export function getPwaStore(): PwaStore {
  store ??= createPwaStore(window);
  return store;
}

let started = false;

/**
 * Spec section 9: the mobile-app service is initialised on idle (or after 100 ms). workbox-window
 * is loaded then, off the landing page's critical path.
 */
export function startMobileAppService(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const pwa = getPwaStore();
  if (!pwa.getState().isSupported) return;
  scheduleOnIdle(() => {
    void registerServiceWorker(pwa, {
      createClient: async (url) => new (await import('workbox-window')).Workbox(url),
      hasController: () => Boolean(navigator.serviceWorker.controller),
      reload: () => window.location.reload(),
      logError: (message, error) => console.error(message, error),
    });
  });
}
