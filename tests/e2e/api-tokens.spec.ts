import { expect, test } from '@playwright/test';
import { API_TOKEN_MESSAGES, API_TOKEN_SECRET_PREFIX } from '../../src/contracts/api-tokens.ts';
import { expectNoHorizontalOverflow, PHONE_VIEWPORT } from '../support/no-horizontal-overflow.ts';
import { signUpWithMfa } from '../support/sign-up-with-mfa.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

/**
 * API tokens end to end (ADR 228): a personal token created on /account (its secret shown once),
 * used by a script without any cookie to create an assessment through the public API, that call
 * found in the organisation's activity on /organizations, and the token revoked from the list.
 */

const SHOTS = '.tmp/shots';
const COMPANY = 'Quayside Logistics';

test('a personal token: created once on /account, used by a script, seen in the activity, revoked', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUpWithMfa(page, `tokens-${Date.now()}@example.com`, { firstName: 'Tom', lastName: 'Integrator', company: COMPANY });
  await page.goto('/account');
  const acceptCookies = page.getByRole('button', { name: 'Accept All' });
  if (await acceptCookies.isVisible().catch(() => false)) await acceptCookies.click();

  const card = page.getByTestId('api-tokens-personal');
  await expect(card.getByText('No tokens yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Create a token' }).click();
  const form = page.getByRole('dialog', { name: 'Create an API token' });
  // The contract's rules are checked before anything is sent.
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(form.getByText('Give the token a name')).toBeVisible();
  await form.getByLabel('Name').fill('Nightly export');
  await form.getByRole('checkbox', { name: /Write/ }).check();
  await form.getByLabel('Expires after').selectOption('30');
  await expectNoSeriousAxeViolations(page, 'create form');
  await form.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Token “Nightly export” created' });
  await expect(shown.getByText('Copy it now.', { exact: false })).toBeVisible();
  const secret = await shown.getByTestId('api-token-secret').inputValue();
  expect(secret.startsWith(API_TOKEN_SECRET_PREFIX.personal)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/api-token-created-1280.png` });
  await expectNoSeriousAxeViolations(page, 'secret dialog');
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  const item = card.getByRole('listitem', { name: 'Nightly export' });
  await expect(item.getByText('Active', { exact: true })).toBeVisible();
  await expect(item.getByText('Read and Write')).toBeVisible();
  await expect(item.getByText(`acts in ${COMPANY}`, { exact: false })).toBeVisible();
  // The list shows the visible start only; the secret is nowhere on the page any more.
  expect(await page.content()).not.toContain(secret);

  // A script: no cookie, no Origin, only the token.
  const created = await request.post('/api/v1/assessments', { headers: { authorization: `Bearer ${secret}` }, data: { title: 'Created by a script' } });
  expect(created.status(), await created.text()).toBe(201);
  const listed = await request.get('/api/v1/assessments', { headers: { authorization: `Bearer ${secret}` } });
  expect(((await listed.json()) as { items: { title: string }[] }).items.map((entry) => entry.title)).toContain('Created by a script');

  await page.setViewportSize(PHONE_VIEWPORT);
  await page.reload();
  await expect(card.getByRole('listitem', { name: 'Nightly export' }).getByText('last used', { exact: false })).toBeVisible();
  await expectNoHorizontalOverflow(page, '/account tokens at 390');
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${SHOTS}/api-tokens-390.png` });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/organizations');
  await page.getByRole('button', { name: `Manage members of ${COMPANY}` }).click();
  const activity = page.getByRole('listitem').filter({ hasText: 'api_token.call' }).filter({ hasText: 'with API token “Nightly export”' });
  await expect(activity.first()).toBeVisible();
  await activity.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/api-token-audit-1280.png` });
  // The owner's organisation tokens sit below; a personal token is not one of them.
  const organizationTokens = page.getByTestId('api-tokens-organization');
  await expect(organizationTokens.getByText('No tokens yet.')).toBeVisible();
  await organizationTokens.screenshot({ path: `${SHOTS}/api-tokens-organization-1280.png` });

  await page.goto('/account');
  await card.getByRole('button', { name: 'Revoke Nightly export' }).click();
  await page.getByRole('dialog', { name: 'Revoke “Nightly export”?' }).getByRole('button', { name: 'Revoke token' }).click();
  await expect(card.getByRole('listitem', { name: 'Nightly export' }).getByText('Revoked', { exact: true })).toBeVisible();
  const refused = await request.get('/api/v1/assessments', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe(API_TOKEN_MESSAGES.invalid);
});
