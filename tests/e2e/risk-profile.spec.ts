import { expect, test, type Page } from '@playwright/test';
import type { Coverage } from '../../src/contracts/risk-profile.ts';
import { SAMPLE_CLINIC_INPUT } from '../../src/engine/sample-inputs.ts';
import { formatUsdExact } from '../../src/reports/format.ts';
import { signUpWithMfa } from '../support/sign-up-with-mfa.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

const SHOTS = '.tmp/shots/risk-profile';
// The answers carry no policy of their own: the organisation's is used (ADR 218).
const { insurance: _own, ...UNINSURED_CLINIC } = SAMPLE_CLINIC_INPUT;

/** Creates and completes an assessment through the API from inside the page (same-origin, session cookie). */
async function completeAssessmentViaApi(page: Page) {
  return page.evaluate(async (input) => {
    const json = { 'Content-Type': 'application/json' };
    const created = await fetch('/api/assessments', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: 'Clinic with its policy', input }),
    });
    if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    const completed = await fetch(`/api/assessments/${id}/complete`, { method: 'POST', headers: json, body: JSON.stringify({ seed: 5 }) });
    if (!completed.ok) throw new Error(`complete: ${completed.status} ${await completed.text()}`);
    return id;
  }, UNINSURED_CLINIC);
}

test('insurance and appetite: entered on their screen, then shown with the coverage gap on a results page', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUpWithMfa(page, `casey-${Date.now()}@example.com`, { firstName: 'Casey', lastName: 'Finance', company: 'Riverside Clinic' });
  await page.goto('/');
  const acceptCookies = page.getByRole('button', { name: 'Accept All' });
  if (await acceptCookies.isVisible().catch(() => false)) await acceptCookies.click();

  await page.getByRole('link', { name: 'Insurance & appetite' }).first().click();
  await expect(page.getByRole('heading', { name: 'Insurance and risk appetite', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Insurance policy and risk appetite' });
  await form.getByLabel('Loss in a year we can absorb (USD)').fill('400,000');
  await form.getByLabel('We have a cyber-insurance policy').check();
  await form.getByLabel('Aggregate limit (USD)').fill('1,000,000');
  await form.getByLabel('Retention / deductible per incident (USD)').fill('25000');
  // A sub-limit above the aggregate limit is refused next to its field, before anything is sent.
  await form.getByLabel('Ransomware and extortion (USD)').fill('2,000,000');
  await form.getByRole('button', { name: 'Save insurance and appetite' }).click();
  await expect(form.getByText('Ransomware and extortion sub-limit cannot be larger than the aggregate limit')).toBeVisible();
  await form.getByLabel('Ransomware and extortion (USD)').fill('250,000');
  await form.getByRole('button', { name: 'Save insurance and appetite' }).click();
  await expect(page.getByText('Insurance and appetite saved', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'risk profile form');
  await page.screenshot({ path: `${SHOTS}/01-form.png`, fullPage: true });

  // Saved for the organisation: a reload shows the figures.
  await page.reload();
  await expect(page.getByLabel('Aggregate limit (USD)')).toHaveValue('1,000,000');
  await expect(page.getByLabel('Loss in a year we can absorb (USD)')).toHaveValue('400,000');

  const id = await completeAssessmentViaApi(page);
  await page.goto(`/history/${id}`);
  const panel = page.getByRole('region', { name: 'Insurance and risk appetite' }).or(page.locator('[aria-labelledby="coverage-title"]'));
  await expect(panel.getByText('Policy: $1,000,000 aggregate limit, $25,000 retention per incident', { exact: false })).toBeVisible();
  await expect(panel.getByText('Risk appetite: $400,000 in a year.', { exact: false })).toBeVisible();
  await expect(panel.getByText('Ransomware and extortion: $250,000')).toBeVisible();
  await expect(panel.getByText(/not modelled per scenario/)).toBeVisible();
  await expect(panel.getByRole('img', { name: /risk appetite of \$400,000/ })).toBeVisible();

  // The page prints the figures of the one computation the reports print (ADR 219).
  const coverage = await page.evaluate(
    async (assessmentId) => (await (await fetch(`/api/risk-profile/assessments/${assessmentId}/coverage`)).json()) as Coverage,
    id,
  );
  const table = panel.getByRole('table');
  for (const year of coverage.badYears) {
    const row = table.getByRole('row', { name: new RegExp(year.label) });
    await expect(row).toContainText(formatUsdExact(year.beforeInsuranceUsd));
    await expect(row).toContainText(formatUsdExact(year.uninsuredUsd));
  }
  await expect(table.getByRole('row', { name: /severe incident/ })).toContainText(formatUsdExact(coverage.severeIncident.uninsuredUsd));
  // ... and the report (PDF, deck, workbook, /presentation) is built from the same figures.
  const report = await page.evaluate(
    async (assessmentId) => (await (await fetch(`/api/assessments/${assessmentId}/report`)).json()) as { coverage: Coverage },
    id,
  );
  expect(report.coverage).toEqual(coverage);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/02-results.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'results with coverage');
});
