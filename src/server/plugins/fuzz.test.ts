import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fuzzRequest, sendFuzzRequest } from '../test/fuzz-arbitraries.ts';
import { createVerifiedUserSession } from '../test/helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Property-based fuzzing of every /api route (ADR 179): whatever the method,
 * body, content type, cookie or path parameter, the answer is below 500 and a 4xx carries a JSON
 * error with a message. Routes come from `app.registeredApiRoutes`, so new routes are fuzzed
 * without touching this file; the requests are drawn by test/fuzz-arbitraries.ts (shared with the
 * log-capture test). CI runs FUZZ_RUNS (default 300) requests; `npm run fuzz` runs 10,000.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

let t: TestApp;
let cookies: string[] = [];
beforeAll(async () => {
  // The global per-IP ceiling would turn most of a long run into 429s; it has its own tests.
  t = await createTestApp({ API_IP_LIMIT_PER_MINUTE: '0' });
  cookies = [(await createVerifiedUserSession(t)).cookie, (await createVerifiedUserSession(t, { role: 'super_admin' })).cookie];
}, 120_000);
afterAll(async () => {
  await t.close();
});

test(`FUZZ ${RUNS} requests over every /api route: never 5xx, every 4xx is a JSON error with a message`, async () => {
  const routes = t.app.registeredApiRoutes;
  expect(routes.length).toBeGreaterThan(20);
  let sent = 0;
  const statuses: Record<number, number> = {};
  await fc.assert(
    fc.asyncProperty(
      fuzzRequest(routes, () => cookies),
      async (request) => {
        sent += 1;
        // Logout, revocations and MFA changes may end a fuzzing session: refresh them now and then.
        if (sent % 100 === 0) cookies = [(await createVerifiedUserSession(t)).cookie, (await createVerifiedUserSession(t, { role: 'super_admin' })).cookie];
        const sentRequest = await sendFuzzRequest(t, request);
        if (!sentRequest) return;
        const { url, response } = sentRequest;
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        const context = `${request.route.method} ${url.slice(0, 200)} (${request.type ?? 'no type'}) -> ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, context).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const answer = response.json<{ message?: unknown }>();
          expect(typeof answer.message, context).toBe('string');
          expect(String(answer.message).length, context).toBeGreaterThan(0);
        }
      },
    ),
    { numRuns: RUNS, endOnFailure: true },
  );
  // The figures `npm run fuzz` reports: requests drawn, and answers by status.
  console.info(`fuzz: ${sent} requests drawn; answers by status ${JSON.stringify(statuses)}`);
  // The log holds no 5xx line either (the error handler logs each failure once).
  expect(t.logs.filter((line) => line.includes('"level":50')).slice(0, 3)).toEqual([]);
}, Math.max(120_000, RUNS * 200));
