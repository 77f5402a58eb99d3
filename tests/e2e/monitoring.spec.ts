import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { SAMPLE_CLINIC_INPUT } from '../../src/engine/sample-inputs.ts';
import { createAccountBeforeStart, prepareOwnServer, startOwnServer } from '../support/own-server.ts';
import { signUpWithMfa } from '../support/sign-up-with-mfa.ts';
import { workerPort } from '../support/e2e-ports.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

const SHOTS = '.tmp/shots/monitoring';

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Creates and completes an assessment through the API from inside the page (same-origin, session cookie). */
async function completeAssessmentViaApi(page: Page, title: string) {
  return page.evaluate(
    async ({ input, title }) => {
      const json = { 'Content-Type': 'application/json' };
      const created = await fetch('/api/assessments', { method: 'POST', headers: json, body: JSON.stringify({ title, input }) });
      if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`);
      const { id } = (await created.json()) as { id: string };
      const completed = await fetch(`/api/assessments/${id}/complete`, { method: 'POST', headers: json, body: JSON.stringify({ seed: 11 }) });
      if (!completed.ok) throw new Error(`complete: ${completed.status} ${await completed.text()}`);
      return id;
    },
    { input: SAMPLE_CLINIC_INPUT, title },
  );
}

test('monitoring: complete an assessment, plan three recommendations, mark one done, re-score; trend and realised reduction follow', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUpWithMfa(page, `morgan-${Date.now()}@example.com`, { firstName: 'Morgan', lastName: 'Lead', company: 'Riverside Clinic' });
  await page.goto('/');
  const acceptCookies = page.getByRole('button', { name: 'Accept All' });
  if (await acceptCookies.isVisible().catch(() => false)) await acceptCookies.click();

  await completeAssessmentViaApi(page, 'Riverside — spring review');
  await page.goto('/monitoring');
  await expect(page.getByRole('heading', { name: 'Monitoring', level: 1 })).toBeVisible();
  await expect(page.getByText('not available yet')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Risk over time' })).toBeVisible();
  await expect(page.getByText('One completed assessment so far')).toBeVisible();
  // The chart's text alternative: the same numbers as a table.
  await page.getByText('Show the data as a table').click();
  const trendRows = page.getByRole('table', { name: 'Completed assessments over time' }).locator('tbody tr');
  await expect(trendRows).toHaveCount(1);

  const committed = page.getByTestId('committed-reduction');
  await expect(committed).toHaveText('$0/yr');
  const recommendations = page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem');
  const committedAfter: string[] = [];
  for (let i = 0; i < 3; i++) {
    const item = recommendations.first();
    const name = (await item.locator('p').first().textContent()) ?? '';
    await item.getByRole('button', { name: 'Add to plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to the action plan' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Due date').fill(`2031-0${i + 1}-15`);
    if (i === 0) await page.screenshot({ path: `${SHOTS}/01-accept-dialog.png` });
    await dialog.getByRole('button', { name: 'Add to plan' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Actions' }).getByRole('listitem', { name })).toBeVisible();
    await expect(committed).not.toHaveText(committedAfter.at(-1) ?? '$0/yr');
    committedAfter.push((await committed.textContent()) ?? '');
  }
  const actions = page.getByRole('list', { name: 'Actions' }).getByRole('listitem');
  await expect(actions).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/02-plan-three-actions.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'plan');

  // Mark the first action done: the committed reduction changes and a quick re-score is offered.
  const committedBefore = await committed.textContent();
  await actions.first().getByLabel('Status').selectOption('done');
  await expect(committed).not.toHaveText(committedBefore ?? '');
  await expect(page.getByTestId('done-awaiting')).not.toHaveText('$0/yr');
  await expect(page.getByRole('button', { name: 'Re-score now' })).toBeVisible();
  await expect(page.getByTestId('realised-reduction')).toHaveText('$0/yr');
  await page.screenshot({ path: `${SHOTS}/03-marked-done.png`, fullPage: true });

  // The second assessment: the quick re-score.
  await page.getByRole('button', { name: 'Re-score now' }).click();
  await expect(page.getByRole('button', { name: 'Re-score now' })).toBeHidden({ timeout: 20_000 });
  await expect(trendRows).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'What changed' })).toBeVisible();
  await expect(page.getByTestId('realised-reduction')).not.toHaveText('$0/yr');
  await expect(page.getByText(/Measured by the next assessment for 1 action/)).toBeVisible();
  await expect(page.getByTestId('next-due')).not.toHaveText('—');
  await page.getByRole('heading', { name: 'Risk over time' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/04-trend-two-points.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'after re-score');
  await expectNoHorizontalOverflow(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Risk over time' })).toBeVisible();
  await expect(page.getByTestId('realised-reduction')).not.toHaveText('$0/yr');
  await page.screenshot({ path: `${SHOTS}/05-monitoring-390.png`, fullPage: true });
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousAxeViolations(page, '390px');
});

const ADMIN_PASSWORD = 'Admin-Passphrase-Quartz-2025';

/** A server of its own on this worker's E2E_PORT block + 1 (ADR 241), with an administrator created by `user:create` before it starts (PGlite holds one process). */
async function startServerWithAdmin(adminEmail: string): Promise<{ url: string; stop(): void }> {
  const { url, env } = await prepareOwnServer({ name: 'monitoring', port: workerPort(1), env: { METRICS_TOKEN: 'e2e-metrics-token-0123456789abcdef0123' } });
  createAccountBeforeStart(env, { email: adminEmail, password: ADMIN_PASSWORD, role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  const { stop } = await startOwnServer(env);
  return { url, stop };
}

test('monitoring: an administrator also sees operational health (outbox, jobs, database, version, uptime); /metrics needs the token', async ({ page }) => {
  test.setTimeout(180_000);
  const adminEmail = `ada-${Date.now()}@example.com`;
  const { url, stop } = await startServerWithAdmin(adminEmail);
  try {
    const headers = { origin: url };
    expect((await page.request.get(`${url}/metrics`)).status()).toBe(401);
    expect((await page.request.get(`${url}/metrics`, { headers: { authorization: 'Bearer e2e-metrics-token-0123456789abcdef0123' } })).status()).toBe(200);
    const login = await page.request.post(`${url}/api/auth/login`, { headers, data: { email: adminEmail, password: ADMIN_PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    const setup = await page.request.post(`${url}/api/mfa/totp/setup`, { headers, data: {} });
    const { manualEntryKey } = (await setup.json()) as { manualEntryKey: string };
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualEntryKey), digits: 6, period: 30, algorithm: 'SHA1' });
    expect((await page.request.post(`${url}/api/mfa/totp/verify-setup`, { headers, data: { code: totp.generate() } })).status()).toBe(200);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${url}/monitoring`);
    const acceptCookies = page.getByRole('button', { name: 'Accept All' });
    if (await acceptCookies.isVisible().catch(() => false)) await acceptCookies.click();
    await expect(page.getByRole('heading', { name: 'Operational health' })).toBeVisible();
    await expect(page.getByTestId('ops-database')).toContainText('PGlite (embedded): reachable');
    await expect(page.getByText('Enabled (bearer token)')).toBeVisible();
    await expect(page.getByTestId('ops-outbox-backlog')).toBeVisible();
    await expect(page.getByText('0.1.0 (model')).toBeVisible();
    await page.getByRole('heading', { name: 'Operational health' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/06-ops-panel.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'ops');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: 'Operational health' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/07-ops-panel-390.png`, fullPage: true });
    await expectNoHorizontalOverflow(page);
  } finally {
    stop();
  }
});
