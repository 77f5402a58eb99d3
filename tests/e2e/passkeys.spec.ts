import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectNoHorizontalOverflow, PHONE_VIEWPORT } from '../support/no-horizontal-overflow.ts';
import { prepareOwnServer, startOwnServer } from '../support/own-server.ts';
import { E2E_PASSWORD } from '../support/sign-up-with-mfa.ts';
import { workerPort } from '../support/e2e-ports.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

const SHOTS = '.tmp/shots';
const DESKTOP_VIEWPORT = { width: 1280, height: 900 } as const;

// page.route and request events cannot see requests a service worker answers.
test.use({ serviceWorkers: 'block' });

/**
 * WebAuthn refuses an IP address as the relying party id, and the suite's server answers on
 * 127.0.0.1: this journey runs on a server of its own, this worker's E2E_PORT block + 3 (ADR 241), whose APP_URL is localhost.
 */
async function startLocalhostServer(): Promise<{ url: string; stop(): void }> {
  const { url, env } = await prepareOwnServer({ name: 'passkeys', port: workerPort(3), hostname: 'localhost' });
  const { stop } = await startOwnServer(env);
  return { url, stop };
}

/** Chromium's virtual authenticator: a platform authenticator with resident keys that always verifies the user. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function acceptCookies(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('cookie-consent', 'essential-only');
    localStorage.setItem('cookie-preferences', JSON.stringify({ essential: true, functional: false, analytics: false, security: true }));
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  });
}

/** Signs up and enrols TOTP through the API on `url` (cookies land in the page's context), as an authenticator app would. */
async function signUpWithTotp(page: Page, url: string, email: string) {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(`${url}${path}`, { headers: { origin: url }, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return response;
  };
  await post('/api/auth/register', { email, password: E2E_PASSWORD, firstName: 'Pat', lastName: 'Key', company: 'Passkey Partners' });
  const { manualEntryKey } = (await (await post('/api/mfa/totp/setup', {})).json()) as { manualEntryKey: string };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualEntryKey), digits: 6, period: 30, algorithm: 'SHA1' });
  await post('/api/mfa/totp/verify-setup', { code: totp.generate() });
}

/** Closes the toasts on screen, so a screenshot shows the page under them. */
async function dismissToasts(page: Page) {
  const closeButtons = page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close' });
  while ((await closeButtons.count()) > 0) await closeButtons.first().click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/auth');
}

