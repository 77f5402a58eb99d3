import { afterAll, beforeAll, bench, describe } from 'vitest';
import type { Assessment } from '@/contracts/assessments.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { createVerifiedUserSession } from '../../test/helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The server path of a full report, warm (figures: docs/benchmarks.md, "Reports"): read the
// assessment and the previous one, the what-changed waterfall, the model and the file.
let t: TestApp;
let cookie = '';
let id = '';

async function complete(input: unknown): Promise<string> {
  const headers = { origin: t.env.APP_URL, cookie };
  const created = await t.app.inject({ method: 'POST', url: '/api/assessments', headers, payload: { title: 'Bench', input } });
  const draftId = created.json<Assessment>().id;
  await t.app.inject({ method: 'POST', url: `/api/assessments/${draftId}/complete`, headers, payload: {} });
  return draftId;
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await createVerifiedUserSession(t, { role: 'admin' })).cookie;
  await complete(SAMPLE_CLINIC_INPUT);
  t.clock.advance(60_000);
  id = await complete({ ...SAMPLE_CLINIC_INPUT, organisation: { ...SAMPLE_CLINIC_INPUT.organisation, annualRevenueUsd: 24_000_000 }, factors: { ...SAMPLE_CLINIC_INPUT.factors, M3: 'best' } });
}, 120_000);
afterAll(async () => t.close());

async function get(path: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/assessments/${id}/${path}`, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode}`);
}

const options = { iterations: 10, warmupIterations: 3, time: 0, warmupTime: 0 };

describe('report routes, server warm (app.inject, PGlite)', () => {
  bench('GET report.pdf', () => get('report.pdf'), options);
  bench('GET report.pptx', () => get('report.pptx'), options);
  bench('GET report (JSON for /presentation)', () => get('report'), options);
});
