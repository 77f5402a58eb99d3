import { expect, test } from '@playwright/test';
import { DENTAL_PRACTICE_INPUT, WEALTH_ADVISER_INPUT } from '../../src/reports/test-support/board-profiles.ts';
import { completeAssessment } from '../support/complete-assessment.ts';
import { signUpWithMfa } from '../support/sign-up-with-mfa.ts';

const SHOTS = '/work/shots/b59';

interface Report {
  whatChanged: { previous: { id: string } } | null;
  keyFigures: { options: { options: { cells: string[] }[] } | null };
}

test('two organisations in one account: the second pack never compares itself with the first, and the options are priced on every page', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUpWithMfa(page, `options-${Date.now()}@example.com`, { firstName: 'Chris', lastName: 'Fowler', company: 'Fowler Advisory' });
  const dental = await completeAssessment(page, 'Dental practice', DENTAL_PRACTICE_INPUT);
  const wealth = await completeAssessment(page, 'Wealth adviser', WEALTH_ADVISER_INPUT);

  // The wealth adviser's first pack: nothing to compare with, although the dental practice was completed before it.
  const wealthReport = (await (await page.request.get(`/api/assessments/${wealth}/report`)).json()) as Report;
  expect(wealthReport.whatChanged).toBeNull();
  const refused = await page.request.get(`/api/assessments/${wealth}/report?against=${dental}`);
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('Choose an assessment of the same organisation to compare with');

  // The dental practice assessed again compares with its own earlier assessment only.
  const dentalLater = await completeAssessment(page, 'Dental practice, later', { ...DENTAL_PRACTICE_INPUT, factors: { ...DENTAL_PRACTICE_INPUT.factors, M3: 'best' } });
  const dentalReport = (await (await page.request.get(`/api/assessments/${dentalLater}/report`)).json()) as Report;
  expect(dentalReport.whatChanged?.previous.id).toBe(dental);

  // The results page shows the pack's priced options, the same cells as the report.
  const options = wealthReport.keyFigures.options?.options ?? [];
  expect(options).toHaveLength(3);
  await page.goto(`/history/${wealth}`);
  const panel = page.getByTestId('results-decision-options');
  for (const option of options) await expect(panel).toContainText(option.cells.join(''));
  await panel.screenshot({ path: `${SHOTS}/results-options-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/results-options-390.png` });

  // The decision slide of /presentation (the newest assessment is the dental practice's).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/presentation?assessment=${wealth}`);
  await expect(page.getByTestId('slide-position')).toBeVisible();
  const select = page.getByLabel('Assessment', { exact: true });
  if ((await select.inputValue()) !== wealth) await select.selectOption(wealth);
  const accept = page.getByRole('button', { name: 'Accept All' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
  await page.getByRole('heading', { level: 2 }).first().click();
  for (let i = 1; i < 8; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('slide-position')).toHaveText('Slide 8 of 12');
  await expect(page.getByTestId('decision-options').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/decision-slide-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/decision-slide-390.png`, fullPage: true });
});
