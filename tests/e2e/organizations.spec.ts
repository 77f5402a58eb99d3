import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { acceptCookies, answerBusinessQuestions, fillProfile, rangeWidth } from '../support/business-leader.ts';
import { expectNoHorizontalOverflow, PHONE_VIEWPORT } from '../support/no-horizontal-overflow.ts';
import { createAccountBeforeStart, prepareOwnServer, startOwnServer } from '../support/own-server.ts';
import { startSmtpServer } from '../../src/server/test/helpers.ts';
import { unusedCode } from '../support/totp-codes.ts';
import { workerPort } from '../support/e2e-ports.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

/**
 * Organisations, partners and account management. Runs its own server (this worker's E2E_PORT block + 1, ADR 241)
 * so the first super admin can be created with `npm run user:create` before the server opens the
 * embedded database. Mail is delivered to a real SMTP server started here: the outbox shows no
 * secret link to anyone, the super admin included (ADR 190).
 */

const port = workerPort(1);
const url = `http://127.0.0.1:${port}`;
const SHOTS = '.tmp/shots/organizations';
const ADMIN_PASSWORD = 'Admin-Passphrase-Quartz-2025';
const PASSWORD = 'Correct-Horse-Battery-Staple-42';
const stamp = Date.now();
const adminEmail = `root-${stamp}@example.com`;
let server: { stop(): void } | null = null;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  smtp = await startSmtpServer();
  const { env } = await prepareOwnServer({ name: 'organizations', port, env: { SMTP_URL: smtp.url } });
  createAccountBeforeStart(env, { email: adminEmail, password: ADMIN_PASSWORD, role: 'super_admin', firstName: 'Ada', lastName: 'Root' });
  server = await startOwnServer(env);
});

test.afterAll(async () => {
  server?.stop();
  await smtp?.close();
});

const headers = { origin: url };

/** Logs in through the API (cookies land in the page's context) and enrols or verifies TOTP as an authenticator app would. */
async function signIn(request: APIRequestContext, email: string, password: string, totp?: OTPAuth.TOTP): Promise<OTPAuth.TOTP> {
  const login = await request.post(`${url}/api/auth/login`, { headers, data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  if (totp) {
    const verify = await request.post(`${url}/api/mfa/verify`, { headers, data: { type: 'totp', code: await unusedCode(totp) } });
    expect(verify.status(), await verify.text()).toBe(200);
    return totp;
  }
  return enrolTotp(request);
}

async function enrolTotp(request: APIRequestContext): Promise<OTPAuth.TOTP> {
  const setup = await request.post(`${url}/api/mfa/totp/setup`, { headers, data: {} });
  expect(setup.status(), await setup.text()).toBe(200);
  const { manualEntryKey } = (await setup.json()) as { manualEntryKey: string };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualEntryKey), digits: 6, period: 30, algorithm: 'SHA1' });
  const verify = await request.post(`${url}/api/mfa/totp/verify-setup`, { headers, data: { code: await unusedCode(totp) } });
  expect(verify.status(), await verify.text()).toBe(200);
  return totp;
}

let adminTotp: OTPAuth.TOTP | null = null;

/** The super admin enrols on first sign-in (whichever test runs first), then verifies with a fresh code. */
async function signInAdmin(request: APIRequestContext): Promise<OTPAuth.TOTP> {
  if (!adminTotp) {
    adminTotp = await signIn(request, adminEmail, ADMIN_PASSWORD);
    return adminTotp;
  }
  const login = await request.post(`${url}/api/auth/login`, { headers, data: { email: adminEmail, password: ADMIN_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const verify = await request.post(`${url}/api/mfa/verify`, { headers, data: { type: 'totp', code: await unusedCode(adminTotp) } });
  expect(verify.status(), await verify.text()).toBe(200);
  return adminTotp;
}

async function requestAccess(email: string, company: string) {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email, firstName: 'Pat', lastName: 'Partner', company, phone: '', message: 'I look after twelve clinics', password: PASSWORD, confirmPassword: PASSWORD }),
  });
  expect(response.status).toBe(200);
}

