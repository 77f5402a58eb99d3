import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createVerifiedUserSession } from '../test/helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Property-based fuzzing of every /api route (issue #18 item 7, ADR 179): whatever the method,
 * body, content type, cookie or path parameter, the answer is below 500 and a 4xx carries a JSON
 * error with a message. Routes come from `app.registeredApiRoutes`, so new routes are fuzzed
 * without touching this file. CI runs FUZZ_RUNS (default 300) requests; `npm run fuzz` runs 10,000.
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

const UNICODE_EDGES = ['\u0000', '\uD800', '\uDFFF', '\uDBFF\uDFFF', '\uFEFF', '\u202E', '\u0301', 'e\u0301', '😀', '\u{10FFFF}', 'Ω', '\r\n', '\t', '\\', '"', "'", '%00', '%', '${x}', "'; drop table users; --", '<script>x</script>', '../../etc/passwd'];
const edgeString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(...UNICODE_EDGES),
  fc.array(fc.constantFrom(...UNICODE_EDGES), { maxLength: 8 }).map((parts) => parts.join('a')),
  fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'x'.repeat(length)),
  fc.emailAddress(),
  fc.uuid(),
);
const FIELD_NAMES = ['email', 'password', 'confirmPassword', 'currentPassword', 'newPassword', 'firstName', 'lastName', 'company', 'phone', 'message', 'subject', 'category', 'title', 'input', 'currentStep', 'seed', 'code', 'type', 'token', 'note', 'status', 'name', 'companySize', 'industry', 'service', 'userEmail', 'userName', '__proto__', 'constructor', 'prototype', 'role'];
const leaf = fc.oneof(edgeString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(1e308), fc.constant(-0), fc.bigInt().map((value) => value.toString()));
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('node'), { maxLength: 5 }), fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string()), tie('node'), { maxKeys: 6 })),
})).node;
/** Bodies shaped like the contracts (known field names) with hostile values, plus anything at all. */
const objectBody = fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }).map((body) => JSON.stringify(body));
const deepBody = fc.integer({ min: 50, max: 5_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const protoBody = fc.constantFrom('{"__proto__":{"role":"super_admin"}}', '{"constructor":{"prototype":{"role":"admin"}}}', '{"email":"a@b.co","__proto__":{"x":1}}');
const rawBody = fc.oneof(objectBody, value.map((body) => JSON.stringify(body) ?? 'null'), deepBody, protoBody, edgeString, fc.constant(''), fc.constant('{'), fc.constant('[]'), fc.constant('null'));
const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/vnd.api+json', 'garbage', undefined);
const cookieHeader = fc.oneof(
  fc.constant(undefined),
  fc.integer({ min: 0, max: 1 }).map((index) => cookies[index]),
  fc.string().map((text) => `cifer_session=${text}`),
  fc.constantFrom('cifer_session=', 'cifer_session=%', 'cifer_session=' + 'A'.repeat(5_000), 'cifer_session=a; cifer_session=b', '=;=;', 'cifer_signed_in=1'),
);
/** encodeURIComponent throws on a lone surrogate; send its (invalid) UTF-8 bytes instead. */
function encodePathPart(text: string): string {
  try {
    return encodeURIComponent(text).slice(0, 2_000);
  } catch {
    return '%ED%A0%80';
  }
}
const pathParam = fc.oneof(fc.uuid(), edgeString.map(encodePathPart), fc.constantFrom('0', '-1', 'null', '%00', '..', '%2e%2e', 'ffffffff-ffff-ffff-ffff-ffffffffffff'));

test(`FUZZ ${RUNS} requests over every /api route: never 5xx, every 4xx is a JSON error with a message`, async () => {
  const routes = t.app.registeredApiRoutes;
  expect(routes.length).toBeGreaterThan(20);
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...routes), rawBody, contentType, cookieHeader, pathParam, fc.nat(65_535), fc.boolean(), async (route, body, type, cookie, param, ipSeed, sameOrigin) => {
      sent += 1;
      // Logout, revocations and MFA changes may end a fuzzing session: refresh them now and then.
      if (sent % 100 === 0) cookies = [(await createVerifiedUserSession(t)).cookie, (await createVerifiedUserSession(t, { role: 'super_admin' })).cookie];
      const url = route.url.replace(/:[A-Za-z]+/g, param);
      const headers: Record<string, string> = {};
      if (type) headers['content-type'] = type;
      if (cookie) headers.cookie = cookie;
      if (sameOrigin) headers.origin = t.env.APP_URL;
      const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
      let response;
      try {
        response = await t.app.inject({ method: route.method as 'GET', url, headers, remoteAddress: `10.${ipSeed >> 8}.${ipSeed & 255}.7`, ...(hasBody ? { payload: body } : {}) });
      } catch (error) {
        // light-my-request refuses header values no HTTP client could send (e.g. NUL in a cookie).
        if (error instanceof TypeError && /header|character/i.test(error.message)) return;
        throw error;
      }
      const context = `${route.method} ${url.slice(0, 200)} (${type ?? 'no type'}) -> ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, context).toBeLessThan(500);
      if (response.statusCode >= 400) {
        const answer = response.json<{ message?: unknown }>();
        expect(typeof answer.message, context).toBe('string');
        expect(String(answer.message).length, context).toBeGreaterThan(0);
      }
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
  // The log holds no 5xx line either (the error handler logs each failure once).
  expect(t.logs.filter((line) => line.includes('"level":50')).slice(0, 3)).toEqual([]);
}, Math.max(120_000, RUNS * 200));
