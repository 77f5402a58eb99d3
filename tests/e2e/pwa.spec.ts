import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { sharedServerClientDir, workerPort } from '../support/e2e-ports.ts';
import { signUpWithMfa } from '../support/sign-up-with-mfa.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

const SHOTS = '.tmp/shots/pwa';
const BASE_URL = `http://127.0.0.1:${workerPort(0)}`;
const OFFLINE_TEXT = "You're offline. Data will sync when connection is restored.";
/** The client build this worker's shared server serves (its own copy of dist/client, ADR 241). */
const DIST = sharedServerClientDir(workerPort(0));

const ORGANISATION = {
  name: 'Acme Health',
  industry: 'healthcare',
  employees: 150,
  annualRevenueUsd: 25_000_000,
  records: { personal: 35_000, health: 30_000, paymentCard: 0, consumerFinancial: 0 },
  holdsEuResidentsData: false,
  holdsCaliforniaResidentsData: false,
  isPubliclyTraded: false,
};
/** Every factor but the exposure page's (A1, A6, A7): those are answered offline. */
const ANSWERED_ONLINE = {
  M1: 'partial',
  M2: 'worst',
  M3: 'partial',
  M4: 'partial',
  M5: 'partial',
  M6: 'partial',
  M7: 'worst',
  M8: 'partial',
  M9: 'worst',
  M10: 'best',
  M11: 'partial',
  A2: 'partial',
  A3: 'partial',
  A4: 'partial',
  A5: 'partial',
  A8: 'worst',
};

interface Assessment {
  id: string;
  title: string;
  status: string;
  updatedAt: string;
  input: { factors?: Record<string, string> };
  result: { annualizedLoss?: unknown } | null;
}

const headers = { origin: BASE_URL };