async function newPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width, height: 900 } });
  return context.newPage();
}

/** The toast may take the first Escape: close the dialog with its own button. */
async function closeDialog(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('a partner is approved, creates two client organisations, invites a user into one, switches between them with separate history; the invitee signs up through the invitation and enrols TOTP', async ({ browser }) => {
  test.setTimeout(300_000);
  const partnerEmail = `partner-${stamp}@example.com`;
  const inviteeEmail = `nurse-${stamp}@example.com`;
  await requestAccess(partnerEmail, 'Clinic Partners LLC');

  // The super admin approves the request as a partner in /admin.
  const admin = await newPage(browser);
  await signInAdmin(admin.request);
  await admin.goto('/admin');
  const item = admin.getByRole('listitem', { name: 'Access request from Pat Partner' });
  await expectNoSeriousAxeViolations(admin, '/admin');
  await admin.setViewportSize(PHONE_VIEWPORT);
  await admin.screenshot({ path: `${SHOTS}/admin-390.png`, fullPage: true });
  await expectNoHorizontalOverflow(admin, '/admin 390');
  await expectNoSeriousAxeViolations(admin, '/admin 390');
  await admin.setViewportSize({ width: 1280, height: 900 });
  await item.getByRole('button', { name: 'Approve as partner' }).click();
  await expect(admin.getByText('Access Approved').first()).toBeVisible();

  // The partner signs in, enrols TOTP, and creates two client organisations.
  const partner = await newPage(browser);
  await signIn(partner.request, partnerEmail, PASSWORD);
  await partner.goto('/organizations');
  await expect(partner.getByRole('heading', { name: 'Client organisations' })).toBeVisible();
  for (const name of ['Harbour Clinic', 'Hillside Clinic']) {
    await partner.getByLabel('Client organisation name').fill(name);
    await partner.getByRole('button', { name: 'Create organisation' }).click();
    await expect(partner.getByRole('main').getByText(name, { exact: true })).toBeVisible();
  }
  await partner.screenshot({ path: `${SHOTS}/partner-organisations.png`, fullPage: true });

  // Switch with the header switcher; each organisation keeps its own history.
  const switcher = partner.getByLabel('Current organisation').first();
  await switcher.selectOption({ label: 'Harbour Clinic' });
  await expect(partner.getByText('Now working in Harbour Clinic').first()).toBeVisible();
  expect((await partner.request.post(`${url}/api/assessments`, { headers, data: { title: 'Harbour annual review' } })).status()).toBe(201);
  await partner.goto('/history');
  await expect(partner.getByText('Harbour annual review')).toBeVisible();
  await partner.screenshot({ path: `${SHOTS}/history-harbour.png`, fullPage: true });
  await partner.getByLabel('Current organisation').first().selectOption({ label: 'Hillside Clinic' });
  await expect(partner.getByText('Now working in Hillside Clinic').first()).toBeVisible();
  await expect(partner.getByText('Harbour annual review')).toHaveCount(0);
  await partner.screenshot({ path: `${SHOTS}/history-hillside.png`, fullPage: true });

  // Invite someone into Harbour Clinic.
  await partner.goto('/organizations');
  await partner.getByRole('button', { name: 'Manage members of Harbour Clinic' }).click();
  await partner.getByLabel('E-mail address').fill(inviteeEmail);
  await partner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(partner.getByText(`Invitation sent to ${inviteeEmail}`).first()).toBeVisible();
  await expect(partner.getByText(new RegExp(`${inviteeEmail} · Member`))).toBeVisible();
  await partner.screenshot({ path: `${SHOTS}/partner-invite.png`, fullPage: true });

  // The invitation e-mail, as delivered, carries the link.
  const link = await mailLink(inviteeEmail, /(http:\/\/\S+\/invitation#token=[A-Za-z0-9_-]+)/);
  // The super admin's outbox shows that mail with the link replaced by a note (ADR 190).
  const outbox = (await (await admin.request.get(`${url}/api/admin/outbox`)).json()) as Array<{ to: string; text: string }>;
  const stored = outbox.find((m) => m.to === inviteeEmail);
  expect(stored?.text).toContain('Harbour Clinic');
  expect(stored?.text).toContain('[invitation link: only the recipient can use it]');
  expect(JSON.stringify(outbox)).not.toContain(new URL(link).hash.slice('#token='.length));
  await admin.goto('/admin');
  await admin.getByRole('region', { name: 'Email outbox' }).getByText(`to ${inviteeEmail}`).first().click();
  await expect(admin.getByText('[invitation link: only the recipient can use it]').first()).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/admin-outbox-redacted.png`, fullPage: true });

  // The invitee opens it, signs up through the sign-up form, enrols TOTP and accepts.
  const invitee = await newPage(browser, 390);
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Join Harbour Clinic' })).toBeVisible();
  await invitee.screenshot({ path: `${SHOTS}/invitation-visitor-390.png`, fullPage: true });
  await invitee.getByRole('link', { name: 'Create an account' }).click();
  const form = invitee.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('First name').fill('Nina');
  await form.getByLabel('Last name').fill('Nurse');
  await form.getByLabel('Email').fill(inviteeEmail);
  await form.getByLabel('Company').fill('Harbour Clinic');
  await form.locator('#signup-password').fill(PASSWORD);
  await form.locator('#signup-confirm-password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(invitee.getByTestId('current-user-email')).toHaveCount(1);
  await enrolTotp(invitee.request);
  await invitee.goto('/');
  await invitee.getByRole('link', { name: 'Review and accept it' }).click();
  await invitee.getByRole('button', { name: 'Accept and open Harbour Clinic' }).click();
  await expect(invitee).toHaveURL(/\/history$/);
  await expect(invitee.getByText('Harbour annual review')).toBeVisible();
  await expectNoHorizontalOverflow(invitee, 'invitee /history 390');
  await invitee.screenshot({ path: `${SHOTS}/invitee-history-390.png`, fullPage: true });
  const mine = (await (await invitee.request.get(`${url}/api/organizations`)).json()) as { organizations: Array<{ name: string; role: string }> };
  expect(mine.organizations).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Harbour Clinic', role: 'member' })]));
  expect(mine.organizations.map((o) => o.name)).not.toContain('Hillside Clinic');
});

test('account management: a super admin disables a user (their session is refused at once), resets another’s two-factor, an admin cannot grant admin, the last super admin cannot be demoted', async ({ browser }) => {
  test.setTimeout(300_000);
  const victimEmail = `disabled-${stamp}@example.com`;
  const resetEmail = `reset-${stamp}@example.com`;
  const helperEmail = `helper-${stamp}@example.com`;
  const users: Record<string, Page> = {};
  for (const email of [victimEmail, resetEmail, helperEmail]) {
    const page = await newPage(browser);
    const signUp = await page.request.post(`${url}/api/auth/register`, { headers, data: { email, password: PASSWORD, firstName: 'Sam', lastName: email.split('-')[0]!, company: `Co ${email}` } });
    expect(signUp.status(), await signUp.text()).toBe(200);
    await enrolTotp(page.request);
    users[email] = page;
  }
  expect((await users[victimEmail]!.request.get(`${url}/api/assessments`)).status()).toBe(200);

  const admin = await newPage(browser);
  const totp = await signInAdmin(admin.request);
  await admin.goto('/account-management');
  await expect(admin.getByRole('heading', { name: 'Account Management' })).toBeVisible();
  await expect(admin.getByText('not available yet')).toHaveCount(0);
  await admin.screenshot({ path: `${SHOTS}/account-management.png`, fullPage: true });
  await expectNoSeriousAxeViolations(admin, '/account-management');

  // Disable: the user's open session is refused on its next request.
  await admin.getByLabel('Search name or e-mail').fill(victimEmail);
  await admin.getByRole('button', { name: `Manage ${victimEmail}` }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByText('Open sessions (1)')).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/user-detail.png`, fullPage: true });
  await expectNoSeriousAxeViolations(admin, '/account-management user dialog');
  await dialog.getByRole('button', { name: 'Disable account' }).click();
  await expect(admin.getByText('Account disabled; its sessions have ended').first()).toBeVisible();
  expect((await users[victimEmail]!.request.get(`${url}/api/assessments`)).status()).toBe(401);
  await closeDialog(admin);

  // Reset two-factor, confirmed with the admin's own fresh code: the user must enrol again.
  await admin.getByLabel('Search name or e-mail').fill(resetEmail);
  await admin.getByRole('button', { name: `Manage ${resetEmail}` }).click();
  await dialog.getByLabel(/Your current authenticator code/).fill(await unusedCode(totp));
  await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(admin.getByText('Two-factor authentication reset; the user must enrol again at next sign-in').first()).toBeVisible();
  expect((await users[resetEmail]!.request.get(`${url}/api/assessments`)).status()).toBe(401);
  const again = await newPage(browser);
  const login = await again.request.post(`${url}/api/auth/login`, { headers, data: { email: resetEmail, password: PASSWORD } });
  expect(login.status()).toBe(200);
  expect(((await (await again.request.get(`${url}/api/mfa/status`)).json()) as { totpEnabled: boolean }).totpEnabled).toBe(false);
  await again.goto('/');
  await expect(again.getByText('TOTP Disabled').first()).toBeVisible();
  await closeDialog(admin);

  // The super admin makes the helper an admin; that admin cannot grant admin.
  await admin.getByLabel('Search name or e-mail').fill(helperEmail);
  await admin.getByRole('button', { name: `Manage ${helperEmail}` }).click();
  // Choosing the role changes nothing yet: it asks for confirmation with the super admin's own fresh code.
  await dialog.getByLabel('Platform role (super admins only)').selectOption('admin');
  await expect(dialog.getByText(/platform role from User to Admin\?/)).toBeVisible();
  await expect(admin.getByText('Role changed')).toHaveCount(0);
  await dialog.getByLabel(/Your current authenticator code \(to confirm the change\)/).fill(await unusedCode(totp));
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(admin.getByText('Role changed').first()).toBeVisible();
  await closeDialog(admin);
  const helper = users[helperEmail]!;
  const list = (await (await helper.request.get(`${url}/api/admin/users?q=${encodeURIComponent(resetEmail)}`)).json()) as { users: Array<{ id: string }> };
  const grant = await helper.request.post(`${url}/api/admin/users/${list.users[0]!.id}/role`, { headers, data: { role: 'admin' } });
  expect(grant.status()).toBe(403);
  await helper.goto('/account-management');
  await helper.getByLabel('Search name or e-mail').fill(resetEmail);
  await helper.getByRole('button', { name: `Manage ${resetEmail}` }).click();
  await expect(helper.getByText('Only a super admin grants or removes administrator roles.')).toBeVisible();
  await expect(helper.getByLabel('Platform role (super admins only)')).toHaveCount(0);

  // The only super admin cannot demote themself (no one else can either: they are the last).
  const me = (await (await admin.request.get(`${url}/api/admin/users?q=${encodeURIComponent(adminEmail)}`)).json()) as { users: Array<{ id: string; role: string }> };
  const demote = await admin.request.post(`${url}/api/admin/users/${me.users[0]!.id}/role`, { headers, data: { role: 'admin' } });
  expect(demote.status()).toBe(403);
  const after = (await (await admin.request.get(`${url}/api/admin/users/${me.users[0]!.id}`)).json()) as { role: string };
  expect(after.role).toBe('super_admin');

  // The audit log shows the actions, filtered, and exports CSV.
  await admin.getByLabel('Action (e.g. admin.)').fill('admin.');
  await expect(admin.getByRole('cell', { name: 'admin.user_disabled' })).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'admin.mfa_reset' })).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/audit-log.png`, fullPage: true });
  const csv = await admin.request.get(`${url}/api/admin/audit.csv?action=admin.`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('admin.user_disabled');

  // 390 px: no horizontal overflow.
  await admin.setViewportSize(PHONE_VIEWPORT);
  await admin.goto('/account-management');
  await expect(admin.getByRole('heading', { name: 'Account Management' })).toBeVisible();
  await expect(admin.getByRole('button', { name: `Manage ${adminEmail}` })).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/account-management-390.png`, fullPage: true });
  await expectNoHorizontalOverflow(admin, '/account-management 390');
  await expectNoSeriousAxeViolations(admin, '/account-management 390');
});

