import type { PwaStore } from './pwa-store.ts';

/** The part of workbox-window's Workbox this app uses (injected in tests). */
export interface ServiceWorkerClient {
  addEventListener: (type: 'waiting' | 'controlling', listener: () => void) => void;
  messageSkipWaiting: () => void;
  register: () => Promise<unknown>;
}

interface RegistrationDeps {
  createClient: (url: string) => Promise<ServiceWorkerClient>;
  hasController: () => boolean;
  reload: () => void;
  logError: (message: string, error: unknown) => void;
}

const SERVICE_WORKER_URL = '/sw.js';

/**
 * Spec section 4: registers /sw.js. When a new worker finishes installing while a controller
 * exists (an update, not the first install), the update is flagged; 'Update Now' sends
 * SKIP_WAITING (workbox-window's messageSkipWaiting posts `{ type: 'SKIP_WAITING' }`) and the
 * page reloads once the new worker controls it. A failed registration is only logged (section 8).
 */
export async function registerServiceWorker(store: PwaStore, deps: RegistrationDeps): Promise<void> {
  try {
    const client = await deps.createClient(SERVICE_WORKER_URL);
    client.addEventListener('waiting', () => {
      if (!deps.hasController()) return;
      store.flagUpdate(() => {
        client.addEventListener('controlling', () => deps.reload());
        client.messageSkipWaiting();
      });
    });
    await client.register();
  } catch (error) {
    deps.logError('Service worker registration failed', error);
  }
}

/** Spec section 9: the mobile-app service starts on idle, or after 100 ms where idle callbacks do not exist. */
export const MOBILE_APP_START_DELAY_MS = 100;

export function scheduleOnIdle(run: () => void, win: Pick<Window, 'setTimeout'> & { requestIdleCallback?: (callback: () => void) => number } = window): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run);
  else win.setTimeout(run, MOBILE_APP_START_DELAY_MS);
}
