import { expect, test, type Page } from '@playwright/test';

async function readStored(page: Page) {
  return page.evaluate(() => ({
    status: localStorage.getItem('cookie-consent'),
    preferences: localStorage.getItem('cookie-preferences'),
    date: localStorage.getItem('cookie-consent-date'),
  }));
}

const banner = (page: Page) => page.getByTestId('cookie-banner');

test('Accept All stores all four categories true, with an ISO date; reload keeps the banner hidden', async ({ page }) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(banner(page)).toBeHidden();
  const stored = await readStored(page);
  expect(stored.status).toBe('accepted');
  expect(JSON.parse(stored.preferences!)).toEqual({ essential: true, functional: true, analytics: true, security: true });
  expect(new Date(stored.date!).toISOString()).toBe(stored.date);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
});

test('Essential Only stores functional and analytics false', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Essential Only' }).click();
  await expect(banner(page)).toBeHidden();
  const stored = await readStored(page);
  expect(stored.status).toBe('essential-only');
  expect(JSON.parse(stored.preferences!)).toEqual({ essential: true, functional: false, analytics: false, security: true });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
});

test('Customize: essential is on and cannot be turned off; Save Preferences stores the selection', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Customize' }).click();
  const essential = banner(page).getByRole('switch', { name: /Essential/ });
  await expect(essential).toBeChecked();
  await expect(essential).toBeDisabled();
  await banner(page).getByRole('switch', { name: 'Analytics' }).check();
  await banner(page).getByRole('switch', { name: 'Security' }).uncheck();
  await page.screenshot({ path: '.tmp/shots/consent-customize.png' });
  await banner(page).getByRole('button', { name: 'Save Preferences' }).click();
  await expect(banner(page)).toBeHidden();
  const stored = await readStored(page);
  expect(stored.status).toBe('selected');
  expect(JSON.parse(stored.preferences!)).toEqual({ essential: true, functional: false, analytics: true, security: false });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
});

test("the footer's Cookie Preferences clears the three keys and brings the banner back", async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(banner(page)).toBeHidden();
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Preferences' }).click();
  await page.waitForLoadState('load');
  await expect(banner(page)).toBeVisible();
  expect(await readStored(page)).toEqual({ status: null, preferences: null, date: null });
});

test('unparseable stored preferences bring the banner back', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('cookie-consent', 'accepted');
    localStorage.setItem('cookie-preferences', '{not json');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  });
  await page.reload();
  await expect(banner(page)).toBeVisible();
});

test('the age notice and the footer appear on every page, legal links open in a new tab', async ({ page }) => {
  for (const path of ['/', '/auth', '/no-such-page']) {
    await page.goto(path);
    const notice = page.getByRole('complementary', { name: 'Age requirement' });
    await expect(notice).toContainText('18');
    await expect(notice.getByRole('link', { name: /Children's Privacy/ })).toHaveAttribute('href', '/coppa-compliance.html');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('© 2025');
    for (const href of [
      '/privacy-policy.html',
      '/cookie-policy.html',
      '/terms-of-service.html',
      '/ccpa-compliance.html',
      '/coppa-compliance.html',
      '/data-processing-agreement.html',
    ]) {
      const link = footer.locator(`a[href="${href}"]`);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  }
  const [legal] = await Promise.all([
    page.waitForEvent('popup'),
    page
      .getByRole('contentinfo')
      .getByRole('link', { name: /Privacy Policy/ })
      .click(),
  ]);
  await expect(legal.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});
