import { describe, expect, test, vi } from 'vitest';
import { INSTALL_DISMISSED_KEY } from './install-dismissal.ts';
import { detectPlatform } from './platform.ts';
import { createPwaStore, INSTALL_ERRORS, type BeforeInstallPromptEvent, type PwaWindow } from './pwa-store.ts';

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function fakeWindow({ userAgent = CHROME_LINUX, standalone = false, maxTouchPoints = 0, onLine = true } = {}) {
  const target = new EventTarget();
  const values = new Map<string, string>();
  const localStorage = { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) } as Storage;
  const win: PwaWindow = {
    addEventListener: target.addEventListener.bind(target) as PwaWindow['addEventListener'],
    matchMedia: ((query: string) => ({ matches: standalone && query === '(display-mode: standalone)' })) as unknown as Window['matchMedia'],
    navigator: { userAgent, maxTouchPoints, onLine, serviceWorker: {} } as unknown as Navigator,
    localStorage,
  };
  return { win, target, values };
}

function installPrompt(outcome: 'accepted' | 'dismissed' | 'throws' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  Object.assign(event, {
    prompt: vi.fn(async () => {
      if (outcome === 'throws') throw new Error('The prompt() method must be called with a user gesture');
    }),
    userChoice: Promise.resolve({ outcome: outcome === 'throws' ? 'dismissed' : outcome }),
  });
  return event;
}

describe('platform (spec section 3: ios, android, desktop, unknown)', () => {
  test.each([
    [CHROME_ANDROID, 0, 'android'],
    [SAFARI_IPHONE, 5, 'ios'],
    [IPAD_DESKTOP_MODE, 5, 'ios'],
    [IPAD_DESKTOP_MODE, 0, 'desktop'],
    [CHROME_LINUX, 0, 'desktop'],
    ['SomeBot/1.0', 0, 'unknown'],
  ] as const)('%s with %d touch points is %s', (ua, touch, platform) => {
    expect(detectPlatform(ua, touch)).toBe(platform);
  });
});

describe('install state (spec section 4)', () => {
  test('installable once the browser offers a prompt (its own infobar suppressed); accepted makes it installed', async () => {
    const { win, target } = fakeWindow({ userAgent: CHROME_ANDROID });
    const store = createPwaStore(win);
    expect(store.getState()).toMatchObject({ isInstallable: false, isInstalled: false, isSupported: true, platform: 'android' });
    const event = installPrompt('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(store.getState().isInstallable).toBe(true);
    await expect(store.promptInstall()).resolves.toBe('accepted');
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(store.getState()).toMatchObject({ isInstallable: false, isInstalled: true });
  });

  test("without a prompt: 'No install prompt available'; a prompt that throws: 'Install prompt failed' (spec section 8)", async () => {
    const { win, target } = fakeWindow();
    const store = createPwaStore(win);
    await expect(store.promptInstall()).rejects.toThrow(INSTALL_ERRORS.noPrompt);
    expect(INSTALL_ERRORS).toEqual({ noPrompt: 'No install prompt available', failed: 'Install prompt failed' });
    target.dispatchEvent(installPrompt('throws'));
    await expect(store.promptInstall()).rejects.toThrow('Install prompt failed');
    // A prompt is used once: a second try has none.
    await expect(store.promptInstall()).rejects.toThrow('No install prompt available');
    expect(store.getState().isInstalled).toBe(false);
  });

  test('a dismissed prompt is no longer installable but not installed', async () => {
    const { win, target } = fakeWindow();
    const store = createPwaStore(win);
    target.dispatchEvent(installPrompt('dismissed'));
    await expect(store.promptInstall()).resolves.toBe('dismissed');
    expect(store.getState()).toMatchObject({ isInstallable: false, isInstalled: false });
  });

  test('installed from the app-installed event, or from standalone display mode at start', () => {
    const first = fakeWindow();
    const store = createPwaStore(first.win);
    const seen: boolean[] = [];
    store.subscribe(() => seen.push(store.getState().isInstalled));
    first.target.dispatchEvent(new Event('appinstalled'));
    expect(seen).toEqual([true]);
    expect(createPwaStore(fakeWindow({ standalone: true }).win).getState().isInstalled).toBe(true);
  });

  test("'Later' or close stores pwa-install-dismissed = 'true', read back by the next page", () => {
    const { win, values } = fakeWindow();
    const store = createPwaStore(win);
    store.dismissInstall();
    expect(values.get(INSTALL_DISMISSED_KEY)).toBe('true');
    expect(INSTALL_DISMISSED_KEY).toBe('pwa-install-dismissed');
    expect(store.getState().isInstallDismissed).toBe(true);
    expect(createPwaStore(win).getState().isInstallDismissed).toBe(true);
  });

  test('iOS Safari gets the manual steps; Chrome on iOS cannot add to the home screen', () => {
    expect(createPwaStore(fakeWindow({ userAgent: SAFARI_IPHONE, maxTouchPoints: 5 }).win).getState()).toMatchObject({ platform: 'ios', canShowIosSteps: true });
    expect(createPwaStore(fakeWindow({ userAgent: CHROME_IPHONE, maxTouchPoints: 5 }).win).getState().canShowIosSteps).toBe(false);
    expect(createPwaStore(fakeWindow({ userAgent: SAFARI_IPHONE, maxTouchPoints: 5, standalone: true }).win).getState().canShowIosSteps).toBe(false);
  });
});

test('connectivity follows the online and offline events (spec section 4)', () => {
  const { win, target } = fakeWindow({ onLine: false });
  const store = createPwaStore(win);
  expect(store.getState().isOnline).toBe(false);
  target.dispatchEvent(new Event('online'));
  expect(store.getState().isOnline).toBe(true);
  target.dispatchEvent(new Event('offline'));
  expect(store.getState().isOnline).toBe(false);
});
