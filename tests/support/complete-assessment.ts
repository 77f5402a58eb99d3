import { expect, type Page } from '@playwright/test';
import type { Assessment } from '../../src/contracts/assessments.ts';

/** Creates and completes an assessment through the API as the signed-in page's user; the completed assessment. */
export async function completedAssessment(page: Page, title: string, input: unknown): Promise<Assessment> {
  const headers = { origin: new URL(page.url()).origin };
  const created = await page.request.post('/api/assessments', { headers, data: { title, input } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const done = await page.request.post(`/api/assessments/${id}/complete`, { headers, data: {} });
  expect(done.status(), await done.text()).toBe(200);
  return (await done.json()) as Assessment;
}

/** As `completedAssessment`; its id. */
export async function completeAssessment(page: Page, title: string, input: unknown): Promise<string> {
  return (await completedAssessment(page, title, input)).id;
}
