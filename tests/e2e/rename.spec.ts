import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_CLINIC_INPUT } from '../../src/engine/sample-inputs.ts';
import { signUpWithMfa } from '../support/sign-up-with-mfa.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

const SHOTS = '.tmp/shots/rename';

/** Creates (untitled: the server names it) and completes an assessment of the organisation `name`. */
async function completeAssessmentOf(page: Page, name: string): Promise<string> {
  const headers = { origin: new URL(page.url()).origin };
  const input = { ...SAMPLE_CLINIC_INPUT, organisation: { ...SAMPLE_CLINIC_INPUT.organisation, name } };
  const created = await page.request.post('/api/assessments', { headers, data: { input } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const done = await page.request.post(`/api/assessments/${id}/complete`, { headers, data: {} });
  expect(done.status(), await done.text()).toBe(200);
  return id;
}

// ADR 217: assessments are titled after the organisation assessed, reports are prepared for it, and History renames them.
test('an assessment is titled after the organisation assessed, is renamed in History by keyboard, and the presentation shows the new name', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await signUpWithMfa(page, `rename-${Date.now()}@example.com`, { firstName: 'Casey', lastName: 'Advisor', company: 'Bar Check Co' });
  const id = await completeAssessmentOf(page, 'Riverside Clinic');
  const day = new Date().toISOString().slice(0, 10);
  const automatic = `Riverside Clinic — ${day}`;

  await page.goto('/history');
  const accept = page.getByRole('button', { name: 'Accept All' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
  await expect(page.getByRole('rowheader', { name: automatic })).toBeVisible();

  await page.getByRole('button', { name: `Rename ${automatic}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Rename assessment' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Name' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(automatic);
  await expectNoSeriousAxeViolations(page, 'rename dialog');
  await page.screenshot({ path: `${SHOTS}/01-dialog.png` });

  // An empty name is refused on the field; a real one is saved with Enter.
  await field.fill('');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Title is required');
  await field.fill('Riverside Clinic — after the MFA roll-out');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('rowheader', { name: 'Riverside Clinic — after the MFA roll-out' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: automatic })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/02-renamed.png`, fullPage: true });

  // The picker offers the new name; the slides are prepared for the organisation assessed, never the account's company.
  await page.goto(`/presentation?id=${id}`);
  await expect(page.getByRole('heading', { name: 'Cyber risk in dollars: Riverside Clinic' })).toBeVisible();
  await expect(page.getByLabel('Assessment', { exact: true }).locator('option:checked')).toHaveText(
    /^Riverside Clinic — after the MFA roll-out · /,
  );
  await expect(page.getByTestId('slide-stage').getByText('Prepared for Riverside Clinic by Casey Advisor')).toBeVisible();
  await expect(page.getByText(/Bar Check/)).toHaveCount(0);
});
