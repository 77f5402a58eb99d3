import { afterEach, expect, test, vi } from 'vitest';
import { createPwaStore, type PwaWindow } from './pwa-store.ts';
import { MOBILE_APP_START_DELAY_MS, registerServiceWorker, scheduleOnIdle, type ServiceWorkerClient } from './register-service-worker.ts';

function store() {
  const target = new EventTarget();
  const win = {
    addEventListener: target.addEventListener.bind(target),
    matchMedia: () => ({ matches: false }),
    navigator: { userAgent: 'X11', maxTouchPoints: 0, onLine: true, serviceWorker: {} },
  } as unknown as PwaWindow;
  return createPwaStore(win);
}

function fakeClient() {
  const listeners: Record<string, (() => void)[]> = {};
  const client: ServiceWorkerClient & { fire: (type: string) => void } = {
    addEventListener: (type, listener) => void (listeners[type] ??= []).push(listener),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(async () => ({})),
    fire: (type) => listeners[type]?.forEach((listener) => listener()),
  };
  return client;
}

afterEach(() => vi.useRealTimers());

test("spec section 4: /sw.js; a new worker waiting while a controller exists flags the update; 'Update Now' sends SKIP_WAITING and reloads once it controls", async () => {
  const pwa = store();
  const client = fakeClient();
  const reload = vi.fn();
  const createClient = vi.fn(async () => client);
  await registerServiceWorker(pwa, { createClient, hasController: () => true, reload, logError: vi.fn() });
  expect(createClient).toHaveBeenCalledWith('/sw.js');
  expect(client.register).toHaveBeenCalledOnce();
  expect(pwa.getState().isUpdateAvailable).toBe(false);

  client.fire('waiting');
  expect(pwa.getState().isUpdateAvailable).toBe(true);
  expect(client.messageSkipWaiting).not.toHaveBeenCalled();

  pwa.applyUpdate();
  expect(client.messageSkipWaiting).toHaveBeenCalledOnce();
  expect(reload).not.toHaveBeenCalled();
  client.fire('controlling');
  expect(reload).toHaveBeenCalledOnce();
});

test('the first install (no controller yet) is not an update', async () => {
  const pwa = store();
  const client = fakeClient();
  await registerServiceWorker(pwa, { createClient: async () => client, hasController: () => false, reload: vi.fn(), logError: vi.fn() });
  client.fire('waiting');
  expect(pwa.getState().isUpdateAvailable).toBe(false);
});

test('a failed registration is only logged (spec section 8)', async () => {
  const pwa = store();
  const client = fakeClient();
  client.register = vi.fn(async () => Promise.reject(new Error('SecurityError')));
  const logError = vi.fn();
  await expect(registerServiceWorker(pwa, { createClient: async () => client, hasController: () => true, reload: vi.fn(), logError })).resolves.toBeUndefined();
  expect(logError).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
  expect(pwa.getState().isUpdateAvailable).toBe(false);
});

test('spec section 9: started on idle where idle callbacks exist, otherwise after 100 ms', () => {
  vi.useFakeTimers();
  const idle = vi.fn();
  const run = vi.fn();
  scheduleOnIdle(run, { setTimeout: globalThis.setTimeout, requestIdleCallback: idle } as unknown as Window);
  expect(idle).toHaveBeenCalledWith(run);
  expect(run).not.toHaveBeenCalled();

  const later = vi.fn();
  scheduleOnIdle(later, { setTimeout: globalThis.setTimeout } as unknown as Window);
  vi.advanceTimersByTime(MOBILE_APP_START_DELAY_MS - 1);
  expect(later).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(later).toHaveBeenCalledOnce();
  expect(MOBILE_APP_START_DELAY_MS).toBe(100);
});
