import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { startSmtpServer } from '../../src/server/test/helpers.ts';
import { createAccountBeforeStart, prepareOwnServer, startOwnServer } from '../support/own-server.ts';
import { workerPort } from '../support/e2e-ports.ts';

/**
 * Accounts journeys. This spec runs its own CIFER servers next to the shared one so it
 * can create the first administrator with `npm run user:create` before the server opens the
 * embedded database, deliver e-mail to a real SMTP server started here, and run one instance with
 * BILLING=required. Ports: this worker's E2E_PORT block + 1..3 (ADR 241).
 */

const basePort = workerPort(0);
const SHOTS = '.tmp/shots';
const PASSWORD = 'Correct-Horse-Battery-Staple-42';
const NEW_PASSWORD = 'Violet-Orbit-Lantern-Tides-77';
const ADMIN_PASSWORD = 'Admin-Passphrase-Quartz-2025';
const ACCESS_PASSWORD = 'a long partner passphrase';

let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
const servers: { stop(): void }[] = [];

async function startServer(port: number, extraEnv: Record<string, string> = {}, prepare?: (env: NodeJS.ProcessEnv) => void): Promise<string> {
  const { url, env } = await prepareOwnServer({ name: 'accounts', port, env: { SMTP_URL: smtp?.url ?? '', ...extraEnv } });
  const stale = await fetch(`${url}/readyz`).catch(() => null);
  if (stale) throw new Error(`port ${port} is already in use: stop that server first`);
  prepare?.(env);
  servers.push(await startOwnServer(env));
  return url;
}

let appUrl = '';
let adminAppUrl = '';
let billingUrl = '';
const adminEmail = `admin-${Date.now()}@example.com`;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  smtp = await startSmtpServer();

  [appUrl, adminAppUrl, billingUrl] = await Promise.all([
    startServer(basePort + 1),
    // The first administrator exists only through the CLI, `npm run user:create` (no default accounts).
    startServer(basePort + 2, {}, (env) => createAccountBeforeStart(env, { email: adminEmail, password: ADMIN_PASSWORD, role: 'super_admin', firstName: 'Ada', lastName: 'Admin' })),
    startServer(basePort + 3, { BILLING: 'required' }),
  ]);
});

test.afterAll(async () => {
  for (const server of servers) server.stop();
  await smtp?.close();
});

async function waitForMail(to: string, subject: string): Promise<string> {
  for (let i = 0; i < 60; i += 1) {
    const mail = smtp?.messages.find((m) => m.to.includes(to) && m.decoded.includes(`Subject: ${subject}`));
    if (mail) return mail.decoded;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no mail "${subject}" for ${to}`);
}

async function fillLogin(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.locator('#login-password').fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text }).first();
}

test('the /auth page: tabs, back link, marketing panel and every spec validation message', async ({ page }) => {
  await page.goto(`${appUrl}/auth`);
  await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to main page' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('heading', { name: 'Know your cyber risk in dollars' })).toBeVisible();

  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Email').fill('not-an-email');
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(login.getByText('Please enter a valid email address')).toBeVisible();
  await expect(login.getByText('Password is required')).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/auth-login-errors.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const signUp = page.getByRole('form', { name: 'Sign up' });
  await signUp.locator('#signup-password').fill('short');
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await expect(signUp.getByText('First name is required')).toBeVisible();
  await expect(signUp.getByText('Last name is required')).toBeVisible();
  await expect(signUp.getByText('Company name is required')).toBeVisible();
  await expect(signUp.getByText('Password must be at least 14 characters long')).toBeVisible();
  await signUp.locator('#signup-password').fill('alllowercaseletters');
  await signUp.getByLabel('Confirm password').fill('different');
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await expect(signUp.getByText('Password must contain uppercase, lowercase, and numbers')).toBeVisible();
  await expect(signUp.getByText("Passwords don't match")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/auth-signup-errors.png`, fullPage: true });

  // Request Account Access dialog: its own messages.
  await page.getByRole('button', { name: 'Request Account Access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Account Access' });
  await dialog.getByLabel('Email').fill('bad');
  await dialog.locator('#access-password').fill('short');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expect(dialog.getByText('Last name is required')).toBeVisible();
  await expect(dialog.getByText('Password must be at least 14 characters')).toBeVisible();
  await expect(dialog.getByText('Please confirm your password')).toBeVisible();
  await dialog.locator('#access-password').fill(ACCESS_PASSWORD);
  await dialog.getByLabel('Confirm password').fill('something else entirely');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText("Passwords don't match")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/access-dialog-errors.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Forgot Password dialog: its message.
  await page.getByRole('tab', { name: 'Log In' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(forgot.getByText('Please enter your email address.')).toBeVisible();
});

test('GET /api/login sends the visitor to /auth', async ({ page }) => {
  await page.goto(`${appUrl}/api/login`);
  await expect(page).toHaveURL(`${appUrl}/auth`);
  await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible();
});

