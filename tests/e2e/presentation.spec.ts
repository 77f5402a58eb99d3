import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { SAMPLE_CLINIC_INPUT } from '../../src/engine/sample-inputs.ts';
import { readFirstSlideTiming, watchFirstSlide } from '../support/first-slide-timing.ts';
import { signUpWithMfa } from '../support/sign-up-with-mfa.ts';
import { completeAssessment } from '../support/complete-assessment.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

const SHOTS = '.tmp/shots/presentation';

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a verified user presents the latest assessment by keyboard, with notes, at board and phone sizes', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/');
  await signUpWithMfa(page, `board-${Date.now()}@example.com`, { firstName: 'Dana', lastName: 'Whitfield', company: 'Riverside Clinic' });
  // The same organisation assessed a year earlier: what changed compares one organisation only (ADR 274).
  await completeAssessment(page, 'Last year', { ...SAMPLE_CLINIC_INPUT, organisation: { ...SAMPLE_CLINIC_INPUT.organisation, name: 'Riverside Clinic' } });
  const latest = await completeAssessment(page, 'This year', {
    ...SAMPLE_CLINIC_INPUT,
    // The slides name the organisation assessed, not the account's company (ADR 217).
    organisation: { ...SAMPLE_CLINIC_INPUT.organisation, name: 'Riverside Clinic', annualRevenueUsd: 24_000_000 },
    factors: { ...SAMPLE_CLINIC_INPUT.factors, M2: 'best' },
  });

  await watchFirstSlide(page, 'Cyber risk in dollars:');
  const started = Date.now();
  await page.goto('/presentation');
  await expect(page.getByRole('heading', { name: 'Cyber risk in dollars: Riverside Clinic' })).toBeVisible();
  const firstSlideMs = Date.now() - started;
  console.log(`presentation: first slide on screen ${firstSlideMs} ms after navigation`);
  const timing = await readFirstSlideTiming(page);
  console.log(`presentation: first slide painted ${Math.round(timing.paintedMs)} ms after navigation start (in the page)\n${timing.timeline}`);
  await expect(page.getByLabel('Assessment', { exact: true })).toHaveValue(latest);
  const accept = page.getByRole('button', { name: 'Accept All' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
  await page.screenshot({ path: `${SHOTS}/1920-title.png` });

  // The only user of the organisation adds a logo; the server decodes it and the slides show it.
  const logo = new PNG({ width: 120, height: 40 });
  for (let i = 0; i < logo.data.length; i += 4) logo.data.set([29, 78, 216, 255], i);
  await page.getByLabel('Add your logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG.sync.write(logo) });
  await expect(page.getByRole('img', { name: 'Riverside Clinic logo' })).toBeVisible();
  await page.getByRole('heading', { name: 'Cyber risk in dollars: Riverside Clinic' }).click();

  // Every slide by keyboard: → and Space forward, Home/End, ← back.
  const titles: string[] = [];
  const position = page.getByTestId('slide-position');
  await expect(position).toHaveText('Slide 1 of 12');
  for (let i = 1; i <= 12; i++) {
    await expect(position).toHaveText(`Slide ${i} of 12`);
    titles.push((await page.locator('article[aria-roledescription="slide"] h2').first().textContent()) ?? '');
    if (i === 2) await page.screenshot({ path: `${SHOTS}/1920-headline.png` });
    if (i === 5) await page.screenshot({ path: `${SHOTS}/1920-scenarios.png` });
    if (i === 7) await page.screenshot({ path: `${SHOTS}/1920-fixes.png` });
    if (i === 8) await page.screenshot({ path: `${SHOTS}/1920-decision.png` });
    if (i === 10) await page.screenshot({ path: `${SHOTS}/1920-insurance.png` });
    if (i === 11) await page.screenshot({ path: `${SHOTS}/1920-what-changed.png` });
    await page.keyboard.press(i % 2 === 0 ? 'Space' : 'ArrowRight');
  }
  expect(titles).toEqual(['Cyber risk in dollars: Riverside Clinic', 'The number', 'How bad can a year get', 'Where the money goes', 'Where the loss comes from', 'What moves the number', 'The top fixes', 'The decision', 'Regulatory fines', 'Insurance and risk appetite', 'What changed since last time', 'Method and limits']);
  await expect(position).toHaveText('Slide 12 of 12');
  await page.keyboard.press('Home');
  await expect(position).toHaveText('Slide 1 of 12');
  await page.keyboard.press('End');
  await expect(position).toHaveText('Slide 12 of 12');
  await page.keyboard.press('ArrowLeft');
  await expect(position).toHaveText('Slide 11 of 12');

  // Speaker notes toggle with N and with the button.
  await expect(page.getByTestId('speaker-notes')).toHaveCount(0);
  await page.keyboard.press('n');
  await expect(page.getByTestId('speaker-notes')).toContainText('Since the assessment of');
  await page.screenshot({ path: `${SHOTS}/1920-notes.png`, fullPage: true });
  await page.getByRole('button', { name: 'Hide notes' }).click();
  await expect(page.getByTestId('speaker-notes')).toHaveCount(0);

  // F asks for full screen (headless Chromium grants it), Esc-equivalent leaves it.
  await page.keyboard.press('Home');
  await page.keyboard.press('f');
  await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/1920-fullscreen.png` });
  await page.evaluate(() => document.exitFullscreen());
  await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();

  await expectNoSeriousAxeViolations(page, '/presentation 1920');

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.keyboard.press('ArrowRight');
  await page.screenshot({ path: `${SHOTS}/1280-headline.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveText('Slide 3 of 12');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SHOTS}/390-exceedance.png`, fullPage: true });
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(position).toHaveText('Slide 4 of 12');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousAxeViolations(page, '/presentation 390');

  // The reports download as whole files named after the organisation and date.
  const pdf = await page.request.get(`/api/assessments/${latest}/report.pdf`);
  expect(pdf.headers()['content-disposition']).toMatch(/filename="cifer-board-report-riverside-clinic-\d{4}-\d{2}-\d{2}\.pdf"/);

  // The results page shows what changed since the last assessment.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/history/${latest}`);
  await expect(page.getByRole('heading', { name: 'Since your last assessment' })).toBeVisible();
  await expect(page.getByTestId('what-changed')).toContainText('M2 Incident response plan, tested: worst → best');
  await page.getByTestId('what-changed').screenshot({ path: `${SHOTS}/results-what-changed.png` });
});
