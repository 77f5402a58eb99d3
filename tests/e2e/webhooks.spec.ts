import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../../src/server/test/webhook-receiver.ts';
import { expectNoHorizontalOverflow, PHONE_VIEWPORT } from '../support/no-horizontal-overflow.ts';
import { signUpWithMfa } from '../support/sign-up-with-mfa.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

/**
 * Signed webhooks end to end (ADR 229): a receiver on loopback in this test process (the e2e
 * server runs with NODE_ENV development, the only mode that allows plain http to this machine),
 * the owner registers it on /organizations, copies the secret shown once, sends a test event,
 * sees it delivered in the log, and the receiver verifies its Standard Webhooks signature.
 */

const SHOTS = '.tmp/shots';
const COMPANY = 'Lighthouse Freight';

let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test('an owner registers a webhook, sends a test event, sees it delivered, and the receiver verifies the signature', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUpWithMfa(page, `webhooks-${Date.now()}@example.com`, { firstName: 'Wendy', lastName: 'Hooks', company: COMPANY });
  await page.goto('/organizations');
  // The consent banner appears once the page has settled; answered, it stays out of the screenshots.
  await page.getByRole('button', { name: 'Accept All' }).click();
  await page.getByRole('button', { name: `Manage members of ${COMPANY}` }).click();

  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section.getByText('No webhook yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add webhook' }).click();
  const form = page.getByRole('dialog', { name: 'Add a webhook' });
  // A URL off this machine must be https: the server's refusal is shown in the form.
  await form.getByLabel('Endpoint URL').fill('http://example.com/hooks');
  await form.getByRole('button', { name: 'Add webhook' }).click();
  await expect(form.getByText('The webhook URL must start with https://')).toBeVisible();
  await form.getByLabel('Endpoint URL').fill(receiver.url);
  await form.getByLabel('Description').fill('Operations dashboard');
  await form.getByRole('checkbox', { name: /action\.due/ }).check();
  await expectNoSeriousAxeViolations(page, 'add form');
  await form.getByRole('button', { name: 'Add webhook' }).click();

  const shown = page.getByRole('dialog', { name: 'Webhook added: its signing secret' });
  await expect(shown.getByText('it is shown only this once', { exact: false })).toBeVisible();
  const secret = await shown.getByTestId('webhook-secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await expectNoSeriousAxeViolations(page, 'secret dialog');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  expect(await page.content()).not.toContain(secret);

  const item = section.getByRole('listitem').filter({ hasText: receiver.url });
  await expect(item.getByText('assessment.completed')).toBeVisible();
  await expect(item.getByText('action.due')).toBeVisible();
  await item.getByRole('button', { name: 'Send test event' }).click();

  const log = item.getByRole('region', { name: /Deliveries to/ });
  await expect(log.getByRole('row').filter({ hasText: 'webhook.test' }).getByText('Delivered')).toBeVisible();
  await expect(log.getByText('HTTP 200')).toBeVisible();
  expect(receiver.received).toHaveLength(1);
  const message = receiver.received[0]!;
  const verified = new Webhook(secret).verify(message.body, message.headers) as { type: string; data: { endpointId: string } };
  expect(verified.type).toBe('webhook.test');
  await expectNoSeriousAxeViolations(page, 'delivery log');
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `${SHOTS}/webhooks-1280.png` });

  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoHorizontalOverflow(page, '/organizations webhooks at 390');
  // The page's own screenshot, scrolled so the sticky header does not cover the section's title.
  await section.evaluate((element) => {
    element.scrollIntoView({ behavior: 'instant', block: 'start' });
    window.scrollBy({ top: -72, behavior: 'instant' });
  });
  await page.screenshot({ path: `${SHOTS}/webhooks-390.png` });
});
