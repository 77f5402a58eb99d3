import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const LEGAL_PAGES = [
  '/privacy-policy.html',
  '/cookie-policy.html',
  '/terms-of-service.html',
  '/ccpa-compliance.html',
  '/coppa-compliance.html',
  '/data-processing-agreement.html',
];

async function acceptCookies(page: Page) {
  await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept All' }).click();
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('every landing section is there, with the spec prices and real sources', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('in dollars');
  const nav = page.getByRole('navigation', { name: 'Landing page' });
  for (const [name, hash] of [
    ['Overview', '#overview'],
    ['Features', '#features'],
    ['Pricing', '#pricing'],
    ['Contact', '#contact'],
  ] as const) {
    await expect(nav.getByRole('link', { name, exact: true }).first()).toHaveAttribute('href', hash);
    await expect(page.locator(hash)).toHaveCount(1);
  }
  await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  await expect(nav.getByRole('link', { name: 'Start Assessment' })).toHaveAttribute('href', '/subscribe');

  for (const heading of [
    'Built for the people who sign off on risk',
    'Assess. Quantify. Act.',
    'Breaches are a business problem, not an IT one',
    'One plan, priced for small and medium businesses',
    'Two ways in, one set of numbers',
    'Prefer expert hands? We can run it with you',
    'Request a consultation',
    'Calibrated for your sector',
    'What makes CIFER different',
    'Patent notice',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  for (const industry of ['Healthcare', 'Financial services', 'Manufacturing']) {
    await expect(page.getByRole('heading', { level: 3, name: industry, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Commercial path' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Business leaders path' })).toBeVisible();
  const pricing = page.locator('#pricing');
  await expect(pricing).toContainText('From$250/month');
  await expect(pricing).toContainText('annual assessment plan');
  const services = page.getByRole('region', { name: 'Prefer expert hands? We can run it with you' });
  await expect(services).toContainText('$5K-$15K+');
  await expect(services).toContainText('$2.5K-$5K');
  await expect(services).toContainText('$3K-$10K/month');
  await expect(services).toContainText('6-12 month contracts');
  await expect(page.getByRole('region', { name: 'Breaches are a business problem, not an IT one' })).toContainText(
    'Source: IBM / Ponemon, Cost of a Data Breach Report 2024',
  );
});

test('the hero counter changes after 3 seconds and can be paused', async ({ page }) => {
  await page.goto('/');
  const counter = page.getByTestId('hero-counter');
  const first = await counter.innerText();
  await page.waitForTimeout(1500);
  expect(await counter.innerText()).toBe(first);
  await expect(counter).not.toHaveText(first, { timeout: 3000 });
  await page.getByRole('button', { name: 'Pause figures' }).click();
  const paused = await counter.innerText();
  await page.waitForTimeout(3500);
  expect(await counter.innerText()).toBe(paused);
});

/**
 * Scrolls to `y` once the page is tall enough to get there: the landing page renders its sections
 * below the hero in a transition after the first paint, and until then a scroll is cut short at the
 * bottom of the hero (the browser clamps it), which is not what the test means to do.
 */
async function scrollToY(page: Page, y: number) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThanOrEqual(y);
  await page.evaluate((target) => window.scrollTo(0, target), y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
}

test('the quick-actions bar appears past 70% of the header height and can be minimised', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  const bar = page.getByRole('complementary', { name: 'Quick actions' });
  await expect(bar).toBeHidden();
  const headerHeight = await page.locator('header#overview').evaluate((el) => (el as HTMLElement).offsetHeight);
  await scrollToY(page, Math.floor(headerHeight * 0.7) - 20);
  await page.waitForTimeout(300);
  await expect(bar).toBeHidden();
  await scrollToY(page, Math.ceil(headerHeight * 0.7) + 20);
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Start Assessment' })).toHaveAttribute('href', '/subscribe');
  await bar.getByRole('button', { name: 'Minimize quick actions' }).click();
  await expect(bar).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show quick actions' })).toBeVisible();
  // Functional cookies were accepted, so the choice survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await scrollToY(page, headerHeight);
  await expect(page.getByRole('button', { name: 'Show quick actions' })).toBeVisible();
  await page.getByRole('button', { name: 'Show quick actions' }).click();
  await expect(bar).toBeVisible();
});

test('before cookie consent the banner does not cover the quick-actions bar (desktop and 390 px)', async ({ page }) => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    const headerHeight = await page.locator('header#overview').evaluate((el) => (el as HTMLElement).offsetHeight);
    await scrollToY(page, headerHeight);
    const minimise = page.getByRole('button', { name: 'Minimize quick actions' });
    await expect(minimise).toBeVisible();
    const bannerBox = await banner.boundingBox();
    const buttonBox = await minimise.boundingBox();
    expect(bannerBox && buttonBox ? buttonBox.y + buttonBox.height <= bannerBox.y : false, `${viewport.width}px: minimise button above the banner`).toBe(true);
    // The button is the element a click lands on, and it works.
    await minimise.click({ trial: false });
    await expect(page.getByRole('button', { name: 'Show quick actions' })).toBeVisible();
    await page.evaluate(() => localStorage.clear());
  }
});

