import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Assessment } from '@/contracts/assessments.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { createReportRunner } from '../../lib/report-worker/report-runner.ts';
import { call, createVerifiedUserSession } from '../../test/helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// What a caller gets when a report thread dies under their download (ADR 323): the app's report
// runner is swapped for a pool of one stand-in thread (the other API tests build files in process;
// the real pool is checked in a process of its own, lib/report-worker/report-runner.test.ts).

let t: TestApp;
let cookie: string;
let completed: Assessment;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await createVerifiedUserSession(t));
  const created = await call(t, cookie, 'POST', '/api/assessments', { title: 'Q1', input: SAMPLE_CLINIC_INPUT });
  completed = (await call(t, cookie, 'POST', `/api/assessments/${created.json<Assessment>().id}/complete`, {})).json<Assessment>();
}, 120_000);
afterAll(async () => {
  await t.close();
});

test('a report thread that dies under a download answers that download a 500 in the error format, and the next download is answered', async () => {
  const real = t.app.reports;
  // A pool whose stand-in thread crashes on a deck and answers anything else (test/failing-report-worker.ts).
  t.app.reports = createReportRunner(t.app.log, { threads: 1, workerUrl: new URL('../../test/failing-report-worker.ts', import.meta.url) });
  try {
    const crashed = await call(t, cookie, 'GET', `/api/assessments/${completed.id}/report.pptx`);
    expect(crashed.statusCode).toBe(500);
    expect(crashed.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'internal' });
    const next = await call(t, cookie, 'GET', `/api/assessments/${completed.id}/report.pdf`);
    expect(next.statusCode).toBe(200);
    expect(next.rawPayload.toString()).toBe('stand-in pdf');
  } finally {
    await t.app.reports.close();
    t.app.reports = real;
  }
}, 120_000);
