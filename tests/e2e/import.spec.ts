import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { Assessment } from '../../src/contracts/assessments.ts';
import { SAMPLE_CLINIC_INPUT } from '../../src/engine/sample-inputs.ts';
import { signUpWithMfa } from '../support/sign-up-with-mfa.ts';
import { completedAssessment } from '../support/complete-assessment.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

const SHOTS = '.tmp/shots';

/** The sample clinic, named `name`, completed as "<name> 2025". */
function completedClinic(page: Page, name: string): Promise<Assessment> {
  return completedAssessment(page, `${name} 2025`, { ...SAMPLE_CLINIC_INPUT, organisation: { ...SAMPLE_CLINIC_INPUT.organisation, name } });
}

// ADR 231: a file the export wrote imports back as a draft with the same answers; a bad file lists its bad rows and imports nothing.
test('an assessment exported as CSV from History imports back as a draft with the same answers', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUpWithMfa(page, `import-${Date.now()}@example.com`, { firstName: 'Ines', lastName: 'Porter', company: 'Import Co' });
  const original = await completedClinic(page, 'Harbour Dental');

  await page.goto('/history');
  const accept = page.getByRole('button', { name: 'Accept All' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Harbour Dental 2025 as CSV' }).click();
  const csvPath = await (await download).path();
  const csv = await readFile(csvPath, 'utf8');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import assessments' });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'harbour-dental.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expectNoSeriousAxeViolations(page, 'import dialog');
  await page.screenshot({ path: `${SHOTS}/import-dialog-1280.png` });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Imported as a draft')).toBeVisible();
  // The export writes the answers given, not the model's assumed ones (ADR 289's faithful export).
  const given = Object.keys(original.input.factors ?? {}).length;
  await expect(dialog.getByText(`“Harbour Dental 2025” holds ${given} of the factor answers.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Open the draft' }).click();

  await expect(page).toHaveURL(/\/\?id=/);
  const id = new URL(page.url()).searchParams.get('id')!;
  await expect(page.getByLabel('Organisation name')).toHaveValue('Harbour Dental');
  await expect(page.getByLabel('Number of employees')).toHaveValue(String(SAMPLE_CLINIC_INPUT.organisation.employees));
  const draft = (await (await page.request.get(`/api/assessments/${id}`)).json()) as Assessment;
  expect(draft.status).toBe('draft');
  expect(draft.input.factors).toEqual(original.input.factors);

  // A partner file names the organisation of each row (here the user's own, by its exact name).
  await page.goto('/history');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const partnerDialog = page.getByRole('dialog', { name: 'Import assessments' });
  await partnerDialog.getByRole('radio', { name: /Client organisations/ }).check();
  const partnerCsv = 'organization,Title,Employees,M1\r\nImport Co,Branch office,12,best\r\n';
  await partnerDialog.locator('input[type=file]').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(partnerCsv) });
  await partnerDialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(partnerDialog.getByText('Imported 1 draft')).toBeVisible();
  await expect(partnerDialog.getByText('Import Co: Branch office')).toBeVisible();
  await partnerDialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('rowheader', { name: 'Branch office' })).toBeVisible();
});

test('a bad file lists each bad row and field, on a phone, and nothing is imported', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await signUpWithMfa(page, `import-bad-${Date.now()}@example.com`, { firstName: 'Ines', lastName: 'Porter', company: 'Import Co' });
  await page.goto('/history');
  const accept = page.getByRole('button', { name: 'Accept All' });
  if (await accept.isVisible().catch(() => false)) await accept.click();

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import assessments' });
  const bad = ['Field,Value', 'Title,Shop', 'Employees,lots', 'Industry,Farming', '', 'Factor,Question,Answer', 'M1 Security awareness training,,Sometimes', 'M5 MFA,,Enforced automatically'].join('\r\n');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'shop.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('The file was not imported')).toBeVisible();
  const problems = dialog.getByRole('region', { name: /Problems in the file/ });
  await expect(problems.getByRole('row')).toHaveCount(4);
  await expect(problems.getByRole('row').nth(1)).toContainText('3Employees');
  await expect(problems.getByRole('row').nth(2)).toContainText('4Industry');
  await expect(problems.getByRole('row').nth(3)).toContainText('7M1');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(page, 'import errors');
  await page.screenshot({ path: `${SHOTS}/import-errors-390.png` });

  const list = (await (await page.request.get('/api/assessments')).json()) as { total: number };
  expect(list.total).toBe(0);
});
