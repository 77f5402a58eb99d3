import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { SCIM_TOKEN_PREFIX } from '../../src/contracts/scim.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { organizations, ssoConnections, ssoDomains, users } from '../../src/server/db/schema.ts';
import { ScimClient } from '../../scripts/scim-client.ts';
import { acceptCookies } from '../support/business-leader.ts';
import { workerPort } from '../support/e2e-ports.ts';
import { expectNoHorizontalOverflow, PHONE_VIEWPORT } from '../support/no-horizontal-overflow.ts';
import { createAccountBeforeStart, prepareOwnServer, startOwnServer } from '../support/own-server.ts';
import { unusedCode } from '../support/totp-codes.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

/**
 * SCIM provisioning end to end (ADR 296): an owner whose organisation has single sign-on with a
 * verified domain (written into the data folder before the server starts: the SSO journey has its
 * own test) creates a SCIM token in the organisation's settings with a fresh code, sees it once,
 * gives it to an identity provider (the independent RFC 7644 client of scripts/scim-client.ts),
 * which provisions and deactivates a person; the owner then revokes the token.
 */

const SHOTS = process.env.SHOTS_DIR ?? '.tmp/shots';
const port = workerPort(4);
const stamp = Date.now();
const ownerEmail = `scim-owner-${stamp}@example.com`;
const PASSWORD = 'Correct-Horse-Battery-9';
const COMPANY = 'Fernhill Clinics';
const DOMAIN = `fernhill-${stamp}.test`;
let server: { stop(): void } | null = null;
let serverUrl = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const { url, env } = await prepareOwnServer({ name: 'scim', port });
  serverUrl = url;
  createAccountBeforeStart(env, { email: ownerEmail, password: PASSWORD, role: 'user', firstName: 'Owen', lastName: 'Owner' });
  const database = openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR! });
  try {
    const [owner] = await database.db.select({ organizationId: users.organizationId }).from(users).where(eq(users.email, ownerEmail));
    await database.db.update(organizations).set({ name: COMPANY }).where(eq(organizations.id, owner!.organizationId));
    const [connection] = await database.db
      .insert(ssoConnections)
      .values({ organizationId: owner!.organizationId, name: 'Fernhill directory', issuer: 'https://login.example/tenant/v2.0', clientId: 'cifer', clientSecretEnc: 'sealed' })
      .returning({ id: ssoConnections.id });
    await database.db.insert(ssoDomains).values({ connectionId: connection!.id, organizationId: owner!.organizationId, domain: DOMAIN, verificationToken: 'token', verifiedAt: new Date(), verifiedBy: 'dns' });
  } finally {
    await database.close();
  }
  server = await startOwnServer(env);
});

test.afterAll(() => server?.stop());

/** Logs in with the password and enrols an authenticator through the API, as signUpWithMfa does. */
async function logInWithNewAuthenticator(page: Page): Promise<OTPAuth.TOTP> {
  const headers = { origin: serverUrl };
  const login = await page.request.post(`${serverUrl}/api/auth/login`, { headers, data: { email: ownerEmail, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const setup = await page.request.post(`${serverUrl}/api/mfa/totp/setup`, { headers, data: {} });
  const { manualEntryKey } = (await setup.json()) as { manualEntryKey: string };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualEntryKey), digits: 6, period: 30, algorithm: 'SHA1' });
  const verify = await page.request.post(`${serverUrl}/api/mfa/totp/verify-setup`, { headers, data: { code: await unusedCode(totp) } });
  expect(verify.status(), await verify.text()).toBe(200);
  return totp;
}

test('SCIM: an owner creates a token shown once, an identity provider provisions and deactivates a person with it, the owner revokes it', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(serverUrl);
  await logInWithNewAuthenticator(page);
  await page.goto(`${serverUrl}/organizations`);
  await acceptCookies(page);
  await page.getByRole('button', { name: `Manage members of ${COMPANY}` }).click();

  const section = page.getByTestId('scim-section');
  await expect(section.getByText(`It provisions addresses of your verified domains: ${DOMAIN}.`)).toBeVisible();
  await expect(section.getByText(`${serverUrl}/scim/v2`)).toBeVisible();
  await section.getByRole('button', { name: 'Create a SCIM token' }).click();
  const form = page.getByRole('dialog', { name: 'Create a SCIM token' });
  await form.getByLabel('Name').fill('Entra ID provisioning');
  await form.getByRole('button', { name: 'Create SCIM token' }).click();

  const shown = page.getByRole('dialog', { name: 'SCIM token “Entra ID provisioning” created' });
  const secret = (await shown.getByTestId('scim-token-secret').locator('code').textContent()) ?? '';
  expect(secret.startsWith(SCIM_TOKEN_PREFIX)).toBe(true);
  await expectNoSeriousAxeViolations(page, 'scim secret dialog');
  await page.screenshot({ path: `${SHOTS}/scim-token-created-1280.png` });
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();
  expect(await page.content()).not.toContain(secret);

  // The identity provider, with the base URL and the token the owner gave it.
  const directory = new ScimClient({ baseUrl: `${serverUrl}/scim/v2`, token: secret });
  const { user } = await directory.createUser({ userName: `nia@${DOMAIN}`, name: { givenName: 'Nia', familyName: 'Nurse' }, externalId: 'entra-42' });
  expect(user.active).toBe(true);
  expect((await directory.deactivateUser(user.id)).active).toBe(false);

  await page.reload();
  await page.getByRole('button', { name: `Manage members of ${COMPANY}` }).click();
  const item = section.getByRole('listitem', { name: 'Entra ID provisioning' });
  await expect(item.getByText('last used', { exact: false })).toBeVisible();
  await expect(item.getByText(ownerEmail, { exact: false })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page, 'scim section');
  await section.screenshot({ path: `${SHOTS}/scim-section-1280.png` });
  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoHorizontalOverflow(page, 'scim section at 390');
  await section.screenshot({ path: `${SHOTS}/scim-section-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The person's deactivation is in the organisation's activity, under the token's name.
  await expect(page.getByRole('listitem').filter({ hasText: 'scim.user_deactivated' }).first()).toBeVisible();

  await item.getByRole('button', { name: 'Revoke Entra ID provisioning' }).click();
  await page.getByRole('dialog', { name: 'Revoke “Entra ID provisioning”?' }).getByRole('button', { name: 'Revoke token' }).click();
  await expect(item.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(directory.listUsers()).rejects.toMatchObject({ status: 401 });
});
