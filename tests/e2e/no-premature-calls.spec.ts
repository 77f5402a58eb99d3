import { expect, test, type Page } from '@playwright/test';
import { E2E_PASSWORD, signUpWithMfa } from '../support/sign-up-with-mfa.ts';
import { unusedCode } from '../support/totp-codes.ts';

const SHOTS = '.tmp/shots';

async function acceptCookies(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('cookie-consent', 'essential-only');
    localStorage.setItem('cookie-preferences', JSON.stringify({ essential: true, functional: false, analytics: false, security: true }));
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  });
}

/**
 * A page calls only what the session may already call: from the log-in form to the dashboard,
 * through the second-factor card, no answer is a 4xx the user did not cause and the console
 * stays free of errors (the card once fetched signed-in data and logged two 403s).
 */
test('signing in with a password and a TOTP code makes no call the session may not make yet', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/auth');
  const email = `premature-${Date.now()}@example.com`;
  const totp = await signUpWithMfa(page, email, { firstName: 'Quiet', lastName: 'Console', company: 'Calm Co' });
  const origin = new URL(page.url()).origin;
  expect((await page.request.post('/api/auth/logout', { headers: { origin }, data: {} })).status()).toBeLessThan(300);

  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });

  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.locator('#login-password').fill(E2E_PASSWORD);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByTestId('mfa-verification-card')).toBeVisible();
  // Give anything the card's page would fetch time to go out.
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS}/no-premature-calls-card.png`, fullPage: true });
  expect(failures, 'before the second factor').toEqual([]);

  // The set-up code's 30-second step is spent (ADR 030): a code of a step not used yet.
  await page.getByLabel('Authentication code').fill(await unusedCode(totp));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByTestId('mfa-verification-card')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failures, 'after the second factor').toEqual([]);
});
