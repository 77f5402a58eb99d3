import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.ts';

/**
 * The hostile requests of the fuzz suite (ADR 179), shared by the fuzz test (no 5xx, a JSON error
 * with a message) and the log-capture test (no secret in any log line): a route, a body (contract
 * field names with hostile values, arbitrary JSON, deep nesting, huge strings, unicode edges,
 * prototype keys, broken JSON), a content type, a cookie, a path parameter and an address.
 */

export const UNICODE_EDGES = ['\u0000', '\uD800', '\uDFFF', '\uDBFF\uDFFF', '\uFEFF', '\u202E', '\u0301', 'e\u0301', '😀', '\u{10FFFF}', 'Ω', '\r\n', '\t', '\\', '"', "'", '%00', '%', '${x}', "'; drop table users; --", '<script>x</script>', '../../etc/passwd'];
export const edgeString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(...UNICODE_EDGES),
  fc.array(fc.constantFrom(...UNICODE_EDGES), { maxLength: 8 }).map((parts) => parts.join('a')),
  fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'x'.repeat(length)),
  fc.emailAddress(),
  fc.uuid(),
);
export const FIELD_NAMES = ['email', 'password', 'confirmPassword', 'currentPassword', 'newPassword', 'firstName', 'lastName', 'company', 'phone', 'message', 'subject', 'category', 'title', 'input', 'currentStep', 'seed', 'code', 'type', 'token', 'note', 'status', 'name', 'companySize', 'industry', 'service', 'userEmail', 'userName', '__proto__', 'constructor', 'prototype', 'role'];
const leaf = fc.oneof(edgeString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(1e308), fc.constant(-0), fc.bigInt().map((value) => value.toString()));
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('node'), { maxLength: 5 }), fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string()), tie('node'), { maxKeys: 6 })),
})).node;
/** Bodies shaped like the contracts (known field names) with hostile values, plus anything at all. */
const objectBody = fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }).map((body) => JSON.stringify(body));
const deepBody = fc.integer({ min: 50, max: 5_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const protoBody = fc.constantFrom('{"__proto__":{"role":"super_admin"}}', '{"constructor":{"prototype":{"role":"admin"}}}', '{"email":"a@b.co","__proto__":{"x":1}}');
export const rawBody = fc.oneof(objectBody, value.map((body) => JSON.stringify(body) ?? 'null'), deepBody, protoBody, edgeString, fc.constant(''), fc.constant('{'), fc.constant('[]'), fc.constant('null'));
export const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/vnd.api+json', 'garbage', undefined);

/** Valid session cookies (read when a value is drawn, so a test can refresh them), garbage, oversized, duplicated. */
export function cookieHeader(validCookies: () => readonly string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    fc.constant(undefined),
    fc.nat(1_000).map((index) => {
      const cookies = validCookies();
      return cookies.length > 0 ? cookies[index % cookies.length] : undefined;
    }),
    fc.string().map((text) => `cifer_session=${text}`),
    fc.constantFrom('cifer_session=', 'cifer_session=%', 'cifer_session=' + 'A'.repeat(5_000), 'cifer_session=a; cifer_session=b', '=;=;', 'cifer_signed_in=1'),
  );
}

/** encodeURIComponent throws on a lone surrogate; send its (invalid) UTF-8 bytes instead. */
function encodePathPart(text: string): string {
  try {
    return encodeURIComponent(text).slice(0, 2_000);
  } catch {
    return '%ED%A0%80';
  }
}
export const pathParam = fc.oneof(fc.uuid(), edgeString.map(encodePathPart), fc.constantFrom('0', '-1', 'null', '%00', '..', '%2e%2e', 'ffffffff-ffff-ffff-ffff-ffffffffffff'));

export interface FuzzRoute {
  method: string;
  url: string;
}

export interface FuzzRequest {
  route: FuzzRoute;
  body: string;
  type: string | undefined;
  cookie: string | undefined;
  param: string;
  ipSeed: number;
  sameOrigin: boolean;
}

/** One hostile request to one of `routes`. */
export function fuzzRequest(routes: readonly FuzzRoute[], validCookies: () => readonly string[]): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    route: fc.constantFrom(...routes),
    body: rawBody,
    type: contentType,
    cookie: cookieHeader(validCookies),
    param: pathParam,
    ipSeed: fc.nat(65_535),
    sameOrigin: fc.boolean(),
  });
}

/**
 * Sends a fuzzed request through `app.inject`. Null when light-my-request refuses a header value
 * no HTTP client could send (e.g. NUL in a cookie).
 */
export async function sendFuzzRequest(t: TestApp, request: FuzzRequest): Promise<{ url: string; response: LightMyRequestResponse } | null> {
  const { route, body, type, cookie, param, ipSeed, sameOrigin } = request;
  const url = route.url.replace(/:[A-Za-z]+/g, param);
  const headers: Record<string, string> = {};
  if (type) headers['content-type'] = type;
  if (cookie) headers.cookie = cookie;
  if (sameOrigin) headers.origin = t.env.APP_URL;
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  try {
    const response = await t.app.inject({ method: route.method as 'GET', url, headers, remoteAddress: `10.${ipSeed >> 8}.${ipSeed & 255}.7`, ...(hasBody ? { payload: body } : {}) });
    return { url, response };
  } catch (error) {
    if (error instanceof TypeError && /header|character/i.test(error.message)) return null;
    throw error;
  }
}
