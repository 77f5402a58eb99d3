import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import * as OTPAuth from 'otpauth';
import { PNG } from 'pngjs';
import { currentCode, unusedCode } from '../support/totp-codes.ts';

const SHOTS = '.tmp/shots';

// page.route cannot see requests a service worker answers.
test.use({ serviceWorkers: 'block' });
const PASSWORD = 'Correct-Horse-Battery-9';

async function acceptCookies(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('cookie-consent', 'essential-only');
    localStorage.setItem('cookie-preferences', JSON.stringify({ essential: true, functional: false, analytics: false, security: true }));
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  });
}

async function apiPost(page: Page, url: string, data: unknown) {
  const origin = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin;
  const response = await page.request.post(url, { data, headers: { origin } });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return response;
}

function decodeQrDataUrl(dataUrl: string): string {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!decoded) throw new Error('QR code did not decode');
  return decoded.data;
}

test('acceptance 1+2: enrol with the manual key, QR matches the URI, backup codes download, then TOTP and single-use backup codes at login', async ({ page }) => {
  test.setTimeout(180_000);
  await acceptCookies(page);
  const email = `mfa-${Date.now()}@example.com`;

  // Signed out: the gate (on an MFA page) shows Log In to /api/login.
  await page.goto('/mfa-settings');
  await expect(page.getByText('Authentication Required', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/api/login');
  await page.screenshot({ path: `${SHOTS}/mfa-01-signed-out.png`, fullPage: true });

  await apiPost(page, '/api/auth/register', { email, password: PASSWORD, firstName: 'Mia', lastName: 'Factor', company: 'Acme Two Factor' });

  // Status loading: hold the status call so the state can be seen.
  let holdStatus = true;
  await page.route('**/api/mfa/status', async (route) => {
    if (holdStatus) await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByText('Checking security status...', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/mfa-02-checking.png`, fullPage: true });
  holdStatus = false;

  await expect(page.getByRole('heading', { name: 'Security Setup Required' })).toBeVisible();
  await expect(page.getByText('TOTP Disabled', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/mfa-03-setup-required.png`, fullPage: true });

  const setupResponse = page.waitForResponse((response) => response.url().endsWith('/api/mfa/totp/setup'));
  await page.getByRole('button', { name: 'Set Up TOTP' }).click();
  const { qrCodeUri } = (await (await setupResponse).json()) as { qrCodeUri: string };
  await expect(page.getByText('TOTP Setup Started', { exact: true })).toBeVisible();
  const qr = page.getByTestId('totp-qr-code');
  await expect(qr).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/mfa-04-setup-verify.png`, fullPage: true });

  // Acceptance 2: the QR image decodes to the same otpauth URI, 192 px.
  const src = (await qr.getAttribute('src'))!;
  expect(src.startsWith('data:image/png;base64,')).toBe(true);
  expect(decodeQrDataUrl(src)).toBe(qrCodeUri);
  expect(await qr.getAttribute('width')).toBe('192');

  // Read the key as a person would, and compute the code as an authenticator app does.
  const manualKey = ((await page.getByTestId('manual-entry-key').textContent()) ?? '').replace(/\s/g, '');
  expect(manualKey).toMatch(/^[A-Z2-7]{32}$/);
  expect(new URL(qrCodeUri).searchParams.get('secret')).toBe(manualKey);
  const authenticator = new OTPAuth.TOTP({ issuer: 'CIFER', label: email, secret: OTPAuth.Secret.fromBase32(manualKey), algorithm: 'SHA1', digits: 6, period: 30 });

  await page.getByRole('button', { name: 'Copy manual entry key' }).click();
  await expect(page.getByText('Text copied to clipboard', { exact: true }).or(page.getByText('Copy failed', { exact: true }))).toBeVisible();

  const verifyButton = page.getByRole('button', { name: 'Verify and Enable' });
  await page.getByLabel('Verification code').fill('12a34');
  await expect(page.getByLabel('Verification code')).toHaveValue('1234');
  await expect(verifyButton).toBeDisabled();
  // The code of the previous 30-second step, which the server still accepts (ADR 030): the current
  // step stays free for the log-in below, which then need not wait for the next one.
  await page.getByLabel('Verification code').fill(await unusedCode(authenticator));
  await expect(verifyButton).toBeEnabled();
  await verifyButton.click();
  await expect(page.getByText('Two-factor authentication is now active', { exact: true })).toBeVisible();

  const codes = (await page.getByTestId('backup-codes').locator('li').allTextContents()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await page.screenshot({ path: `${SHOTS}/mfa-05-setup-complete.png`, fullPage: true });

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('cifer-backup-codes.txt');
  const file = await readFile((await download.path())!, 'utf8');
  expect(file).toMatch(/Generated on: \d{4}-\d{2}-\d{2}/);
  for (const code of codes) expect(file.split('\n')).toContain(code);
  expect(file).toMatch(/only once/);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'Security Setup Required' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByTestId('mfa-verification-card')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/mfa-06-content.png`, fullPage: true });

  // Log out and in: the verification card appears; a fresh TOTP code works.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/auth');
  await apiPost(page, '/api/auth/login', { email, password: PASSWORD });
  await page.goto('/');
  await expect(page.getByText('Authentication Required', { exact: true })).toBeVisible();
  await expect(page.getByText('Secure Access Required', { exact: true })).toBeVisible();
  await expect(page.getByText('Having trouble? Contact support for assistance with account recovery.', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/mfa-07-verification-card.png`, fullPage: true });

  const verify = page.getByRole('button', { name: 'Verify', exact: true });
  await expect(verify).toBeDisabled();
  await page.getByLabel('Authentication code').fill(await unusedCode(authenticator));
  await verify.click();
  await expect(page.getByText('Verification Successful', { exact: true })).toBeVisible();
  await expect(page.getByTestId('mfa-verification-card')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // A backup code works once.
  const signInWithBackupCode = async (code: string) => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await apiPost(page, '/api/auth/login', { email, password: PASSWORD });
    await page.goto('/');
    await expect(page.getByText('Secure Access Required', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Backup Code' }).click();
    const input = page.getByRole('textbox', { name: 'Backup code' });
    await input.fill(code.toLowerCase().slice(0, 4) + '-' + code.slice(4));
    await expect(input).toHaveValue(code);
    await page.screenshot({ path: `${SHOTS}/mfa-08-backup-tab.png`, fullPage: true });
    await page.getByRole('button', { name: 'Verify Backup Code' }).click();
  };
  await signInWithBackupCode(codes[0]!);
  await expect(page.getByText('Authenticated via backup code', { exact: true })).toBeVisible();
  await expect(page.getByTestId('mfa-verification-card')).toBeHidden();
  await page.goto('/mfa-settings');
  await expect(page.getByTestId('backup-codes-remaining')).toHaveText('9');
  await page.screenshot({ path: `${SHOTS}/mfa-09-settings.png`, fullPage: true });

  await signInWithBackupCode(codes[0]!);
  await expect(page.getByText('Verification Failed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('mfa-verification-card')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/mfa-10-backup-reused.png`, fullPage: true });

  await page.getByRole('textbox', { name: 'Backup code' }).fill(codes[1]!);
  await page.getByRole('button', { name: 'Verify Backup Code' }).click();
  await expect(page.getByTestId('mfa-verification-card')).toBeHidden();
  await page.goto('/mfa-settings');
  await expect(page.getByTestId('backup-codes-remaining')).toHaveText('8');

  // The self-check page answers without using the code up.
  await page.goto('/mfa-test');
  await page.getByLabel('Authentication code').fill(await currentCode(authenticator));
  await page.getByRole('button', { name: 'Check Code' }).click();
  await expect(page.getByText('Code matches', { exact: true })).toBeVisible();
  await expect(page.getByText('Your device clock is in step with the server.', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/mfa-11-self-check.png`, fullPage: true });
});
