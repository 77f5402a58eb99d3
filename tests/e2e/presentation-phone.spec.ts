import { expect, test, type Locator, type Page } from '@playwright/test';
import { SAMPLE_CLINIC_INPUT } from '../../src/engine/sample-inputs.ts';
import { completeAssessment } from '../support/complete-assessment.ts';
import { signUpWithMfa } from '../support/sign-up-with-mfa.ts';

const SHOTS = '.tmp/shots/presentation-phone';
// The slide on screen (the print layout holds a hidden copy of every slide).
const SLIDE = 'section[aria-label="Presentation"] article[aria-roledescription="slide"]';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every chart label of the slide on screen, with the box it must stay inside (its chart), in page pixels. */
async function chartLabelsOutsideTheirBox(page: Page): Promise<string[]> {
  return page.locator(SLIDE).evaluate((slide) => {
    const slideBox = slide.getBoundingClientRect();
    const outside: string[] = [];
    for (const svg of slide.querySelectorAll('svg')) {
      const chart = svg.getBoundingClientRect();
      for (const text of svg.querySelectorAll('text')) {
        const box = text.getBoundingClientRect();
        if (box.width === 0) continue;
        // Half a pixel of anti-aliasing is not a cut label.
        const isInside = (outer: DOMRect) =>
          box.left >= outer.left - 0.5 && box.right <= outer.right + 0.5 && box.top >= outer.top - 0.5 && box.bottom <= outer.bottom + 0.5;
        if (!isInside(chart) || !isInside(slideBox))
          outside.push(
            `"${text.textContent}" at ${Math.round(box.left)}-${Math.round(box.right)} outside ${Math.round(chart.left)}-${Math.round(chart.right)}`,
          );
      }
    }
    return outside;
  });
}

/** Text of the slide wider than the screen (a table may scroll inside its own box, nothing else may). */
async function slideWiderThanScreen(page: Page): Promise<number> {
  return page.locator(SLIDE).evaluate((slide) => slide.scrollWidth - slide.clientWidth);
}

/** Content taller than a 16:9 slide is hidden under its footer: how many pixels (the phone card flows, so only wide frames count). */
async function slideTallerThanFrame(page: Page): Promise<number> {
  return page.locator(SLIDE).evaluate((slide) => {
    const footer = slide.querySelector('footer');
    // Every element of the body, not only its boxes: a flex child may keep its own height while its list runs on.
    const body = [...slide.children].filter((child) => child !== footer).flatMap((child) => [child, ...child.querySelectorAll('*')]);
    const lowest = Math.max(...body.map((element) => element.getBoundingClientRect().bottom));
    return footer === null ? 0 : lowest - footer.getBoundingClientRect().top;
  });
}

async function expectBannerBesideTheSlide(banner: Locator, slide: Locator) {
  const bannerBox = await banner.boundingBox();
  const slideBox = await slide.boundingBox();
  expect(bannerBox).not.toBeNull();
  expect(slideBox).not.toBeNull();
  expect(overlaps(bannerBox as Box, slideBox as Box), `banner ${JSON.stringify(bannerBox)} over slide ${JSON.stringify(slideBox)}`).toBe(
    false,
  );
}

