import type { Page } from '@playwright/test';

/** The business-leader path in the browser: shared by the one-person and the two-person journeys. */

/** Answered "I don't know" on the 15 plain questions; they map onto M3, M8 and the supply-chain factor. */
export const UNKNOWN_QUESTIONS = ['phoneCode', 'encryption', 'suppliers'];

export async function acceptCookies(page: Page) {
  const accept = page.getByRole('button', { name: 'Accept All' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

export async function fillProfile(page: Page) {
  await page.getByLabel('Organisation name').fill('Harbour Dental');
  await page.getByLabel('Industry').selectOption('healthcare');
  await page.getByLabel('Number of employees').fill('60');
  await page.getByLabel('Annual revenue (USD)').fill('9000000');
  await page.getByLabel('Health records (patients)').fill('20000');
}

/** Every plain question gets its second option, except UNKNOWN_QUESTIONS ("I don't know"). */
export async function answerBusinessQuestions(page: Page) {
  for (const question of await page.locator('[data-testid^="bq-"]').all()) {
    const id = ((await question.getAttribute('data-testid')) ?? '').slice(3);
    if (UNKNOWN_QUESTIONS.includes(id)) await question.getByLabel("I don't know").check();
    else await question.locator('input[type="radio"]').nth(1).check();
  }
}

function parseUsd(text: string): number {
  const m = /\$([\d.,]+)([KMB]?)/.exec(text);
  const scale = { '': 1, K: 1e3, M: 1e6, B: 1e9 }[m?.[2] ?? ''] ?? 1;
  return Number((m?.[1] ?? 'NaN').replace(/,/g, '')) * scale;
}

/** The width of the shown range of the expected annual loss while answers are unknown. */
export async function rangeWidth(page: Page): Promise<number> {
  const values = await page.getByTestId('unknown-range').locator('strong').allTextContents();
  return parseUsd(values[1] ?? '') - parseUsd(values[0] ?? '');
}
