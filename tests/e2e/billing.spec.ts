import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { BILLING_E2E_ADMIN } from '../support/billing-e2e-admin.ts';
import { E2E_PASSWORD } from '../support/sign-up-with-mfa.ts';
import { unusedCode } from '../support/totp-codes.ts';

/** Runs under playwright.billing.config.ts: BILLING=required, Stripe = the local fake (ADR 137). */
const appPort = Number(process.env.E2E_PORT ?? 5240);
const mailApi = `http://127.0.0.1:${appPort + 7}`;
const fakeStripe = `http://127.0.0.1:${appPort + 5}`;

async function expectNoSeriousAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${label} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectNoHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function claimLinkFor(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${mailApi}/?to=${encodeURIComponent(email)}`)).json()) as Array<{ text: string }>;
        link = mails.map((mail) => /(http:\/\/\S+\/claim-subscription\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1]).find(Boolean) ?? null;
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBeNull();
  return link!;
}

async function payOnFakeStripe(page: Page, shot: string) {
  await page.getByRole('button', { name: 'Continue to secure payment' }).click();
  await page.waitForURL(`${fakeStripe}/c/pay/**`);
  await expect(page.getByRole('heading', { name: 'Pay CIFER' })).toBeVisible();
  await page.screenshot({ path: `.tmp/shots/${shot}`, fullPage: true });
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL('**/payment-success?session_id=cs_test_*');
}

async function enrolTotpInTheGate(page: Page) {
  await expect(page.getByRole('heading', { name: 'Security Setup Required' })).toBeVisible();
  await page.getByRole('button', { name: 'Set Up TOTP' }).click();
  const manualKey = ((await page.getByTestId('manual-entry-key').textContent()) ?? '').replace(/\s/g, '');
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualKey), digits: 6, period: 30, algorithm: 'SHA1' });
  await page.getByLabel('Verification code').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify and Enable' }).click();
  await expect(page.getByText('Two-factor authentication is now active', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('cookie-banner').getByRole('button', { name: 'Essential Only' }).click();
});

test('a visitor pays before having an account: Start Assessment, /subscribe, /checkout, Stripe, /payment-success, claim e-mail, sign up, TOTP, the assessment', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `buyer-${Date.now()}@northmill.example`;
  await page.getByRole('navigation').getByRole('link', { name: 'Start Assessment' }).first().click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole('heading', { name: 'Subscribe to CIFER' })).toBeVisible();
  await expect(page.getByTestId('plan-monthly')).toContainText('$250/month');
  await expect(page.getByTestId('plan-annual')).toContainText('$2,500/year');
  await expectNoSeriousAxeViolations(page, '/subscribe');
  await page.screenshot({ path: '.tmp/shots/billing-subscribe.png', fullPage: true });

  // No plan is chosen for the buyer: a click straight through asks for one instead of buying the dearer plan.
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a plan' })).toBeVisible();
  await page.getByTestId('plan-annual').click();
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByLabel('Company').fill('Northmill Health');
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Work e-mail')).toHaveValue(email);
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: '$2,500/year' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/checkout');
  await page.screenshot({ path: '.tmp/shots/billing-checkout.png', fullPage: true });

  await payOnFakeStripe(page, 'billing-fake-stripe.png');
  // The redirect alone proves nothing: the page waits for the signed webhook.
  await expect(page.getByTestId('payment-active')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Your subscription is active')).toBeVisible();
  await expect(page.getByText('Plan: Annual assessment plan')).toBeVisible();
  await expect(page.getByText(/We sent a link to b\*+@northmill\.example/)).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/payment-success');
  await page.screenshot({ path: '.tmp/shots/billing-payment-success.png', fullPage: true });

  const link = await claimLinkFor(email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/claim-subscription$/);
  await expect(page.getByRole('heading', { name: 'Claim your subscription' })).toBeVisible();
  await page.getByLabel('First name').fill('Priya');
  await page.getByLabel('Last name').fill('Raman');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Company').fill('Northmill Health');
  await page.locator('#signup-password').fill(E2E_PASSWORD);
  await page.getByLabel('Confirm password').fill(E2E_PASSWORD);
  await page.screenshot({ path: '.tmp/shots/billing-claim-signup.png', fullPage: true });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByTestId('claim-success')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/billing-claimed.png', fullPage: true });

  await page.getByRole('link', { name: 'Continue to CIFER' }).click();
  await enrolTotpInTheGate(page);
  await expect(page.getByRole('button', { name: 'Start the 10-minute assessment' })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: '.tmp/shots/billing-assessment.png', fullPage: true });

  // The link worked once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Attach to my organisation' }).click();
  await expect(page.getByText('This claim code is invalid, has expired or was already used.')).toBeVisible();

  // Manage billing on /account opens Stripe's customer portal for the organisation.
  await page.goto('/account');
  await expect(page.getByText('Annual assessment plan')).toBeVisible();
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.waitForURL(`${fakeStripe}/p/session/**`);
  await page.getByRole('link', { name: 'Return to CIFER' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('BILLING=required: an unsubscribed user\'s login shows the Payment Required toast and /subscribe; after paying the same user gets in', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `member-${Date.now()}@harbor.example`;
  const headers = { origin: new URL(page.url()).origin };
  const register = await page.request.post('/api/auth/register', { headers, data: { email, password: E2E_PASSWORD, firstName: 'Lee', lastName: 'Harbor', company: 'Harbor Credit Union' } });
  expect(await register.json()).toEqual({ message: 'Registration successful', requiresPayment: true });
  const setup = await page.request.post('/api/mfa/totp/setup', { headers, data: {} });
  const { manualEntryKey } = (await setup.json()) as { manualEntryKey: string };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualEntryKey), digits: 6, period: 30, algorithm: 'SHA1' });
  expect((await page.request.post('/api/mfa/totp/verify-setup', { headers, data: { code: await unusedCode(totp) } })).status()).toBe(200);
  await page.request.post('/api/auth/logout', { headers });
  await page.context().clearCookies();

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.locator('#login-password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Payment Required', { exact: true })).toBeVisible();
  await expect(page.getByText('Please complete your subscription to access CIFER.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole('heading', { name: 'Subscribe your organisation' })).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/billing-payment-required.png', fullPage: true });

  // The plan picked before /subscribe (?plan=) is the one selected, and the one /checkout charges.
  await page.goto('/subscribe?plan=monthly');
  await expect(page.getByTestId('plan-monthly').getByRole('radio')).toBeChecked();
  await expect(page.getByTestId('plan-annual').getByRole('radio')).not.toBeChecked();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: '$250/month' })).toBeVisible();
  await payOnFakeStripe(page, 'billing-fake-stripe-member.png');
  await expect(page.getByTestId('payment-active')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Continue to CIFER' }).click();

  await expect(page.getByTestId('mfa-verification-card')).toBeVisible();
  // The enrolment claimed its time step and a step is accepted once (ADR 030): a step not used yet.
  await page.getByLabel('Authentication code').fill(await unusedCode(totp));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Start the 10-minute assessment' })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: '.tmp/shots/billing-member-in.png', fullPage: true });
});