async function createDraftAtExposure(request: APIRequestContext, title: string): Promise<Assessment> {
  const created = await request.post(`${BASE_URL}/api/assessments`, {
    headers,
    data: { title, input: { organisation: ORGANISATION, frameworks: {}, factors: ANSWERED_ONLINE } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as Assessment;
  const moved = await request.patch(`${BASE_URL}/api/assessments/${id}`, { headers, data: { currentStep: 'exposure' } });
  expect(moved.status(), await moved.text()).toBe(200);
  return (await moved.json()) as Assessment;
}

async function getAssessment(request: APIRequestContext, id: string): Promise<Assessment> {
  const response = await request.get(`${BASE_URL}/api/assessments/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Assessment;
}

/** The worker is active and controls the page: the app shell and every chunk are precached. */
async function waitForControllingWorker(page: Page) {
  await expect
    .poll(
      async () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { active: registration?.active?.state ?? null, controlled: navigator.serviceWorker.controller?.scriptURL ?? null };
        }),
      { timeout: 30_000 },
    )
    .toEqual({ active: 'activated', controlled: `${BASE_URL}/sw.js` });
}

async function acceptCookies(page: Page) {
  const accept = page.getByRole('button', { name: 'Accept All' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

async function signedInPage(context: BrowserContext, email: string): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${BASE_URL}/`);
  await signUpWithMfa(page, email, { firstName: 'Olive', lastName: 'Offline', company: 'Acme Health' });
  await page.goto(`${BASE_URL}/`);
  await acceptCookies(page);
  await expect(page.getByTestId('current-user-email').first()).toHaveText(email);
  return page;
}

async function answerByClick(page: Page, factorId: string, optionIndex: number) {
  const option = page.locator(`input[name="factor-${factorId}"]`).nth(optionIndex);
  await option.check();
  await expect(option).toBeChecked();
}

test('acceptance 1: installable with no installability errors, the worker active and controlling, and an offline reload renders the signed-in shell', async () => {
  test.setTimeout(120_000);
  const userDataDir = `.tmp/pwa-profile-${Date.now()}`;
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 390, height: 844 },
  });
  try {
    const email = `olive-${Date.now()}@example.com`;
    const page = await signedInPage(context, email);
    await waitForControllingWorker(page);

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${BASE_URL}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);

    await context.setOffline(true);
    // The page's requests really fail while offline, through the worker too.
    expect(
      await page.evaluate(() =>
        fetch('/api/auth/user').then(
          () => 'reached the server',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    await page.reload();
    await expect(page.getByTestId('current-user-email').first()).toHaveText(email);
    await expect(page.getByRole('heading', { name: 'Risk Assessment', level: 1 })).toBeVisible();
    // Chromium's network emulation leaves navigator.onLine true in a document loaded while
    // emulated offline (a real offline device reports false); the banner follows the offline
    // event, so the emulation is toggled to deliver one to this document.
    await context.setOffline(false);
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
    await expect(page.getByTestId('current-user-email').first()).toHaveText(email);
    // The page says why the list is missing instead of spinning.
    await expect(page.getByRole('status').filter({ hasText: 'cannot be loaded right now' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/offline-reload-390.png`, fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Nothing personal is kept in Cache Storage: only the precached app files.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(10);
    expect(cached.filter((url) => url.startsWith('/api'))).toEqual([]);
    await context.setOffline(false);
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

test('acceptance 2: offline mid-assessment, finish the questions, results computed on the device, back online it syncs and appears in history', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `dana-${Date.now()}@example.com`;
  await signedInPage(context, email);
  await waitForControllingWorker(page);
  const draft = await createDraftAtExposure(page.request, 'Offline journey');
  await page.goto(`${BASE_URL}/?id=${draft.id}`);
  await expect(page.getByRole('heading', { name: 'Exposure', level: 2 })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
  await answerByClick(page, 'A1', 1);
  await answerByClick(page, 'A6', 2);
  await answerByClick(page, 'A7', 1);
  await expect(page.getByTestId('save-status')).toContainText('Saved on this device; will sync when the connection returns');
  await page.getByRole('button', { name: 'Next: Review' }).click();
  await page.getByRole('button', { name: 'Calculate my results' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Computed on this device, not saved yet' })).toBeVisible();
  await expect(page.getByTestId('on-device-results')).toContainText('$');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/offline-results.png`, fullPage: false });
  await expectNoSeriousAxeViolations(page, 'on-device results with the offline banner');
  // Nothing reached the server yet.
  expect((await getAssessment(page.request, draft.id)).status).toBe('draft');

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toHaveCount(0);
  await expect(page.getByTestId('on-device-results')).toHaveCount(0, { timeout: 20_000 });
  const saved = await getAssessment(page.request, draft.id);
  expect(saved.status).toBe('completed');
  expect(saved.input.factors).toMatchObject({ ...ANSWERED_ONLINE, A1: expect.any(String), A6: expect.any(String), A7: expect.any(String) });
  await page.screenshot({ path: `${SHOTS}/synced-results.png`, fullPage: false });

  await page.goto(`${BASE_URL}/history`);
  await expect(page.getByRole('link', { name: 'Offline journey' }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/history-after-sync.png`, fullPage: false });
});

test('acceptance 2: a conflicting edit on the server meanwhile asks the user instead of overwriting', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInPage(context, `erin-${Date.now()}@example.com`);
  await waitForControllingWorker(page);
  const draft = await createDraftAtExposure(page.request, 'Conflict journey');
  await page.goto(`${BASE_URL}/?id=${draft.id}`);
  await expect(page.getByRole('heading', { name: 'Exposure', level: 2 })).toBeVisible();

  await context.setOffline(true);
  await answerByClick(page, 'A1', 2);
  await expect(page.getByTestId('save-status')).toContainText('Saved on this device');

  // Meanwhile a colleague's change lands on the server (the API context is not the offline page).
  const elsewhere = await page.request.patch(`${BASE_URL}/api/assessments/${draft.id}`, {
    headers,
    data: { input: { organisation: ORGANISATION, frameworks: {}, factors: { ...ANSWERED_ONLINE, A1: 'best' } } },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);

  await context.setOffline(false);
  const dialog = page.getByRole('dialog', { name: 'This assessment changed while you were offline' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/conflict-390.png`, fullPage: false });
  await expectNoSeriousAxeViolations(page, 'conflict dialog');
  // Not overwritten while the user decides.
  expect((await getAssessment(page.request, draft.id)).input.factors?.A1).toBe('best');

  await dialog.getByRole('button', { name: 'Keep the server version' }).click();
  await expect(dialog).toHaveCount(0);
  // The server's answer ('best', the first option) is back on screen; the offline one is gone.
  await expect(page.locator('input[name="factor-A1"]').nth(0)).toBeChecked();
  await expect(page.locator('input[name="factor-A1"]').nth(2)).not.toBeChecked();
  expect((await getAssessment(page.request, draft.id)).input.factors?.A1).toBe('best');
});

test('acceptance 3: serving a new build shows Update Available; Update Now activates it and reloads into it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${BASE_URL}/`);
  await acceptCookies(page);
  await waitForControllingWorker(page);
  await expect(page.getByRole('region', { name: 'Update Available' })).toHaveCount(0);

  // A new build: index.html changes, so the worker's precache manifest (its revision) changes.
  const backup = `${DIST}-pwa-update-backup`;
  rmSync(backup, { recursive: true, force: true });
  // Timestamps are kept so scripts/ensure-build.mjs still sees the restored build as the sources' age.
  const files = ['index.html', 'index.html.br', 'index.html.gz', 'sw.js'];
  for (const file of files) if (existsSync(join(DIST, file))) cpSync(join(DIST, file), `${backup}-${file}`, { preserveTimestamps: true });
  try {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8').replace('<head>', '<head><meta name="cifer-build" content="e2e-update">');
    writeFileSync(join(DIST, 'index.html'), html);
    rmSync(join(DIST, 'index.html.br'), { force: true });
    rmSync(join(DIST, 'index.html.gz'), { force: true });
    const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
    const updated = sw.replace(
      /(\{url:"index\.html",revision:")([0-9a-f]+)(")/,
      (_m, a: string, _rev: string, c: string) => `${a}e2e-update-${Date.now()}${c}`,
    );
    expect(updated).not.toBe(sw);
    writeFileSync(join(DIST, 'sw.js'), updated);

    await page.reload();
    const banner = page.getByRole('region', { name: 'Update Available' });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/update-available.png`, fullPage: false });
    await expectNoSeriousAxeViolations(page, 'update banner');
    expect(await page.locator('meta[name="cifer-build"]').count()).toBe(0);

    await Promise.all([page.waitForEvent('framenavigated'), banner.getByRole('button', { name: 'Update Now' }).click()]);
    await expect(page.locator('meta[name="cifer-build"]')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Update Available' })).toHaveCount(0);
  } finally {
    for (const file of files) {
      const saved = `${backup}-${file}`;
      if (existsSync(saved)) renameSync(saved, join(DIST, file));
    }
  }
});

test.describe('logout', () => {
  // Request interception must see the API calls, so no service worker in between here.
  test.use({ serviceWorkers: 'block' });

  test('logout wipes the offline data of the device: the queue in IndexedDB, the browser drafts and the signed-in marker', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await signedInPage(context, `fay-${Date.now()}@example.com`);
    const draft = await createDraftAtExposure(page.request, 'Left on the device');
    await page.goto(`${BASE_URL}/?id=${draft.id}`);
    await expect(page.getByRole('heading', { name: 'Exposure', level: 2 })).toBeVisible();
    await context.setOffline(true);
    await answerByClick(page, 'A1', 1);
    await expect(page.getByTestId('save-status')).toContainText('Saved on this device');
    const countQueued = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('cifer-offline');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const request = open.result.transaction('assessment-outbox').objectStore('assessment-outbox').count();
              request.onsuccess = () => {
                resolve(request.result);
                open.result.close();
              };
            };
          }),
      );
    expect(await countQueued()).toBe(1);
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('cifer.'))
          .sort(),
      ),
    ).toEqual([`cifer.assessment-draft.${draft.id}`, 'cifer.offline-session']);

    // The change could not be sent yet; the user logs out once the connection is back, before the sync
    // has a chance (the sync is held back so the queue is still there at logout).
    await page.route('**/api/assessments/**', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page).toHaveURL(`${BASE_URL}/auth`);
    expect(await countQueued()).toBe(0);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('cifer.')))).toEqual([]);
  });
});
