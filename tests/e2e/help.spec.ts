import { expect, test, type Page } from '@playwright/test';
import { signUpWithMfa as signUpWithMfaAs } from '../support/sign-up-with-mfa.ts';

const signUpWithMfa = (page: Page, email: string) => signUpWithMfaAs(page, email, { firstName: 'Priya', lastName: 'Raman', company: 'Northmill Health' });

test('a signed-in, verified user sends a help request from the header; toasts match the spec', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('cookie-banner').getByRole('button', { name: 'Essential Only' }).click();
  await signUpWithMfa(page, `help-${Date.now()}@northmill.example`);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Help' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Get Help & Support' });
  await expect(dialog).toContainText('about 24 hours on business days');

  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible();
  await expect(page.getByText('Please fill in all required fields.', { exact: true })).toBeVisible();

  await dialog.getByLabel(/Category/).selectOption('navigation');
  await dialog.getByLabel(/Subject/).fill('Where is my report?');
  await dialog.getByLabel(/Message/).fill('<script>alert("x")</script> I cannot find last week\'s board report.');
  await page.screenshot({ path: '.tmp/shots/help-dialog.png' });
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Help Request Sent', { exact: true })).toBeVisible();
  await expect(
    page.getByText("Your help request has been sent to our support team. We'll get back to you soon!", { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
});