test('sign up lands on / signed in; log out; log in again; a wrong password shows Login Failed', async ({ page }) => {
  const email = `new-${Date.now()}@example.com`;
  await page.goto(`${appUrl}/auth`);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const signUp = page.getByRole('form', { name: 'Sign up' });
  await signUp.getByLabel('First name').fill('Grace');
  await signUp.getByLabel('Last name').fill('Hopper');
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Company').fill('Hopper Labs');
  await signUp.locator('#signup-password').fill(PASSWORD);
  await signUp.getByLabel('Confirm password').fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(`${appUrl}/`);
  await expect(page.getByTestId('current-user-email')).toHaveText(email);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/signed-in-after-signup.png`, fullPage: true });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out')).toBeVisible();
  await expect(page.getByText('You have been successfully logged out').first()).toBeVisible();
  await expect(page).toHaveURL(`${appUrl}/auth`);

  await fillLogin(page, email, 'Wrong-Password-123456');
  await expect(toast(page, 'Login Failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(`${appUrl}/auth`);

  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(`${appUrl}/`);
  await expect(page.getByTestId('current-user-email')).toHaveText(email);
});

test('forgot password: e-mailed link, new password; old sessions die, the old password fails, the link works once', async ({ page, browser }) => {
  // 24-35 s alone on a slow machine, where the default 60 s ran out beside a second e2e worker.
  test.setTimeout(180_000);
  const email = `reset-${Date.now()}@example.com`;
  // A signed-in session that the reset must end.
  const signUp = await page.request.post(`${appUrl}/api/auth/register`, {
    headers: { origin: appUrl },
    data: { email, password: PASSWORD, firstName: 'Rita', lastName: 'Reset', company: 'Reset Co' },
  });
  expect(signUp.status()).toBe(200);
  await page.goto(`${appUrl}/`);
  await expect(page.getByTestId('current-user-email')).toHaveText(email);

  const visitor = await browser.newPage();
  await visitor.goto(`${appUrl}/auth`);
  await visitor.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = visitor.getByRole('dialog', { name: 'Forgot Password' });
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(forgot.getByText('If an account with this email exists, you will receive a password reset link.')).toBeVisible();
  await forgot.getByRole('button', { name: 'Close' }).first().click();

  const mail = await waitForMail(email, 'Reset your CIFER password');
  const link = /(http:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+)/.exec(mail)![1]!;
  await visitor.goto(link);
  await expect(visitor).toHaveURL(`${appUrl}/reset-password`);
  await visitor.locator('#reset-password').fill(NEW_PASSWORD);
  await visitor.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await visitor.getByRole('button', { name: 'Set New Password' }).click();
  await expect(visitor.getByText('Password updated')).toBeVisible();
  await visitor.screenshot({ path: `${SHOTS}/reset-done.png`, fullPage: true });
  // The reset signed nobody in.
  expect((await visitor.request.get(`${appUrl}/api/auth/user`)).status()).toBe(401);

  // The old session is dead.
  await page.reload();
  await expect(page.getByTestId('current-user-email')).toHaveCount(0);
  expect((await page.request.get(`${appUrl}/api/auth/user`)).status()).toBe(401);

  // The link cannot be used twice (a full navigation: the page reads the token once).
  await visitor.goto(`${appUrl}/auth`);
  await visitor.goto(link);
  await visitor.locator('#reset-password').fill('Third-Passphrase-Attempt-55');
  await visitor.getByLabel('Confirm new password').fill('Third-Passphrase-Attempt-55');
  await visitor.getByRole('button', { name: 'Set New Password' }).click();
  await expect(toast(visitor, 'This password reset link is invalid or has expired')).toBeVisible();

  // Old password fails, new one works.
  await visitor.goto(`${appUrl}/auth`);
  await fillLogin(visitor, email, PASSWORD);
  await expect(toast(visitor, 'Login Failed')).toBeVisible();
  await fillLogin(visitor, email, NEW_PASSWORD);
  await expect(visitor.getByTestId('current-user-email')).toHaveText(email);
  await visitor.close();
});

test('request access; the admin created with user:create approves it in /admin; the approval e-mail arrives; the requester signs in. A rejected requester cannot.', async ({ page, browser }) => {
  // 32 s alone on a slow machine, where the default 60 s ran out beside a second e2e worker.
  test.setTimeout(180_000);
  const requester = `partner-${Date.now()}@example.com`;
  const rejected = `rejected-${Date.now()}@example.com`;

  const visitor = await browser.newPage();
  for (const [email, first] of [
    [requester, 'Alan'],
    [rejected, 'Eve'],
  ] as const) {
    await visitor.goto(`${adminAppUrl}/auth`);
    await visitor.getByRole('button', { name: 'Request Account Access' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Request Account Access' });
    await dialog.getByLabel('First name').fill(first);
    await dialog.getByLabel('Last name').fill('Partner');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Company').fill('Partner Security LLC');
    await dialog.getByLabel('Message').fill('<b>Security consultant</b> requesting access');
    await dialog.locator('#access-password').fill(ACCESS_PASSWORD);
    await dialog.getByLabel('Confirm password').fill(ACCESS_PASSWORD);
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(dialog.getByText('Request Submitted')).toBeVisible();
    await expect(toast(visitor, 'Registration Submitted')).toBeVisible();
    if (email === requester) await visitor.screenshot({ path: `${SHOTS}/access-dialog-submitted.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toHaveCount(0);
  }
  // Close reset the dialog to its form.
  await visitor.getByRole('button', { name: 'Request Account Access' }).click();
  await expect(visitor.getByRole('dialog', { name: 'Request Account Access' }).getByLabel('Email')).toHaveValue('');
  await visitor.keyboard.press('Escape');

  // A pending requester cannot sign in.
  await fillLogin(visitor, requester, ACCESS_PASSWORD);
  await expect(toast(visitor, 'Login Failed')).toBeVisible();

  // The administrator signs in, completes two-factor set-up through the MFA API, and opens /admin.
  await page.goto(`${adminAppUrl}/auth`);
  await fillLogin(page, adminEmail, ADMIN_PASSWORD);
  await expect(page.getByTestId('current-user-email')).toHaveText(adminEmail);
  const setup = await page.request.post(`${adminAppUrl}/api/mfa/totp/setup`, { headers: { origin: adminAppUrl }, data: {} });
  expect(setup.status()).toBe(200);
  const { manualEntryKey } = (await setup.json()) as { manualEntryKey: string };
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualEntryKey), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  const verify = await page.request.post(`${adminAppUrl}/api/mfa/totp/verify-setup`, { headers: { origin: adminAppUrl }, data: { code } });
  expect(verify.status()).toBe(200);

  await page.goto(`${adminAppUrl}/admin`);
  const section = page.getByRole('region', { name: 'Access requests' });
  const item = section.getByRole('listitem', { name: 'Access request from Alan Partner' });
  await expect(item).toBeVisible();
  await expect(item.getByText(requester)).toBeVisible();
  await expect(item.getByText('<b>Security consultant</b> requesting access')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-access-requests.png`, fullPage: true });
  await item.getByLabel('Note to the requester (optional)').fill('Welcome to CIFER');
  await item.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(toast(page, 'Access Approved')).toBeVisible();
  await expect(item).toHaveCount(0);

  const other = section.getByRole('listitem', { name: 'Access request from Eve Partner' });
  await other.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page, 'Request Rejected')).toBeVisible();

  // The approval e-mail arrives over real SMTP, with the sign-in link.
  const approval = await waitForMail(requester, 'Your CIFER access has been granted');
  expect(approval).toContain(`${adminAppUrl}/auth`);
  expect(approval).toContain('Welcome to CIFER');
  await waitForMail(rejected, 'Your CIFER access request');

  // The outbox section shows what was sent.
  const outbox = page.getByRole('region', { name: 'Email outbox' });
  await page.reload();
  await expect(outbox.getByText('Your CIFER access has been granted').first()).toBeVisible();
  await outbox.getByText('Your CIFER access has been granted').first().click();
  await expect(outbox.getByText('Note from the administrator: Welcome to CIFER').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-outbox.png`, fullPage: true });

  // The approved requester signs in; the rejected one cannot.
  await visitor.goto(`${adminAppUrl}/auth`);
  await fillLogin(visitor, rejected, ACCESS_PASSWORD);
  await expect(toast(visitor, 'Login Failed')).toBeVisible();
  await fillLogin(visitor, requester, ACCESS_PASSWORD);
  await expect(visitor).toHaveURL(`${adminAppUrl}/`);
  await expect(visitor.getByTestId('current-user-email')).toHaveText(requester);
  await visitor.close();
});

test('with BILLING=required, login lands on /subscribe with the Payment Required toast', async ({ page }) => {
  const email = `payer-${Date.now()}@example.com`;
  const signUp = await page.request.post(`${billingUrl}/api/auth/register`, {
    headers: { origin: billingUrl },
    data: { email, password: PASSWORD, firstName: 'Pat', lastName: 'Payer', company: 'Payer Inc' },
  });
  expect(await signUp.json()).toEqual({ message: 'Registration successful', requiresPayment: true });
  await page.request.post(`${billingUrl}/api/auth/logout`, { headers: { origin: billingUrl } });

  await page.goto(`${billingUrl}/auth`);
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(`${billingUrl}/subscribe`);
  await expect(toast(page, 'Payment Required')).toBeVisible();
  await expect(page.getByText('Please complete your subscription to access CIFER.').first()).toBeVisible();
});
