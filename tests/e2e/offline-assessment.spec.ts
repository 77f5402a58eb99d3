import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, answerBusinessQuestions, fillProfile } from '../support/business-leader.ts';
import { signUpWithMfa } from '../support/sign-up-with-mfa.ts';

/**
 * ADR 304: a brand-new assessment started, answered and calculated with no connection; back online
 * it is created under the device's id, completed, and shown with the server's result, with no
 * 409 and no error in the console, and nothing is sent after the completion.
 */

const SHOTS = '/tmp/shots-install';
const OFFLINE_TEXT = "You're offline. Data will sync when connection is restored.";

interface AssessmentListItem {
  id: string;
  title: string;
  status: string;
  summary: { aleUsd: number } | null;
}

/** The worker is active and controls the page: every lazy chunk can load with no connection. */
async function waitForControllingWorker(page: Page) {
  await expect
    .poll(
      async () =>
        page.evaluate(
          async () =>
            (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated' && navigator.serviceWorker.controller !== null,
        ),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
}

/** Every /api call the page makes, with its answer, and every console error, from `since` on. */
function recordTraffic(page: Page) {
  const calls: { method: string; path: string; status: number; at: number }[] = [];
  const consoleErrors: { text: string; at: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/'))
      calls.push({ method: response.request().method(), path: url.pathname, status: response.status(), at: Date.now() });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push({ text: message.text(), at: Date.now() });
  });
  return { calls, consoleErrors };
}

test('a new business assessment started, answered and calculated offline syncs with its result, without a 409, console errors or a save after completion', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUpWithMfa(page, `otto-${Date.now()}@example.com`, { firstName: 'Otto', lastName: 'Offline', company: 'Harbour Dental' });
  await page.goto('/');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { name: 'Start an assessment' })).toBeVisible();
  await waitForControllingWorker(page);
  const traffic = recordTraffic(page);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
  await page.getByRole('button', { name: 'Start the 10-minute assessment' }).click();
  await expect(page.getByRole('heading', { name: 'Your organisation' })).toBeVisible();
  await fillProfile(page);
  await page.getByRole('button', { name: 'Next: the questions' }).click();
  await answerBusinessQuestions(page);
  await expect(page.getByTestId('save-status')).toContainText('Saved on this device; will sync when the connection returns');
  await page.getByRole('button', { name: 'Calculate my results' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Computed on this device, not saved yet' })).toBeVisible();
  await expect(page.getByTestId('on-device-results')).toContainText('$');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/offline-new-assessment-on-device.png` });
  // Nothing reached the server: the page's API context is not offline.
  const before = (await (await page.request.get('/api/assessments?page=1&pageSize=50')).json()) as { items: AssessmentListItem[] };
  expect(before.items).toEqual([]);

  // The figure computed on the device is the one the synced result shows: same engine, seed and simulated years.
  const offlineAle = (await page.getByTestId('ale').textContent()) ?? '';
  const onlineAt = Date.now();
  await context.setOffline(false);
  await expect(page.getByTestId('on-device-results')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('ale')).toContainText('$', { timeout: 20_000 });
  await expect(page.getByTestId('ale')).toHaveText(offlineAle);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/offline-new-assessment-synced.png` });

  const after = (await (await page.request.get('/api/assessments?page=1&pageSize=50')).json()) as { items: AssessmentListItem[] };
  expect(after.items).toHaveLength(1);
  expect(after.items[0]).toMatchObject({ status: 'completed', title: expect.stringContaining('Harbour Dental') });
  expect(after.items[0]?.summary?.aleUsd).toBeGreaterThan(0);
  const id = after.items[0]?.id ?? '';
  // Created under the device's id, answers saved, then completed: in that order, once each.
  const writes = traffic.calls.filter((call) => call.method !== 'GET');
  expect(writes.map((call) => `${call.method} ${call.path} ${call.status}`)).toEqual([
    'POST /api/assessments 201',
    `PATCH /api/assessments/${id} 200`,
    `POST /api/assessments/${id}/complete 200`,
  ]);

  // Nothing is saved after the completion, even once the page has settled.
  await page.waitForTimeout(1500);
  const completedAt = traffic.calls.find((call) => call.path.endsWith('/complete'))?.at ?? 0;
  expect(traffic.calls.filter((call) => call.method === 'PATCH' && call.at > completedAt)).toEqual([]);
  expect(traffic.calls.filter((call) => call.status === 409)).toEqual([]);
  // Offline, the browser itself reports the failed requests of other features; once online, no error at all.
  expect(traffic.consoleErrors.filter((error) => error.at >= onlineAt).map((error) => error.text)).toEqual([]);
  expect(traffic.consoleErrors.filter((error) => !error.text.includes('ERR_INTERNET_DISCONNECTED')).map((error) => error.text)).toEqual([]);
});

test('the installed app opened with no connection still starts a new assessment, calculates it on the device, and syncs it when back online', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUpWithMfa(page, `cora-${Date.now()}@example.com`, { firstName: 'Cora', lastName: 'Cold', company: 'Quay Dental' });
  await page.goto('/');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { name: 'Start an assessment' })).toBeVisible();
  await waitForControllingWorker(page);

  // A page opened while offline: the service worker serves the app, the list cannot load.
  await context.setOffline(true);
  const cold = await context.newPage();
  await page.close();
  await cold.setViewportSize({ width: 1280, height: 900 });
  await cold.goto('/');
  await expect(cold.getByRole('status').filter({ hasText: 'You can still start a new one below' })).toBeVisible();
  await cold.getByRole('button', { name: 'Start the 10-minute assessment' }).click();
  await expect(cold.getByRole('heading', { name: 'Your organisation' })).toBeVisible();
  await fillProfile(cold);
  await cold.getByRole('button', { name: 'Next: the questions' }).click();
  await answerBusinessQuestions(cold);
  await cold.getByRole('button', { name: 'Calculate my results' }).click();
  await expect(cold.getByTestId('on-device-results')).toContainText('$');
  await cold.evaluate(() => window.scrollTo(0, 0));
  await cold.screenshot({ path: `${SHOTS}/offline-cold-start-on-device.png` });

  await context.setOffline(false);
  await expect(cold.getByTestId('on-device-results')).toHaveCount(0, { timeout: 20_000 });
  await expect(cold.getByTestId('ale')).toContainText('$', { timeout: 20_000 });
  const after = (await (await cold.request.get('/api/assessments?page=1&pageSize=50')).json()) as { items: AssessmentListItem[] };
  expect(after.items.map((item) => [item.status, item.title.includes('Harbour Dental')])).toEqual([['completed', true]]);
});
