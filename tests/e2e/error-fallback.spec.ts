import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/**
 * The spec's error fallback (section 2, "normal → error screen → Try Again → normal") and loading
 * overlay, made to appear in the browser: a lazy page chunk that fails to load, and a session check
 * that takes its time. The fallback reports the crash to the server before it says the team was
 * told, shows no internals, and offers a reload first when a script is missing (ADR 281).
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-install';
const AUTH_PAGE_CHUNK = /\/assets\/auth-page-[^/]*\.js$/;

// Requests must reach page.route, not the service worker's precache.
test.use({ serviceWorkers: 'block' });

test('a page chunk that fails to load shows the error fallback; Go Home, Try Again and Reload Page each lead back to a working page', async ({
  page,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await page.route(AUTH_PAGE_CHUNK, (route) => route.abort('failed'));
  const landingHeading = page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Something went wrong' });
  const fallback = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Something went wrong', level: 1 }) });
  const { supportEmail } = (await (await request.get('/api/client-config')).json()) as { supportEmail: string };
  const reported = page.waitForResponse((response) => response.url().endsWith('/api/client-errors') && response.request().method() === 'POST');
  await page.goto('/auth');

  await expect(fallback).toBeVisible();
  // The server got the report (kind chunk_load, the page's path only) before the screen says the team knows.
  const report = await reported;
  expect(report.status()).toBe(202);
  expect(report.request().postDataJSON()).toMatchObject({ kind: 'chunk_load', path: '/auth' });
  await expect(fallback).toContainText("We're sorry, but something unexpected happened. Our team has been notified.");
  // No internals: the page is told a newer version exists, not the browser's raw message.
  await expect(fallback).toContainText('Part of this page could not be loaded, usually because a new version of CIFER was released. Reload the page to continue.');
  await expect(fallback).not.toContainText(/dynamically imported module|Importing a module script failed|http:|\/assets\//);
  await expect(fallback.getByText('Technical details')).toHaveCount(0);
  // The operator's address (SUPPORT_EMAIL), as the server serves it.
  await expect(fallback).toContainText(`If the problem continues, please contact support at ${supportEmail}.`);
  await expect(fallback.getByRole('link', { name: supportEmail })).toHaveAttribute('href', `mailto:${supportEmail}`);
  // Reload first: that is what fixes a page older than the deployment.
  await expect(fallback.getByRole('button')).toHaveText(['Reload Page', 'Try Again', 'Go Home']);
  await page.screenshot({ path: `${SHOTS}/error-fallback.png` });
  const width = page.viewportSize()?.width ?? 1280;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/error-fallback-390.png`, fullPage: true });
  await page.setViewportSize({ width, height: 800 });
  expect(uncaught).toEqual([]);

  // Go Home: to '/', whose page loads.
  await fallback.getByRole('button', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(landingHeading).toBeVisible();
  await expect(fallback).toHaveCount(0);

  // Try Again clears the error state without a reload: a page that can render comes back.
  await page.goto('/auth');
  await expect(fallback).toBeVisible();
  const marker = await page.evaluate(() => ((window as unknown as { stayed: number }).stayed = Date.now()));
  await page.evaluate(() => window.history.replaceState(null, '', '/'));
  await fallback.getByRole('button', { name: 'Try Again' }).click();
  await expect(fallback).toHaveCount(0);
  await expect(landingHeading).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: number }).stayed)).toBe(marker);

  // Reload Page: once the chunk can load again, the same address works.
  await page.goto('/auth');
  await expect(fallback).toBeVisible();
  await page.unroute(AUTH_PAGE_CHUNK);
  await fallback.getByRole('button', { name: 'Reload Page' }).click();
  await expect(page.getByLabel('Email').first()).toBeVisible();
  await expect(fallback).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth$/);
});

test('a hashed asset the server does not have answers 404, not the app page', async ({ request }) => {
  const response = await request.get('/assets/auth-page-0ld0ld0ld.js');
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain('<!doctype html>');
  expect((await request.get('/no-such-page')).status()).toBe(200);
});

test('the loading overlay covers the page while the session check is on its way, with the spec texts, then gives way', async ({
  page,
  context,
  baseURL,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  // The "a session may exist" hint makes the app ask the server who is signed in (there is no session: the answer is 401).
  await context.addCookies([{ name: 'cifer_signed_in', value: '1', url: baseURL ?? '' }]);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/user', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const overlay = page.getByRole('status').filter({ hasText: 'Please wait while we prepare your experience' });
  await expect(overlay).toBeVisible();
  await expect(overlay).toContainText('Initializing secure session...');
  // It covers the whole window.
  const box = await overlay.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport ? [box.width, box.height] : null).toEqual(viewport ? [viewport.width, viewport.height] : null);
  await page.screenshot({ path: `${SHOTS}/loading-overlay.png` });
  release();
  await expect(overlay).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
});