test('passkeys: register in /mfa-settings, verify the second factor with it, sign in with it in one step, a replay is refused, remove it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { url, stop } = await startLocalhostServer();
  try {
    await addVirtualAuthenticator(page);
    await acceptCookies(page);
    await page.setViewportSize(DESKTOP_VIEWPORT);
    const email = `passkey-${Date.now()}@example.com`;
    await signUpWithTotp(page, url, email);

    // Register a passkey under a name of one's own, then rename it.
    await page.goto(`${url}/mfa-settings`);
    const card = page.getByTestId('passkeys-card');
    await expect(card.getByText('No passkeys yet.')).toBeVisible();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await expect(addDialog.getByRole('textbox', { name: 'Name' })).toHaveValue(/^Passkey on /);
    await addDialog.getByRole('textbox', { name: 'Name' }).fill('Work laptop');
    await addDialog.getByRole('button', { name: 'Continue' }).click();
    await expect(addDialog).toBeHidden();
    await expect(page.getByText('Passkey added', { exact: true })).toBeVisible();
    const item = card.getByRole('listitem', { name: 'Work laptop' });
    await expect(item).toContainText('Never used');
    await expect(item).toContainText(/Added \w{3} \d{1,2}, \d{4}/);

    await item.getByRole('button', { name: 'Rename Work laptop' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename passkey' });
    await renameDialog.getByRole('textbox', { name: 'Name' }).fill('Work laptop (Chromium)');
    await renameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(renameDialog).toBeHidden();
    const renamed = card.getByRole('listitem', { name: 'Work laptop (Chromium)' });
    await expect(renamed).toBeVisible();

    // Registering the same authenticator again is refused by the browser, and said so.
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await addDialog.getByRole('button', { name: 'Continue' }).click();
    await expect(addDialog.getByTestId('passkey-error')).toContainText('already holds a passkey');
    await page.screenshot({ path: `${SHOTS}/passkey-add-already-registered-1280.png` });
    await addDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.getByRole('listitem')).toHaveCount(1);

    await dismissToasts(page);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/passkeys-list-1280.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'passkeys list');
    await page.setViewportSize(PHONE_VIEWPORT);
    await expect(renamed).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/passkeys-list-390.png`, fullPage: true });
    await expectNoHorizontalOverflow(page, 'passkeys list at 390');
    await page.setViewportSize(DESKTOP_VIEWPORT);

    // Password log-in: the verification card offers the passkey.
    await logOut(page);
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(email);
    await form.locator('#login-password').fill(E2E_PASSWORD);
    await form.getByRole('button', { name: 'Log In' }).click();
    const verification = page.getByTestId('mfa-verification-card');
    await verification.getByRole('tab', { name: 'Use a passkey' }).click();
    const verifyButton = verification.getByRole('button', { name: 'Verify with a passkey' });
    await expect(verifyButton).toBeVisible();
    await dismissToasts(page);
    await page.screenshot({ path: `${SHOTS}/passkey-verification-1280.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'verification card');
    await page.setViewportSize(PHONE_VIEWPORT);
    await expect(verifyButton).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/passkey-verification-390.png`, fullPage: true });
    await expectNoHorizontalOverflow(page, 'verification card at 390');
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await verifyButton.click();
    await expect(page.getByText('Authenticated via passkey', { exact: true })).toBeVisible();
    await expect(verification).toBeHidden();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    // Passwordless: one step signs in with both factors; the assertion is kept for the replay below.
    await logOut(page);
    const signInButton = page.getByRole('button', { name: 'Sign in with a passkey' });
    await expect(signInButton).toBeVisible();
    await dismissToasts(page);
    await page.screenshot({ path: `${SHOTS}/passkey-sign-in-1280.png`, fullPage: true });
    const loginRequest = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/passkey/login',
    );
    await signInButton.click();
    const capturedBody = (await loginRequest).postData();
    expect(capturedBody).toBeTruthy();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByTestId('mfa-verification-card')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Security Setup Required' })).toBeHidden();

    const replay = await page.request.post(`${url}/api/auth/passkey/login`, {
      headers: { origin: url, 'content-type': 'application/json' },
      data: capturedBody!,
    });
    expect([400, 401], `replay answered ${replay.status()}: ${await replay.text()}`).toContain(replay.status());

    // Remove it (a fresh verification first, should the server ask for one): the list is empty.
    await page.goto(`${url}/mfa-settings`);
    await expect(renamed).toContainText(/Last used \w{3} \d{1,2}, \d{4}/);
    await renamed.getByRole('button', { name: 'Remove Work laptop (Chromium)' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
    await expect(confirm).toContainText('“Work laptop (Chromium)” will no longer sign you in');
    await page.screenshot({ path: `${SHOTS}/passkey-remove-confirm-1280.png` });
    await confirm.getByRole('button', { name: 'Remove passkey' }).click();
    const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
    await expect(card.getByText('No passkeys yet.').or(stepUp)).toBeVisible();
    if (await stepUp.isVisible()) {
      await stepUp.getByRole('tab', { name: 'Use a passkey' }).click();
      await stepUp.getByRole('button', { name: 'Verify with a passkey' }).click();
    }
    await expect(card.getByText('No passkeys yet.')).toBeVisible();
    await expect(page.getByText('Passkey removed', { exact: true })).toBeVisible();
  } finally {
    stop();
  }
});
