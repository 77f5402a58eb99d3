import { expect, test } from '@playwright/test';

test('the landing page renders for a visitor', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/CIFER/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('history signed out asks to log in and the button goes to /auth', async ({ page }) => {
  await page.goto('/history');
  await expect(page.getByText('Authentication Required')).toBeVisible();
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('presentation signed out asks to log in', async ({ page }) => {
  await page.goto('/presentation');
  await expect(page.getByText('Authentication Required')).toBeVisible();
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/no-such-page');
  // Wait for the app to render: before that only the static first paint is on the page.
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test('the API answers 401 for the current user when signed out, and health endpoints answer', async ({ request }) => {
  expect((await request.get('/api/auth/user')).status()).toBe(401);
  expect((await request.get('/healthz')).status()).toBe(200);
  expect((await request.get('/readyz')).status()).toBe(200);
});
