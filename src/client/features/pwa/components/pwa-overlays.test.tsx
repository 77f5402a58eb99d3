import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { ESSENTIAL_ONLY, saveConsent } from '@/client/lib/cookie-consent.ts';

// The first import transforms the banners' modules: slow on a busy machine, not a speed claim.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.resetModules();
  window.localStorage.clear();
  // The cookie choice was made (the install offer waits for it).
  saveConsent('essential-only', ESSENTIAL_ONLY);
});

async function renderOverlays() {
  // The banners are a lazy chunk: load it first so the assertions do not race the import.
  await import('./pwa-banners.tsx');
  const { PwaOverlays } = await import('./pwa-overlays.tsx');
  return render(<PwaOverlays />);
}

test("spec section 4: the offline event shows the exact offline text, the online event removes it", async () => {
  await renderOverlays();
  expect(screen.queryByRole('status')).toBeNull();
  act(() => void window.dispatchEvent(new Event('offline')));
  expect(await screen.findByRole('status', {}, { timeout: 10_000 })).toHaveTextContent("You're offline. Data will sync when connection is restored.");
  act(() => void window.dispatchEvent(new Event('online')));
  expect(screen.queryByRole('status')).toBeNull();
});

test("the install banner appears with the browser's prompt; 'Later' stores the dismissal and hides it for good", async () => {
  await renderOverlays();
  const prompt = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: vi.fn(async () => {}), userChoice: Promise.resolve({ outcome: 'accepted' }) });
  act(() => void window.dispatchEvent(prompt));
  expect(await screen.findByRole('region', { name: 'Install CIFER' }, { timeout: 10_000 })).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Later' }));
  expect(window.localStorage.getItem('pwa-install-dismissed')).toBe('true');
  expect(screen.queryByRole('region', { name: 'Install CIFER' })).toBeNull();
});

test("the close button dismisses too; 'Install' runs the prompt and an accepted prompt hides the banner", async () => {
  await renderOverlays();
  const prompt = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: vi.fn(async () => {}), userChoice: Promise.resolve({ outcome: 'accepted' }) });
  act(() => void window.dispatchEvent(prompt));
  await userEvent.click(await screen.findByRole('button', { name: 'Install' }, { timeout: 10_000 }));
  expect(prompt.prompt).toHaveBeenCalledOnce();
  expect(screen.queryByRole('region', { name: 'Install CIFER' })).toBeNull();
  expect(window.localStorage.getItem('pwa-install-dismissed')).toBeNull();

  vi.resetModules();
  const again = await import('./install-banner.tsx');
  const onDismiss = vi.fn();
  render(<again.InstallBanner mode="prompt" onInstall={vi.fn()} onDismiss={onDismiss} />);
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(onDismiss).toHaveBeenCalledOnce();
});

test("iOS Safari: the three steps of the spec, in order, and no Install button", async () => {
  const { InstallBanner, IOS_INSTALL_STEPS } = await import('./install-banner.tsx');
  render(<InstallBanner mode="ios" onInstall={vi.fn()} onDismiss={vi.fn()} />);
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Tap Share in Safari', "Tap 'Add to Home Screen'", "Tap 'Add'"]);
  expect(IOS_INSTALL_STEPS).toHaveLength(3);
  expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
});

test("'Update Available' with 'Update Now' calls the update", async () => {
  const { UpdateBanner } = await import('./update-banner.tsx');
  const onUpdate = vi.fn();
  render(<UpdateBanner onUpdate={onUpdate} />);
  expect(screen.getByRole('region', { name: 'Update Available' })).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Update Now' }));
  expect(onUpdate).toHaveBeenCalledOnce();
});

test('the install offer waits for the cookie choice, then appears', async () => {
  window.localStorage.clear();
  await renderOverlays();
  const prompt = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: vi.fn(async () => {}), userChoice: Promise.resolve({ outcome: 'accepted' }) });
  act(() => void window.dispatchEvent(prompt));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(screen.queryByRole('region', { name: 'Install CIFER' })).toBeNull();
  act(() => saveConsent('essential-only', ESSENTIAL_ONLY));
  expect(await screen.findByRole('region', { name: 'Install CIFER' }, { timeout: 10_000 })).toBeVisible();
});
