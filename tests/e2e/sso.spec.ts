import { expect, test, type Browser, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { SSO_ERROR_MESSAGES, SSO_REQUIRED_MESSAGE } from '../../src/contracts/sso.ts';
import { startOidcProvider } from '../../src/server/test/oidc-provider.ts';
import { acceptCookies } from '../support/business-leader.ts';
import { expectNoHorizontalOverflow, PHONE_VIEWPORT } from '../support/no-horizontal-overflow.ts';
import { createAccountBeforeStart, prepareOwnServer, startOwnServer } from '../support/own-server.ts';
import { E2E_PASSWORD, signUpWithMfa } from '../support/sign-up-with-mfa.ts';
import { workerPort } from '../support/e2e-ports.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

/**
 * Single sign-on end to end (ADR 225, 227): an owner connects a real OpenID provider on loopback,
 * a super admin approves the domain (DNS cannot be faked in a running server), a directory user
 * signs in through the provider's own pages, sets up TOTP and is a member; then SSO is required
 * and a password log-in of that domain is refused; when the connection breaks, a super admin lifts
 * the requirement and the password log-in works again. The server runs on its own (this worker's E2E_PORT block + 2, ADR 241) with
 * NODE_ENV development, the only mode that lets an issuer be plain http on loopback.
 */

const port = workerPort(2);
const url = `http://127.0.0.1:${port}`;
const SHOTS = '.tmp/shots';
const ADMIN_PASSWORD = 'Admin-Passphrase-Quartz-2025';
const DOMAIN = 'sso-e2e.test';
const CLIENT_ID = 'cifer-e2e';
const CLIENT_SECRET = 'e2e-client-secret-0123456789abcdef';
const stamp = Date.now();
const adminEmail = `root-${stamp}@example.com`;
const ownerEmail = `owner-${stamp}@example.com`;
const COMPANY = 'Harbour SSO Ltd';
const alice = `alice@${DOMAIN}`;
/** Has a CIFER password from before SSO was required. */
const bob = `bob@${DOMAIN}`;
/** The provider has not verified her address. */
const eve = `eve@${DOMAIN}`;

let server: { stop(): void } | null = null;
/** The super admin's authenticator, set up at their first log-in. */
let adminTotp: OTPAuth.TOTP | null = null;
let provider: Awaited<ReturnType<typeof startOidcProvider>> | null = null;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  provider = await startOidcProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [`${url}/api/auth/sso/callback`],
    // Keyed by e-mail: the provider's own login form takes the account id as the login.
    accounts: {
      [alice]: { email: alice, emailVerified: true, givenName: 'Alice', familyName: 'Directory' },
      [bob]: { email: bob, emailVerified: true, givenName: 'Bob', familyName: 'Password' },
      [eve]: { email: eve, emailVerified: false, givenName: 'Eve', familyName: 'Unverified' },
    },
    interactive: true,
  });
  const { env } = await prepareOwnServer({ name: 'sso', port });
  createAccountBeforeStart(env, { email: adminEmail, password: ADMIN_PASSWORD, role: 'super_admin', firstName: 'Ada', lastName: 'Root' });
  server = await startOwnServer(env);
});

test.afterAll(async () => {
  server?.stop();
  await provider?.close();
});

/** A person's own browser on this test's server: its own cookies, the cookie choice already made. */
async function personPage(browser: Browser, viewport: { width: number; height: number } = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ baseURL: url, viewport });
  await context.addInitScript(() => {
    localStorage.setItem('cookie-consent', 'essential-only');
    localStorage.setItem('cookie-preferences', JSON.stringify({ essential: true, functional: false, analytics: false, security: true }));
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  });
  return context.newPage();
}

/** The first log-in of an account: password, then TOTP set up. Returns the authenticator for later log-ins. */
async function logInWithTotp(page: Page, email: string, password: string): Promise<OTPAuth.TOTP> {
  const headers = { origin: url };
  const login = await page.request.post('/api/auth/login', { headers, data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const setup = await page.request.post('/api/mfa/totp/setup', { headers, data: {} });
  const { manualEntryKey } = (await setup.json()) as { manualEntryKey: string };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualEntryKey), digits: 6, period: 30, algorithm: 'SHA1' });
  const verify = await page.request.post('/api/mfa/totp/verify-setup', { headers, data: { code: totp.generate() } });
  expect(verify.status(), await verify.text()).toBe(200);
  return totp;
}