test('the test pages run a purchase and a plan change with the fake Stripe and show each webhook; no billing page says "not available yet"', async ({ page }) => {
  test.setTimeout(180_000);
  // A visitor is told who may use them (ADR 134).
  await page.goto('/test-payment');
  await expect(page.getByText('Sign in as a super administrator to use the billing test pages')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run a test purchase' })).toHaveCount(0);
  const headers = { origin: new URL(page.url()).origin };
  // A signed-in user who is not a super administrator is told that, not asked to sign in.
  const member = await page.request.post('/api/auth/register', { headers, data: { email: `member-${Date.now()}@northmill.example`, password: E2E_PASSWORD, firstName: 'Nora', lastName: 'Member', company: 'Northmill Health' } });
  expect(member.status(), await member.text()).toBe(200);
  for (const route of ['/test-payment', '/test-subscription']) {
    await page.goto(route);
    await expect(page.getByText('These pages need a super administrator account')).toBeVisible();
    await expect(page.getByText('Sign in as a super administrator')).toHaveCount(0);
  }
  await page.request.post('/api/auth/logout', { headers });
  await page.context().clearCookies();
  // The super administrator created before the server started signs in and enrols TOTP.

  const login = await page.request.post('/api/auth/login', { headers, data: BILLING_E2E_ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  const setup = await page.request.post('/api/mfa/totp/setup', { headers, data: {} });
  const { manualEntryKey } = (await setup.json()) as { manualEntryKey: string };
  const adminTotp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualEntryKey), digits: 6, period: 30, algorithm: 'SHA1' });
  expect((await page.request.post('/api/mfa/totp/verify-setup', { headers, data: { code: adminTotp.generate() } })).status()).toBe(200);
  await page.goto('/test-payment');
  await page.getByRole('button', { name: 'Run a test purchase' }).click();
  await page.waitForURL(`${fakeStripe}/c/pay/**`);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL('**/test-payment?session_id=*');
  const events = page.getByTestId('webhook-events');
  await expect(events).toContainText('checkout.session.completed', { timeout: 20_000 });
  await expect(events).toContainText('invoice.paid');
  await page.screenshot({ path: '.tmp/shots/billing-test-payment.png', fullPage: true });

  await page.getByRole('link', { name: 'Next: test a subscription change' }).click();
  await page.getByRole('button', { name: 'Switch to Annual' }).click();
  await expect(page.getByTestId('webhook-events')).toContainText('customer.subscription.updated', { timeout: 20_000 });
  await expect(page.getByTestId('test-subscription-status')).toContainText('annual');
  await expectNoSeriousAxeViolations(page, '/test-subscription');
  await page.screenshot({ path: '.tmp/shots/billing-test-subscription.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  for (const route of ['/subscribe', '/checkout', '/payment-success?session_id=cs_test_unknown', '/claim-subscription', '/test-payment', '/test-subscription']) {
    await page.goto(route);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.getByText('not available yet')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
  }
  await page.goto('/claim-subscription');
  await page.screenshot({ path: '.tmp/shots/billing-claim-code-390.png', fullPage: true });
});