/** What the recipient received over SMTP: the first capture of `pattern` in the newest mail to `to` that matches. */
async function mailLink(to: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 60; i += 1) {
    const mail = [...(smtp?.messages ?? [])].reverse().find((m) => m.to.includes(to) && pattern.test(m.decoded));
    if (mail) return pattern.exec(mail.decoded)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

test('hand-over: a business leader invites a colleague into the organisation, hands the assessment over, and the colleague refines two unknown answers as the security lead; the range narrows', async ({ browser }) => {
  test.setTimeout(420_000);
  const leaderEmail = `leader-${stamp}@example.com`;
  const colleagueEmail = `security-lead-${stamp}@example.com`;
  const admin = await newPage(browser);
  await signInAdmin(admin.request);

  // The leader (owner of their organisation) completes the short path with three "I don't know".
  const leader = await newPage(browser);
  const signUp = await leader.request.post(`${url}/api/auth/register`, { headers, data: { email: leaderEmail, password: PASSWORD, firstName: 'Dana', lastName: 'Reyes', company: 'Harbour Dental' } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await enrolTotp(leader.request);
  await leader.goto('/');
  await acceptCookies(leader);
  await leader.getByRole('button', { name: 'Start the 10-minute assessment' }).click();
  await fillProfile(leader);
  await leader.getByRole('button', { name: 'Next: the questions' }).click();
  await answerBusinessQuestions(leader);
  await leader.getByRole('button', { name: 'Calculate my results' }).click();
  await expect(leader.getByTestId('ale')).toContainText('$', { timeout: 30_000 });
  await expect(leader.getByTestId('unknown-answers').getByRole('heading', { name: '3 answers not known yet' })).toBeVisible();
  const wideRange = await rangeWidth(leader);
  expect(wideRange).toBeGreaterThan(0);
  const resultUrl = leader.url();

  // The colleague has no account in the organisation yet: the panel says so and leads to the invitation.
  await leader.getByLabel("Colleague's work e-mail").fill(colleagueEmail);
  await leader.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(leader.getByText('This person has no CIFER account in your organisation yet.')).toBeVisible();
  await leader.getByRole('link', { name: 'Invite someone into your organisation' }).click();
  await leader.getByRole('button', { name: 'Manage members of Harbour Dental' }).click();
  await leader.getByLabel('E-mail address').fill(colleagueEmail);
  await leader.getByRole('button', { name: 'Send invitation' }).click();
  await expect(leader.getByText(new RegExp(`${colleagueEmail} · Member`))).toBeVisible();
  await leader.screenshot({ path: `${SHOTS}/handover-01-leader-invites.png`, fullPage: true });

  // The colleague signs up through the organisation invitation (a second browser context) and enrols TOTP.
  const invitation = await mailLink(colleagueEmail, /(http:\/\/\S+\/invitation#token=[A-Za-z0-9_-]+)/);
  const colleague = await newPage(browser);
  await colleague.goto(invitation);
  await expect(colleague.getByRole('heading', { name: 'Join Harbour Dental' })).toBeVisible();
  await acceptCookies(colleague);
  await colleague.getByRole('link', { name: 'Create an account' }).click();
  const form = colleague.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('First name').fill('Sam');
  await form.getByLabel('Last name').fill('Lead');
  await form.getByLabel('Email').fill(colleagueEmail);
  await form.getByLabel('Company').fill('Lead Security Consulting');
  await form.locator('#signup-password').fill(PASSWORD);
  await form.locator('#signup-confirm-password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(colleague.getByTestId('current-user-email')).toHaveCount(1);
  await enrolTotp(colleague.request);
  await colleague.goto('/');
  await colleague.getByRole('link', { name: 'Review and accept it' }).click();
  await colleague.getByRole('button', { name: 'Accept and open Harbour Dental' }).click();
  await expect(colleague).toHaveURL(/\/history$/);
  // Back in their own (home) organisation, so the hand-over link has to bring them into Harbour Dental.
  await colleague.getByLabel('Current organisation').first().selectOption({ label: 'Lead Security Consulting' });
  await expect(colleague.getByText('Now working in Lead Security Consulting').first()).toBeVisible();

  // The leader hands the assessment over to the colleague, now a member.
  await leader.goto(resultUrl);
  await leader.getByLabel("Colleague's work e-mail").fill(colleagueEmail);
  await leader.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(leader.getByText(`Sam Lead (${colleagueEmail}) has a link to this assessment.`).first()).toBeVisible();
  await leader.screenshot({ path: `${SHOTS}/handover-02-leader-sent.png`, fullPage: true });

  // The colleague opens the link: it opens the assessment in Harbour Dental, and they refine two of the three unknowns.
  const handOver = await mailLink(colleagueEmail, /(http:\/\/\S+\/\?id=[0-9a-f-]+&organization=[0-9a-f-]+)/);
  await colleague.goto(handOver);
  await expect(colleague.getByTestId('unknown-answers').getByRole('heading', { name: '3 answers not known yet' })).toBeVisible({ timeout: 30_000 });
  expect(((await (await colleague.request.get(`${url}/api/organizations`)).json()) as { organizations: Array<{ name: string; isCurrent: boolean }> }).organizations.find((o) => o.isCurrent)?.name).toBe('Harbour Dental');
  await colleague.screenshot({ path: `${SHOTS}/handover-03-colleague-opens.png`, fullPage: true });
  await colleague.getByRole('button', { name: 'Refine the answers myself' }).click();
  await expect(colleague.getByTestId('review-unknown')).toContainText('3 answers “I don\'t know”');
  await colleague.getByTestId('review-unknown').getByRole('button', { name: 'MFA and access control' }).click();
  await colleague.locator('input[name="factor-M3"][value="best"]').check();
  await colleague.locator('input[name="factor-M8"][value="partial"]').check();
  await colleague.getByRole('button', { name: /^8\. Review/ }).click();
  await expect(colleague.getByTestId('review-unknown')).toContainText('1 answer “I don\'t know”');
  await colleague.getByRole('button', { name: 'Calculate my results' }).click();

  await expect(colleague.getByTestId('ale')).toContainText('$', { timeout: 30_000 });
  await expect(colleague.getByTestId('unknown-answers').getByRole('heading', { name: '1 answer not known yet' })).toBeVisible();
  expect(await rangeWidth(colleague)).toBeLessThan(wideRange);
  const record = colleague.getByTestId('answer-record');
  await record.getByText('Who answered what, and the evidence').click();
  const mfa = record.getByRole('listitem').filter({ hasText: /^MFA and access control/ });
  await expect(mfa).toContainText("I don't know, by Dana Reyes on the business-leader path");
  await expect(mfa).toContainText('All four + least privilege, by Sam Lead on the security-lead (commercial) path');
  await colleague.screenshot({ path: `${SHOTS}/handover-04-refined-by-colleague.png`, fullPage: true });

  // The leader sees the refined assessment in the organisation's history.
  await leader.goto('/history');
  await expect(leader.getByRole('row').filter({ hasText: '(refined)' })).toHaveCount(1);
});