/** A later log-in: password, then a code. A code is used once (ADR 031): if this period's was used at set-up, the next period's is taken. */
async function logInAgain(page: Page, email: string, password: string, totp: OTPAuth.TOTP) {
  const headers = { origin: url };
  const login = await page.request.post('/api/auth/login', { headers, data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  let verify = await page.request.post('/api/mfa/verify', { headers, data: { type: 'totp', code: totp.generate() } });
  if (verify.status() !== 200) {
    await page.waitForTimeout(totp.remaining() + 500);
    verify = await page.request.post('/api/mfa/verify', { headers, data: { type: 'totp', code: totp.generate() } });
  }
  expect(verify.status(), await verify.text()).toBe(200);
}

/** "Sign in with SSO" on /auth, e-mail first; the browser then goes to the provider. */
async function startSsoSignIn(page: Page, email: string, shot?: string) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  const step = page.getByRole('form', { name: 'Sign in with SSO' });
  await expect(step.getByLabel('Work e-mail')).toBeFocused();
  await step.getByLabel('Work e-mail').fill(email);
  if (shot) {
    await page.screenshot({ path: `${SHOTS}/${shot}`, fullPage: true });
    await expectNoSeriousAxeViolations(page, shot);
  }
  await step.getByRole('button', { name: 'Continue' }).click();
}

/** The provider's own pages (oidc-provider's development login and consent): the account, any password, then Continue. */
async function passProvider(page: Page, email: string) {
  await page.waitForURL((address) => address.origin === new URL(provider!.issuer).origin);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('directory-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  const consent = page.getByRole('button', { name: 'Continue' });
  await consent.click();
}

test('SSO: an owner connects a provider, a super admin approves the domain, a directory user signs in, sets up TOTP and is a member; SSO required refuses passwords until support lifts it', async ({ browser }) => {
  test.setTimeout(300_000);

  const owner = await personPage(browser);
  const bobPage = await personPage(browser);
  await test.step('the owner signs up; bob registers a password while the domain is not yet his organisation\'s', async () => {
    await owner.goto('/');
    await signUpWithMfa(owner, ownerEmail, { firstName: 'Olive', lastName: 'Owner', company: COMPANY });
    await bobPage.goto('/');
    const register = await bobPage.request.post('/api/auth/register', { headers: { origin: url }, data: { email: bob, password: E2E_PASSWORD, firstName: 'Bob', lastName: 'Password', company: 'Bob Co' } });
    expect(register.status(), await register.text()).toBe(200);
    await bobPage.request.post('/api/auth/logout', { headers: { origin: url } });
  });

  await test.step('the owner adds a connection on /organizations', async () => {
    await owner.goto('/organizations');
    await acceptCookies(owner);
    await owner.getByRole('button', { name: `Manage members of ${COMPANY}` }).click();
    const section = owner.getByRole('region', { name: 'Single sign-on (SSO)' });
    await expect(section.getByText(`${url}/api/auth/sso/callback`)).toBeVisible();
    await expect(section.getByText('No SSO connection yet.', { exact: false })).toBeVisible();
    await section.getByRole('button', { name: 'Add connection' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Add an SSO connection' });
    await dialog.getByLabel('Name').fill('Harbour directory');
    await dialog.getByLabel('Issuer URL').fill(provider!.issuer);
    await dialog.getByLabel('Client ID').fill(CLIENT_ID);
    await dialog.getByLabel('Client secret').fill(CLIENT_SECRET);
    await dialog.getByLabel('E-mail domains').fill(DOMAIN);
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    await expect(dialog).toBeHidden();
    const connection = section.getByRole('listitem', { name: 'SSO connection Harbour directory' });
    await expect(connection).toContainText(provider!.issuer);
    await expect(connection.getByText('Unverified', { exact: true })).toBeVisible();
    await connection.getByRole('button', { name: `Verify ${DOMAIN}` }).click();
    const verification = connection.getByRole('group', { name: `Verify ${DOMAIN}` });
    await expect(verification).toContainText(`_cifer-verification.${DOMAIN}`);
    await expect(verification).toContainText('or ask CIFER support to approve it');
    // A DNS look-up of a .test domain finds nothing: the message names the record to publish.
    await verification.getByRole('button', { name: 'Check DNS now' }).click();
    await expect(verification.getByRole('alert')).toContainText(`_cifer-verification.${DOMAIN}`);
    await section.locator('summary', { hasText: 'Okta' }).click();
    await expect(section.getByText('https://<your-domain>.okta.com/oauth2/default')).toBeVisible();
    await owner.screenshot({ path: `${SHOTS}/sso-settings-1280.png`, fullPage: true });
    await expectNoSeriousAxeViolations(owner, 'settings 1280');
    await owner.setViewportSize(PHONE_VIEWPORT);
    await expect(section).toBeVisible();
    await owner.screenshot({ path: `${SHOTS}/sso-settings-390.png`, fullPage: true });
    await expectNoHorizontalOverflow(owner, 'settings 390');
    await owner.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('the super admin approves the domain on /admin', async () => {
    const admin = await personPage(browser);
    await admin.goto('/');
    adminTotp = await logInWithTotp(admin, adminEmail, ADMIN_PASSWORD);
    await admin.goto('/admin');
    const pending = admin.getByRole('table', { name: 'SSO domains awaiting approval' });
    await expect(pending.getByRole('row', { name: new RegExp(DOMAIN) })).toContainText(COMPANY);
    await pending.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `${SHOTS}/sso-admin-approval-1280.png` });
    await expectNoSeriousAxeViolations(admin, 'admin');
    await pending.getByRole('button', { name: `Approve ${DOMAIN} for ${COMPANY}` }).click();
    const approval = admin.getByRole('dialog', { name: `Approve ${DOMAIN} for ${COMPANY}?` });
    await approval.getByLabel('Reason').fill('The owner wrote from an address at the domain (ticket 4711)');
    await approval.getByRole('button', { name: 'Approve domain' }).click();
    await expect(admin.getByText('No domain is waiting for approval.')).toBeVisible();
    await admin.context().close();
    await owner.reload();
    await owner.getByRole('button', { name: `Manage members of ${COMPANY}` }).click();
    await expect(owner.getByRole('listitem', { name: 'SSO connection Harbour directory' }).getByText('Verified by CIFER support')).toBeVisible();
  });

  await test.step('alice signs in with SSO, sets up TOTP and is a member of the organisation', async () => {
    const alicePage = await personPage(browser);
    await startSsoSignIn(alicePage, alice, 'sso-sign-in-1280.png');
    await passProvider(alicePage, alice);
    await alicePage.waitForURL(`${url}/mfa-verification`);
    await expect(alicePage.getByRole('heading', { name: 'Security Setup Required' })).toBeVisible();
    await alicePage.getByRole('button', { name: 'Set Up TOTP' }).click();
    const manualKey = ((await alicePage.getByTestId('manual-entry-key').textContent()) ?? '').replace(/\s/g, '');
    const authenticator = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualKey), algorithm: 'SHA1', digits: 6, period: 30 });
    await alicePage.getByLabel('Verification code').fill(authenticator.generate());
    await alicePage.getByRole('button', { name: 'Verify and Enable' }).click();
    await expect(alicePage.getByText('Two-factor authentication is now active', { exact: true })).toBeVisible();
    await alicePage.getByRole('button', { name: 'Done' }).click();
    await alicePage.goto('/organizations');
    await expect(alicePage.getByText(COMPANY, { exact: true })).toBeVisible();
    const mine = (await (await alicePage.request.get('/api/organizations')).json()) as { organizations: { name: string; role: string }[] };
    expect(mine.organizations).toContainEqual(expect.objectContaining({ name: COMPANY, role: 'member' }));
    await alicePage.context().close();
  });

  await test.step('the owner requires SSO: bob\'s password log-in is refused and the page offers SSO with his e-mail', async () => {
    const connection = owner.getByRole('listitem', { name: 'SSO connection Harbour directory' });
    await connection.getByRole('button', { name: 'Edit Harbour directory' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Edit Harbour directory' });
    await expect(dialog.getByLabel('Client secret')).toHaveValue('');
    await dialog.getByLabel('Require SSO for these domains').check();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(connection.getByText('Required: no password log-in')).toBeVisible();

    const refused = await bobPage.request.post('/api/auth/login', { headers: { origin: url }, data: { email: bob, password: E2E_PASSWORD } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(SSO_REQUIRED_MESSAGE);

    await bobPage.setViewportSize(PHONE_VIEWPORT);
    await bobPage.goto('/auth');
    const passwordForm = bobPage.getByRole('form', { name: 'Log in' });
    await passwordForm.getByLabel('Email').fill(bob);
    await passwordForm.locator('#login-password').fill(E2E_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Log In' }).click();
    await bobPage.getByRole('button', { name: `Sign in with SSO as ${bob}` }).click();
    await expect(bobPage.getByRole('form', { name: 'Sign in with SSO' }).getByLabel('Work e-mail')).toHaveValue(bob);
    await bobPage.screenshot({ path: `${SHOTS}/sso-sign-in-390.png`, fullPage: true });
    await expectNoHorizontalOverflow(bobPage, 'sign-in 390');
    await expectNoSeriousAxeViolations(bobPage, 'sign-in 390');
    await bobPage.context().close();
  });

  await test.step('a provider that has not verified the e-mail: back on /auth with its message, focused', async () => {
    const evePage = await personPage(browser);
    await startSsoSignIn(evePage, eve);
    await passProvider(evePage, eve);
    await evePage.waitForURL(`${url}/auth**`);
    const alert = evePage.getByTestId('sso-error');
    await expect(alert).toContainText(SSO_ERROR_MESSAGES.email_not_verified);
    await expect(alert).toBeFocused();
    // The code is taken out of the address, so a reload does not repeat a stale failure.
    expect(new URL(evePage.url()).searchParams.has('sso_error')).toBe(false);
    await evePage.screenshot({ path: `${SHOTS}/sso-error-1280.png`, fullPage: true });
    await expectNoSeriousAxeViolations(evePage, 'error');
    await evePage.context().close();
  });

  await test.step('a typed-in secret replaces the stored one: a wrong one is refused by the provider, and the page says who can fix it', async () => {
    const connection = owner.getByRole('listitem', { name: 'SSO connection Harbour directory' });
    await connection.getByRole('button', { name: 'Edit Harbour directory' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Edit Harbour directory' });
    // The dialog opens with the connection as saved last: a second edit must not send "required" back off.
    await expect(dialog.getByLabel('Require SSO for these domains')).toBeChecked();
    await dialog.getByLabel('Client secret').fill('not-the-registered-secret');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    const again = await personPage(browser);
    await startSsoSignIn(again, alice);
    await passProvider(again, alice);
    await again.waitForURL(`${url}/auth**`);
    await expect(again.getByTestId('sso-error')).toContainText(SSO_ERROR_MESSAGES.invalid_client);
    await again.context().close();
  });

  await test.step('the organisation is locked out: the super admin lifts "SSO required" on /account-management, and bob logs in with his password again', async () => {
    const admin = await personPage(browser);
    await admin.goto('/');
    await logInAgain(admin, adminEmail, ADMIN_PASSWORD, adminTotp!);
    await admin.goto('/account-management');
    const organisations = admin.getByRole('region', { name: 'Organisations', exact: true });
    await organisations.getByLabel('Search organisations').fill(COMPANY);
    await organisations.getByRole('button', { name: `Open ${COMPANY}` }).click();
    const detail = organisations.getByTestId('organization-detail');
    await expect(detail.getByText('Single sign-on: required')).toBeVisible();
    await detail.getByRole('button', { name: 'Lift SSO requirement' }).click();
    const dialog = admin.getByRole('dialog', { name: `Lift the SSO requirement of ${COMPANY}?` });
    await dialog.getByLabel(/Reason/).fill('The client secret was replaced by a wrong one; support ticket 4711');
    await admin.screenshot({ path: `${SHOTS}/sso-lift-dialog-1280.png` });
    await expectNoSeriousAxeViolations(admin, 'lift dialog');
    await dialog.getByRole('button', { name: 'Lift requirement' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText(`Single sign-on is no longer required for ${COMPANY}; 1 owner told by e-mail`, { exact: true }).first()).toBeVisible();
    await expect(detail.getByText('Single sign-on: set up, not required')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Lift SSO requirement' })).toHaveCount(0);
    await admin.screenshot({ path: `${SHOTS}/sso-lift-done-1280.png` });

    const outbox = (await (await admin.request.get('/api/admin/outbox')).json()) as { to: string; subject: string; text: string }[];
    const notice = outbox.find((mail) => mail.to === ownerEmail && mail.subject === `Single sign-on is no longer required for ${COMPANY}`);
    expect(notice?.text).toContain('support ticket 4711');
    expect(notice?.text).not.toContain(CLIENT_SECRET);
    await admin.context().close();

    const bobAgain = await personPage(browser);
    await bobAgain.goto('/');
    const login = await bobAgain.request.post('/api/auth/login', { headers: { origin: url }, data: { email: bob, password: E2E_PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    await bobAgain.context().close();
  });
  await owner.context().close();
});
