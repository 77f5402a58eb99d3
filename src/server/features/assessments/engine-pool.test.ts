import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Assessment } from '@/contracts/assessments.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { createDefaultRiskInput, createUniformAnswers } from '@/engine/sample-inputs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createVerifiedUserSession } from '../../test/helpers.ts';

// Two users of one server, each completing an assessment, on the engine's pool of two threads
// (ADR 269; the other API tests run the engine in process). The one whose run is slow must not hold
// up the other's: the short completion started after the slow one is answered first. On one thread
// (or in process) runs are taken first come, first served, so the order would be the other way round.

/** Every answer "I don't know" for a 480-person manufacturer: the slowest kind of run (ADR 268). */
const SLOW: RiskInput = { ...createDefaultRiskInput('manufacturing', 480, 300_000_000), factors: createUniformAnswers('unknown') };
/** A typical run: a 15-person firm, every answer given. */
const TYPICAL: RiskInput = { ...createDefaultRiskInput('financialServices', 15, 2_000_000), factors: createUniformAnswers('partial') };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ENGINE_THREADS: '2' });
  // Start both threads first (each loads the engine once), so only the runs themselves are compared.
  const run = (seed: number) => t.app.engine.expectedLoss({ input: TYPICAL, seed, iterations: 20_000 });
  await Promise.all([run(1), run(2)]);
});
afterAll(async () => {
  await t.close();
});

async function draft(cookie: string, input: RiskInput): Promise<string> {
  const created = await call(t, cookie, 'POST', '/api/assessments', { input });
  expect(created.statusCode).toBe(201);
  return created.json<Assessment>().id;
}

test("one user's slow run does not hold up another user's completion: it is answered first, while the slow run goes on", async () => {
  const alice = await createVerifiedUserSession(t);
  const bob = await createVerifiedUserSession(t);
  const [aliceDraft, bobDraft] = [await draft(alice.cookie, SLOW), await draft(bob.cookie, TYPICAL)];
  // Bob completes once Alice's run is with the engine.
  const aliceRunAsked = new Promise<void>((resolve) => {
    const assess = t.app.engine.assess.bind(t.app.engine);
    vi.spyOn(t.app.engine, 'assess').mockImplementation((input, options) => {
      resolve();
      return assess(input, options);
    });
  });
  const finished: string[] = [];
  const aliceDone = call(t, alice.cookie, 'POST', `/api/assessments/${aliceDraft}/complete`, { seed: 1 }).then((response) => {
    finished.push('alice');
    return response;
  });
  await aliceRunAsked;
  const bobResponse = await call(t, bob.cookie, 'POST', `/api/assessments/${bobDraft}/complete`, { seed: 1 });
  finished.push('bob');
  expect(bobResponse.statusCode).toBe(200);
  expect(bobResponse.json<Assessment>().status).toBe('completed');
  const aliceResponse = await aliceDone;
  expect(aliceResponse.statusCode).toBe(200);
  expect(finished).toEqual(['bob', 'alice']);
  // Both are the engine's full results: Alice's with every answer unknown, Bob's with none.
  expect(aliceResponse.json<Assessment>().result?.unknownFactors).toHaveLength(19);
  expect(bobResponse.json<Assessment>().result?.unknownFactors).toEqual([]);
});
