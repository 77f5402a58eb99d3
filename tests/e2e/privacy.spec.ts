import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoHorizontalOverflow, PHONE_VIEWPORT } from '../support/no-horizontal-overflow.ts';
import { E2E_PASSWORD, signUpWithMfa } from '../support/sign-up-with-mfa.ts';

/**
 * Privacy rights end to end (ADRs 232, 233): the person downloads their data from /account as one
 * zip, the owner deletes their organisation (pending, then restored), and the person deletes their
 * account, after which the password no longer signs in.
 */

const SHOTS = '.tmp/shots';
const COMPANY = 'Larkspur Studio';

test('download my data, delete and restore the organisation, delete my account', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `privacy-${Date.now()}@example.com`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUpWithMfa(page, email, { firstName: 'Lena', lastName: 'Park', company: COMPANY });
  await page.goto('/account');
  const acceptCookies = page.getByRole('button', { name: 'Accept All' });
  if (await acceptCookies.isVisible().catch(() => false)) await acceptCookies.click();

  const section = page.locator('[data-slot="card"]').filter({ hasText: 'Your data and privacy' });
  await expect(section.getByRole('button', { name: 'Download my data' })).toBeVisible();
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cifer-personal-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await file.path())!)));
  expect(JSON.parse(strFromU8(files['account.json']!))).toMatchObject({ email, firstName: 'Lena', homeOrganization: COMPANY });
  await expect(section.getByRole('status')).toHaveText('Your data has been downloaded as a zip file.');
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `${SHOTS}/privacy-account-1280.png` });

  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoHorizontalOverflow(page, '/account privacy at 390');
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `${SHOTS}/privacy-account-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The owner deletes the organisation: pending, with a restore.
  await page.goto('/organizations');
  await page.getByRole('button', { name: `Manage members of ${COMPANY}` }).click();
  await page.getByRole('button', { name: `Delete ${COMPANY}` }).click();
  const confirmOrganization = page.getByRole('dialog', { name: `Delete ${COMPANY}?` });
  await expect(confirmOrganization.getByRole('button', { name: 'Delete organisation' })).toBeDisabled();
  await confirmOrganization.getByLabel('Organisation name').fill(COMPANY);
  await confirmOrganization.getByRole('button', { name: 'Delete organisation' }).click();
  const pending = page.getByText(/^Deletion scheduled for /);
  await expect(pending).toBeVisible();
  await pending.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/privacy-organization-pending-1280.png` });
  await page.getByRole('button', { name: 'Restore organisation' }).click();
  await expect(page.getByRole('button', { name: `Delete ${COMPANY}` })).toBeVisible();

  // The person deletes their account; they are signed out and the password no longer works.
  await page.goto('/account');
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const confirmAccount = page.getByRole('dialog', { name: 'Delete your account?' });
  await confirmAccount.getByLabel('Your e-mail address').fill(email);
  await confirmAccount.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth/);
  const login = await page.request.post('/api/auth/login', { headers: { origin: new URL(page.url()).origin }, data: { email, password: E2E_PASSWORD } });
  expect(login.status()).toBe(401);
});
