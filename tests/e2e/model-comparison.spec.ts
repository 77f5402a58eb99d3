import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectNoHorizontalOverflow } from '../support/no-horizontal-overflow.ts';
import { prepareOwnServer, startOwnServer } from '../support/own-server.ts';
import { ENGINE_VERSION } from '../../src/engine/engine-version.ts';
import { workerPort } from '../support/e2e-ports.ts';

const SHOTS = '.tmp/shots/model-comparison';
const PASSWORD = 'Riverside-Passphrase-Quartz-2025';

/**
 * A server of its own on this worker's E2E_PORT block + 1 (ADR 241) whose data folder holds an assessment completed on model
 * 1.0.0, written before the server starts (the embedded database holds one process, ADR 174).
 */
async function startServerWithModel1Assessment(email: string): Promise<{ url: string; stop(): void; assessmentId: string }> {
  const { url, env } = await prepareOwnServer({ name: 'model-comparison', port: workerPort(1) });
  const assessmentId = execFileSync('node_modules/.bin/tsx', ['tests/support/seed-model1-assessment.ts'], { env: { ...env, SEED_EMAIL: email, SEED_PASSWORD: PASSWORD }, encoding: 'utf8' }).trim();
  const { stop } = await startOwnServer(env);
  return { url, stop, assessmentId };
}

test('an assessment completed on model 1.0.0 opens with its original figures labelled model 1.0.0, and shows the current model beside them on request', async ({ page }) => {
  test.setTimeout(240_000);
  const email = `morgan-${Date.now()}@example.com`;
  const { url, stop, assessmentId } = await startServerWithModel1Assessment(email);
  try {
    const headers = { origin: url };
    const login = await page.request.post(`${url}/api/auth/login`, { headers, data: { email, password: PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    const setup = await page.request.post(`${url}/api/mfa/totp/setup`, { headers, data: {} });
    const { manualEntryKey } = (await setup.json()) as { manualEntryKey: string };
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualEntryKey), digits: 6, period: 30, algorithm: 'SHA1' });
    expect((await page.request.post(`${url}/api/mfa/totp/verify-setup`, { headers, data: { code: totp.generate() } })).status()).toBe(200);
    const stored = (await (await page.request.get(`${url}/api/assessments/${assessmentId}`)).json()) as { engineVersion: string; result: { annualLoss: { expectedUsd: number } } };
    expect(stored.engineVersion).toBe('1.0.0');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${url}/history/${assessmentId}`);
    const acceptCookies = page.getByRole('button', { name: 'Accept All' });
    if (await acceptCookies.isVisible().catch(() => false)) await acceptCookies.click();

    // The original figures, labelled with the model that computed them (the fixture's $407,778 → "$407.8K").
    const panel = page.getByTestId('older-model-result');
    await expect(panel.getByTestId('model-version-label')).toHaveText('model 1.0.0');
    await expect(panel.getByTestId('stored-ale')).toHaveText('$407.8K');
    await expect(panel).toContainText('as model 1.0.0 of the risk model computed them');
    await page.screenshot({ path: `${SHOTS}/01-stored-model-1.png`, fullPage: true });

    await page.getByRole('button', { name: /Compare with the current model/ }).click();
    const comparison = page.getByTestId('model-comparison');
    await expect(comparison).toBeVisible({ timeout: 60_000 });
    await expect(comparison.getByRole('columnheader', { name: 'Model 1.0.0 (as stored)' })).toBeVisible();
    await expect(comparison.getByRole('columnheader', { name: `Model ${ENGINE_VERSION} (current)` })).toBeVisible();
    await expect(comparison.getByTestId('stored-ale')).toHaveText('$407.8K');
    await expect(comparison.getByTestId('current-ale')).not.toHaveText('$407.8K');
    for (const id of ['range', 'probability', 'cost-if-it-happens']) await expect(comparison.getByTestId(`current-${id}`)).toHaveText(/\d/);
    await expect(page.getByTestId('model-comparison-explanation')).toContainText('because the model changed, not your answers');
    await page.getByTestId('model-comparison').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/02-both-models.png`, fullPage: true });
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // The stored result is unchanged by the re-run.
    const after = (await (await page.request.get(`${url}/api/assessments/${assessmentId}`)).json()) as typeof stored;
    expect(after.engineVersion).toBe('1.0.0');
    expect(after.result.annualLoss.expectedUsd).toBe(stored.result.annualLoss.expectedUsd);

    // The assessment workspace (/?id=) shows the same labelled figures instead of the what-if, which would compare two models.
    await page.goto(`${url}/?id=${assessmentId}`);
    await expect(page.getByTestId('older-model-result').getByTestId('model-version-label')).toHaveText('model 1.0.0');
    await expect(page.getByTestId('older-model-result').getByTestId('stored-ale')).toHaveText('$407.8K');
    await page.getByRole('button', { name: /Compare with the current model/ }).click();
    await expect(page.getByTestId('model-comparison')).toBeVisible({ timeout: 60_000 });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(comparison).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/03-both-models-390.png`, fullPage: true });
    await expectNoHorizontalOverflow(page, 'model comparison at 390px');
  } finally {
    stop();
  }
});
