import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpWithMfa as signUpWithMfaAs } from '../support/sign-up-with-mfa.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

const SHOTS = '.tmp/shots/assessment';

const signUpWithMfa = (page: Page, email: string) => signUpWithMfaAs(page, email, { firstName: 'Casey', lastName: 'Manager', company: 'Acme Health' });

/** Keyboard only: Tab until the element has focus. */
async function tabTo(page: Page, target: Locator, max = 150) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Could not reach ${String(target)} with Tab`);
}

async function pressOn(page: Page, target: Locator, key = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

async function acceptCookiesIfShown(page: Page) {
  const accept = page.getByRole('button', { name: 'Accept All' });
  if (await accept.isVisible().catch(() => false)) await pressOn(page, accept);
}

/** Answers one factor by keyboard: Tab to its radio group, Space picks the first option, arrows move. */
async function answerFactor(page: Page, factorId: string, optionIndex: number) {
  const first = page.locator(`input[name="factor-${factorId}"]`).first();
  await tabTo(page, first);
  await page.keyboard.press('Space');
  for (let i = 0; i < optionIndex; i++) await page.keyboard.press('ArrowRight');
  await expect(page.locator(`input[name="factor-${factorId}"]`).nth(optionIndex)).toBeChecked();
}

async function fillProfile(page: Page) {
  await typeInto(page, page.getByLabel('Organisation name'), 'Acme Health');
  await tabTo(page, page.getByLabel('Industry'));
  await page.keyboard.type('Healthcare');
  await typeInto(page, page.getByLabel('Number of employees'), '150');
  await typeInto(page, page.getByLabel('Annual revenue (USD)'), '25000000');
  await typeInto(page, page.getByLabel('Health records (patients)'), '30000');
  await typeInto(page, page.getByLabel('Personal data of customers or staff'), '35000');
}

const FACTOR_PLAN: Record<string, [string, number][]> = {
  // [factor, option index]; M2 "None" (index 0) so the what-if can move it to "tested".
  people: [['M1', 1], ['A3', 1], ['A5', 1], ['A8', 0]],
  protection: [['M3', 1], ['M4', 1], ['M5', 1], ['M8', 1], ['M10', 3]],
  detectionAndResponse: [['M2', 0], ['M6', 1], ['M7', 0], ['M9', 0]],
  governance: [['M11', 1], ['A2', 1]],
  exposure: [['A1', 1], ['A6', 2], ['A7', 1]],
};

test('a new user completes an assessment by keyboard, explores a what-if, saves it, and manages history', async ({ page }) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUpWithMfa(page, `casey-${Date.now()}@example.com`);
  await page.goto('/');
  await acceptCookiesIfShown(page);

  await pressOn(page, page.getByRole('button', { name: 'Start the detailed assessment' }));
  await expect(page.getByRole('heading', { name: 'Your organisation' })).toBeVisible();
  await fillProfile(page);
  await page.screenshot({ path: `${SHOTS}/01-profile.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'profile');
  await pressOn(page, page.getByRole('button', { name: /^Next:/ }));

  await expect(page.getByRole('heading', { name: 'Compliance frameworks' })).toBeVisible();
  await tabTo(page, page.locator('#fw-hipaa'));
  await page.keyboard.type('In progress');
  await expect(page.locator('#fw-hipaa')).toHaveValue('inProgress');
  await page.screenshot({ path: `${SHOTS}/02-frameworks.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'frameworks');
  await pressOn(page, page.getByRole('button', { name: /^Next:/ }));

  for (const [group, answers] of Object.entries(FACTOR_PLAN)) {
    await expect(page.locator('#step-title')).toBeFocused();
    for (const [factorId, option] of answers) await answerFactor(page, factorId, option);
    if (group === 'governance') {
      // A4 is suggested from HIPAA "in progress": offered, not shown as selected, until used.
      await expect(page.locator('input[name="factor-A4"]:checked')).toHaveCount(0);
      await pressOn(page, page.getByTestId('factor-A4').getByRole('button', { name: 'Use this answer' }));
      await expect(page.locator('input[name="factor-A4"][value="partial"]')).toBeChecked();
    }
    await page.screenshot({ path: `${SHOTS}/03-${group}.png`, fullPage: true });
    if (group === 'people') await expectNoSeriousAxeViolations(page, group);
    await pressOn(page, page.getByRole('button', { name: /^Next:/ }));
  }

  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  await expect(page.getByTestId('save-status')).toContainText('All changes saved');
  await expect(page.getByTestId('review-answered')).toHaveText('19 of 19');
  await page.screenshot({ path: `${SHOTS}/04-review.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'review');
  await pressOn(page, page.getByRole('button', { name: 'Calculate my results' }));

  const ale = page.getByTestId('ale');
  await expect(ale).toContainText('$', { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'What to fix first' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loss exceedance curve' })).toBeVisible();
  const savedAle = (await ale.textContent()) ?? '';
  await page.screenshot({ path: `${SHOTS}/05-results.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'results');

  // What-if: the incident response plan from "None" to "Written + tested yearly".
  await tabTo(page, page.locator('#whatif-M2'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#whatif-M2')).toHaveValue('best');
  await expect(page.getByText(/lower than saved/).first()).toBeVisible();
  await expect(ale).not.toHaveText(savedAle);
  const parseUsd = (text: string) => {
    const m = /\$([\d.]+)([KMB]?)/.exec(text);
    const scale = { '': 1, K: 1e3, M: 1e6, B: 1e9 }[m?.[2] ?? ''] ?? 1;
    return Number(m?.[1] ?? NaN) * scale;
  };
  expect(parseUsd((await ale.textContent()) ?? '')).toBeLessThan(parseUsd(savedAle));
  await page.screenshot({ path: `${SHOTS}/06-what-if.png`, fullPage: true });

  await pressOn(page, page.getByRole('button', { name: 'Save as new scenario' }));
  await expect(page.getByText('Scenario saved').first()).toBeVisible();

  await pressOn(page, page.getByRole('link', { name: 'History', exact: true }).first());
  await expect(page.getByRole('heading', { name: 'Assessment History' })).toBeVisible();
  const scenarioTitle = /what-if$/;
  await expect(page.getByRole('rowheader', { name: scenarioTitle })).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/07-history.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'history');

  await pressOn(page, page.getByRole('button', { name: /^Duplicate .*what-if$/ }));
  await expect(page.getByRole('rowheader', { name: /what-if \(copy\)$/ })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/08-duplicated.png`, fullPage: true });

  await pressOn(page, page.getByRole('button', { name: /^Delete .*what-if \(copy\)$/ }));
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/09-delete-confirm.png` });
  await pressOn(page, page.getByRole('button', { name: 'Delete assessment' }));
  await expect(page.getByRole('rowheader', { name: /\(copy\)$/ })).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(3);

  await page.goto((await page.getByRole('link', { name: scenarioTitle }).getAttribute('href')) ?? '/history');
  await expect(page.getByTestId('ale')).toContainText('$');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/10-results-390.png`, fullPage: true });
});