test('the consultation form validates, then submits and shows the success state', async ({ page }) => {
  await page.goto('/#contact');
  await acceptCookies(page);
  const form = page.getByRole('form', { name: 'Consultation request' });
  await form.getByRole('button', { name: 'Request Consultation' }).click();
  await expect(form.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Please enter a valid work email address', { exact: true })).toBeVisible();
  await expect(form.getByText('Company name is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Please select your company size', { exact: true })).toBeVisible();
  await expect(form.getByText('Please select your industry', { exact: true })).toBeVisible();
  await expect(form.getByText('Please select a service', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Full name').fill('Marcus Oyelaran');
  await form.getByLabel('Work email').fill('marcus@riverbendmfg.example');
  await form.getByRole('textbox', { name: 'Company', exact: true }).fill('Riverbend Manufacturing');
  await form.getByLabel('Company size').selectOption('100-249');
  await form.getByLabel('Industry').selectOption('manufacturing');
  await form.getByLabel('Service of interest').selectOption('jumpstart_onboarding');
  await form.getByLabel('What would you like to discuss?').fill('Our insurer asked for a quantified ransomware scenario before renewal.');
  await form.getByRole('button', { name: 'Request Consultation' }).click();
  const success = page.getByTestId('consultation-success');
  await expect(success).toContainText('Thank you, your request has been received');
  await expect(success).toContainText('marcus@riverbendmfg.example');
});

test('the account dialogs open from the landing page', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  await page.getByRole('button', { name: 'Request Account Access' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('screenshots at phone and desktop widths', async ({ page }) => {
  for (const [name, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await page.screenshot({ path: `.tmp/shots/landing-${name}-first-visit.png` });
    await acceptCookies(page);
    await page.getByRole('heading', { name: 'Request a consultation' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('form', { name: 'Consultation request' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `.tmp/shots/landing-${name}.png`, fullPage: true });
    await page.evaluate(() => localStorage.clear());
  }
});

test('axe finds no violations on /, /auth and the legal pages', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Customize' }).click();
  await expectNoAxeViolations(page);
  await acceptCookies(page);
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await expect(page.getByRole('form', { name: 'Consultation request' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  for (const path of LEGAL_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test('the legal pages are served as static HTML without scripts, with the shared stylesheet', async ({ request }) => {
  for (const path of LEGAL_PAGES) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<link rel="stylesheet" href="/legal.css" />');
    expect(html).not.toContain('<script');
    expect(html).toContain('2025');
  }
  expect((await request.get('/legal.css')).status()).toBe(200);
  expect(await (await request.get('/robots.txt')).text()).toContain('User-agent');
});