test('on a first visit the cookie banner covers no slide, and at 390 px no label, picker or key hint is cut or out of place', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await signUpWithMfa(page, `phone-${Date.now()}@example.com`, { firstName: 'Sam', lastName: 'Reyes', company: 'Account Company' });
  const id = await completeAssessment(page, 'A long assessment title that a phone could not show in full without wrapping', {
    ...SAMPLE_CLINIC_INPUT,
    organisation: { ...SAMPLE_CLINIC_INPUT.organisation, name: 'Riverside Family Clinic and Outpatient Surgery Centre' },
  });

  // First visit: no consent stored, so the banner shows; it sits after the presentation, never over the slide.
  await page.goto('/presentation');
  const slide = page.locator(SLIDE);
  await expect(slide.getByRole('heading', { level: 2 })).toContainText('Cyber risk in dollars');
  const banner = page.getByTestId('cookie-banner');
  await expect(banner).toBeAttached();
  await expect(banner).toHaveAttribute('data-placement', 'in-flow');
  await expectBannerBesideTheSlide(banner, slide);
  await expect(page.getByTestId('key-hints')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/1280-first-visit.png` });

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    await page.getByRole('button', { name: 'Previous slide' }).evaluate((b) => b.scrollIntoView());
    await page.keyboard.press('Home');
    await expect(page.getByTestId('slide-position')).toHaveText(/^Slide 1 of \d+$/);
    await expectBannerBesideTheSlide(banner, slide);
    const total = Number((await page.getByTestId('slide-position').textContent())?.match(/of (\d+)/)?.[1]);
    for (let i = 1; i <= total; i++) {
      await expect(page.getByTestId('slide-position')).toHaveText(`Slide ${i} of ${total}`);
      expect.soft(await chartLabelsOutsideTheirBox(page), `slide ${i} at ${width} px`).toEqual([]);
      expect.soft(await slideWiderThanScreen(page), `slide ${i} at ${width} px`).toBeLessThanOrEqual(0);
      expect.soft(await slideTallerThanFrame(page), `slide ${i} at ${width} px runs into its footer`).toBeLessThanOrEqual(0);
      if (width === 390) await slide.screenshot({ path: `${SHOTS}/390-slide-${String(i).padStart(2, '0')}.png` });
      if (width === 1280 && (i === 2 || i === 6)) await slide.screenshot({ path: `${SHOTS}/1280-slide-${String(i).padStart(2, '0')}.png` });
      if (i < total) await page.getByRole('button', { name: 'Next slide' }).click();
    }
  }

  // At 390 px: the picker fits the screen, the page does not scroll sideways, and no keyboard hint is shown.
  const picker = page.getByLabel('Assessment', { exact: true });
  const pickerBox = (await picker.boundingBox()) as Box;
  expect(pickerBox.x).toBeGreaterThanOrEqual(0);
  expect(pickerBox.x + pickerBox.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByTestId('key-hints')).toBeHidden();
  await expect(page.getByText(/arrow keys|press F/)).toHaveCount(0);
  await page.keyboard.press('Home');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/390-first-visit.png` });
  await page.screenshot({ path: `${SHOTS}/390-first-visit-full.png`, fullPage: true });

  // Accepting hides the banner; elsewhere it is the fixed bar it always was.
  await banner.getByRole('button', { name: 'Accept All' }).click();
  await expect(banner).toHaveCount(0);

  // The results page: the band rates the dollars against revenue and says why; the typical peer is a model reference.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/history/${id}`);
  await expect(page.getByTestId('risk-band')).toHaveText(/^Risk: (Low|Guarded|Moderate|High|Severe)$/);
  await expect(page.getByTestId('risk-band-reason')).toContainText('of revenue');
  await expect(page.getByTestId('peer-ale')).toContainText("a model reference, not other customers' data");
  await page.locator('section[aria-labelledby="headline-title"]').screenshot({ path: `${SHOTS}/results-headline.png` });
});

test('a touch screen shows no keyboard hints even when wide', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true, isMobile: false });
  const page = await context.newPage();
  await page.goto('/');
  await signUpWithMfa(page, `touch-${Date.now()}@example.com`, { firstName: 'Kim', lastName: 'Ng', company: 'Touch Co' });
  await completeAssessment(page, 'Touch', SAMPLE_CLINIC_INPUT);
  await page.goto('/presentation');
  await expect(page.locator(SLIDE)).toBeVisible();
  // A touch context reports a coarse pointer: the hint follows the pointer, not only the width.
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  await expect(page.getByTestId('key-hints')).toBeHidden();
  await context.close();
});