test('a reload in the middle of the questions resumes where the user was', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUpWithMfa(page, `resume-${Date.now()}@example.com`);
  await page.goto('/risk-assessment');
  await acceptCookiesIfShown(page);
  await page.getByRole('button', { name: 'Start the detailed assessment' }).click();
  await fillProfile(page);
  await page.getByRole('button', { name: /^Next:/ }).click();
  await page.getByRole('button', { name: /^Next:/ }).click();
  await expect(page.getByRole('heading', { name: 'People' })).toBeVisible();
  await page.locator('input[name="factor-M1"][value="best"]').check();
  await expect(page.getByTestId('save-status')).toContainText('All changes saved');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'People' })).toBeVisible();
  await expect(page.locator('input[name="factor-M1"][value="best"]')).toBeChecked();

  // Offline: the browser copy keeps the answer through a reload.
  await page.context().setOffline(true);
  await page.locator('input[name="factor-A3"][value="best"]').check();
  await expect(page.getByTestId('save-status')).toContainText('Saved on this device');
  await page.context().setOffline(false);
  await page.reload();
  await expect(page.locator('input[name="factor-A3"][value="best"]')).toBeChecked();
  await expect(page.getByTestId('save-status')).toContainText('All changes saved');
});

test('the demo: sample results, accessible, with its heat map and methodology pages', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUpWithMfa(page, `demo-${Date.now()}@example.com`);
  await page.goto('/assessment-demo');
  await acceptCookiesIfShown(page);
  await expect(page.getByText('Sample data').first()).toBeVisible();
  await expect(page.getByTestId('ale')).toContainText('$', { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'What to fix first' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/11-demo.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'demo');

  await page.goto('/heatmap-demo');
  await expect(page.getByRole('heading', { name: /likelihood × impact/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/12-heatmap-demo.png`, fullPage: true });
  await page.goto('/methodology');
  await expect(page.getByRole('heading', { name: 'Every number and its source' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/13-methodology.png` });
});
