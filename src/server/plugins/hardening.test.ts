import { randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { INVALID_TEXT_MESSAGE } from '@/contracts/text.ts';
import { auditLog } from '../db/schema.ts';
import { toLogSafeError } from '../db/log-safe-error.ts';
import { REFUSAL_AUDIT_LIMIT_PER_MINUTE } from '../lib/audit.ts';
import { HELMET_OPTIONS, MACHINE_ANSWER_HELMET_OPTIONS } from './security-headers.ts';
import { createSignedInUser, post, STRONG_PASSWORD, uniqueEmail } from '../test/helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** The reproductions of the hostile-input audit (ADR 170, 175, 176), on PGlite and (with DATABASE_URL) PostgreSQL. */

let t: TestApp;
let signedIn: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  signedIn = await createSignedInUser(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const HOSTILE = { nul: 'Hello\u0000world', loneHigh: 'Clinic \uD800 Ltd', loneLow: '\uDC00 reversed' } as const;

function signUp(overrides: Record<string, string>) {
  return { email: uniqueEmail('hostile'), password: STRONG_PASSWORD, firstName: 'Ada', lastName: 'Lovelace', company: 'Example Clinic', ...overrides };
}
function accessRequest(overrides: Record<string, string>) {
  return { email: uniqueEmail('access'), password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, firstName: 'Ada', lastName: 'Lovelace', company: 'Example', ...overrides };
}

/** [name, url, field (as named in the 400), body maker, needs the signed-in cookie] */
const REPRODUCTIONS: Array<[string, string, string, (value: string) => Record<string, unknown>, boolean]> = [
  ['help subject', '/api/help/submit', 'subject', (value) => ({ category: 'other', subject: value, message: 'fine' }), true],
  ['help message', '/api/help/submit', 'message', (value) => ({ category: 'other', subject: 'fine', message: value }), true],
  ['assessment title', '/api/assessments', 'title', (value) => ({ title: value }), true],
  ['assessment organisation name', '/api/assessments', 'input.organisation.name', (value) => ({ input: { organisation: { name: value } } }), true],
  ['organisation name at sign-up', '/api/auth/register', 'company', (value) => signUp({ company: value }), false],
  ['sign-up first name', '/api/auth/register', 'firstName', (value) => signUp({ firstName: value }), false],
  ['access-request last name', '/api/auth/register', 'lastName', (value) => accessRequest({ lastName: value }), false],
  ['login e-mail', '/api/auth/login', 'email', (value) => ({ email: `a${value}@example.com`, password: STRONG_PASSWORD }), false],
  ['reset e-mail', '/api/request-password-reset', 'email', (value) => ({ email: `a${value}@example.com` }), false],
  ['consultation company', '/api/consultations', 'company', (value) => ({ name: 'Ada', email: 'ada@example.com', company: value, companySize: '10-49', industry: 'healthcare', service: 'assessment', message: '' }), false],
];

describe('hostile text: NUL and lone surrogates answer 400 naming the field, never 5xx', () => {
  test.each(REPRODUCTIONS.flatMap(([name, url, field, body, auth]) => Object.entries(HOSTILE).map(([kind, value]) => [`${name} (${kind})`, url, field, body(value), auth] as const)))(
    'VAL %s',
    async (_name, url, field, body, auth) => {
      const response = await post(t, url, body, { ip: `10.60.${randomBytes(1)[0]}.${randomBytes(1)[0]}`, ...(auth ? { cookie: signedIn.cookie } : {}) });
      expect(response.statusCode, response.body).toBe(400);
      const answer = response.json<{ code: string; issues: Array<{ path: string; message: string }> }>();
      expect(answer.code).toBe('bad_request');
      expect(answer.issues).toContainEqual({ path: field, message: INVALID_TEXT_MESSAGE });
    },
  );

  test('well-formed astral characters (emoji, CJK extension B) are still accepted', async () => {
    const response = await post(t, '/api/help/submit', { category: 'other', subject: 'Thanks 😀 𠀀', message: 'ok' }, { cookie: signedIn.cookie });
    expect(response.statusCode).toBe(201);
  });
});

test('a POST with an empty body is accepted with or without a JSON content type', async () => {
  for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'application/json; charset=utf-8' }, {}]) {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: '', headers: { origin: t.env.APP_URL, ...headers } });
    expect(response.statusCode, JSON.stringify(headers)).toBe(200);
  }
  const broken = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: '{"a":', headers: { origin: t.env.APP_URL, 'content-type': 'application/json' } });
  expect(broken.statusCode).toBe(400);
  const poisoned = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"__proto__":{"admin":true},"email":"a@b.co","password":"x"}', headers: { origin: t.env.APP_URL, 'content-type': 'application/json' } });
  expect(poisoned.statusCode).toBe(400);
});

test('HDR CSP has base-uri none and frame-ancestors none; no X-Frame-Options to disagree with it', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/healthz' });
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers['x-frame-options']).toBeUndefined();
});

/** The headers helmet sets as a per-request middleware on a real ServerResponse: the reference. */
function helmetReference(options: HelmetOptions): Record<string, string> {
  const reference = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(reference.req, reference, () => {});
  return Object.fromEntries(Object.entries(reference.getHeaders()).map(([name, value]) => [name, String(value)]));
}

test('HDR pages carry exactly the headers helmet sets on a real response; API and operations answers exactly the machine set (computed once at start-up, ADR 205)', async () => {
  const page = helmetReference(HELMET_OPTIONS);
  const machine = helmetReference(MACHINE_ANSWER_HELMET_OPTIONS);
  expect(Object.keys(page).length).toBeGreaterThan(8);
  const pageOnly = Object.keys(page).filter((name) => !(name in machine));
  expect(pageOnly.sort()).toEqual(['origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection']);
  const cases = [
    ['GET', '/healthz', undefined, {}, machine],
    ['GET', '/readyz?probe=1', undefined, {}, machine],
    ['GET', '/api/no-such-route', undefined, {}, machine],
    ['POST', '/api/auth/logout', {}, { origin: 'https://evil.example' }, machine],
    ['GET', '/assessment', undefined, {}, page],
    ['GET', '/healthz-not', undefined, {}, page],
  ] as const;
  for (const [method, url, payload, headers, expected] of cases) {
    const response = await t.app.inject({ method, url, ...(payload ? { payload } : {}), headers });
    for (const [name, value] of Object.entries(expected)) expect(response.headers[name], `${method} ${url} ${name}`).toBe(value);
    if (expected === machine) for (const name of pageOnly) expect(response.headers[name], `${method} ${url} ${name}`).toBeUndefined();
  }
});

test('HDR-01..03 hold on machine answers too: every CSP directive security.md names, HSTS a year with subdomains, nosniff, the referrer policy, COOP and CORP', () => {
  const machine = helmetReference(MACHINE_ANSWER_HELMET_OPTIONS);
  const directives = new Map(machine['content-security-policy']!.split(';').map((directive) => [directive.split(' ')[0], directive] as const));
  expect([...directives.values()]).toEqual(expect.arrayContaining(["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]));
  expect(machine['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(machine).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin', 'cross-origin-opener-policy': 'same-origin', 'cross-origin-resource-policy': 'same-origin' });
});

test('LOG-01 refused (403) requests are audited, at most 10 rows per address and minute', async () => {
  const ip = '10.61.0.1';
  for (let i = 0; i < REFUSAL_AUDIT_LIMIT_PER_MINUTE + 5; i += 1) {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, remoteAddress: ip, headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
  }
  await t.app.backgroundTasks.idle();
  const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.ip, ip));
  expect(rows).toHaveLength(REFUSAL_AUDIT_LIMIT_PER_MINUTE);
  expect(rows[0]).toMatchObject({ action: 'request.refused', details: expect.objectContaining({ code: 'forbidden', route: '/api/auth/logout' }) });
});

describe('global per-IP limit', () => {
  test('RL-06 past API_IP_LIMIT_PER_MINUTE an address gets 429 with Retry-After on any /api route; other addresses and /healthz are not affected; the next minute resets', async () => {
    const small = await createTestApp({ API_IP_LIMIT_PER_MINUTE: '5' });
    try {
      const call = (ip: string, url = '/api/auth/user') => small.app.inject({ method: 'GET', url, remoteAddress: ip });
      for (let i = 0; i < 5; i += 1) expect((await call('10.62.0.1')).statusCode).toBe(401);
      const refused = await call('10.62.0.1', '/api/mfa/status');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
      expect((await call('10.62.0.2')).statusCode).toBe(401);
      expect((await call('10.62.0.1', '/healthz')).statusCode).toBe(200);
      small.clock.advance(60_000);
      expect((await call('10.62.0.1')).statusCode).toBe(401);
    } finally {
      await small.close();
    }
  }, 120_000);

  test.runIf(process.env.REDIS_URL)('RL-06 with REDIS_URL two instances share the per-IP count', async () => {
    const shared = { API_IP_LIMIT_PER_MINUTE: '10', REDIS_URL: process.env.REDIS_URL!, RATE_LIMIT_NAMESPACE: `global-${randomBytes(5).toString('hex')}` };
    const first = await createTestApp(shared);
    const second = await createTestApp(shared, { clock: first.clock });
    try {
      for (let i = 0; i < 6; i += 1) expect((await first.app.inject({ method: 'GET', url: '/api/auth/user', remoteAddress: '10.63.0.1' })).statusCode).toBe(401);
      await first.app.globalIpLimiter.flush();
      for (let i = 0; i < 4; i += 1) expect((await second.app.inject({ method: 'GET', url: '/api/auth/user', remoteAddress: '10.63.0.1' })).statusCode).toBe(401);
      await second.app.globalIpLimiter.flush();
      expect((await second.app.inject({ method: 'GET', url: '/api/auth/user', remoteAddress: '10.63.0.1' })).statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  }, 120_000);
});

describe('LOG-02 error logs carry no query parameters, hashes or personal data', () => {
  test('a sign-up that fails in the database answers 500 without internals, and its log line has no hash, e-mail or parameters', async () => {
    const failing = await createTestApp();
    try {
      // A constraint the app does not know about makes the users insert fail inside the database.
      await failing.app.db.execute(sql.raw(`alter table users add constraint hardening_test_no_boom check (first_name <> 'Boom')`));
      const email = uniqueEmail('leak');
      const response = await post(failing, '/api/auth/register', signUp({ email, firstName: 'Boom' }));
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('hardening_test_no_boom');
      const text = failing.logs.join('\n');
      expect(text).toContain('request failed');
      expect(text).toContain('hardening_test_no_boom');
      expect(text).not.toContain('$argon2');
      expect(text.toLowerCase()).not.toContain(email.toLowerCase());
      expect(text).not.toContain(STRONG_PASSWORD);
      expect(text).not.toMatch(/params:/);
    } finally {
      await failing.close();
    }
  }, 120_000);

  test('toLogSafeError keeps the statement and structured names, and drops parameters, details and quoted values', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      name: 'PostgresError',
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (email)=(ada@example.com) already exists.',
      constraint_name: 'users_email_unique',
      table_name: 'users',
      parameters: ['ada@example.com', '$argon2id$v=19$m=19456,t=2,p=1$abc$def'],
    });
    const error = Object.assign(new Error('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ada@example.com,$argon2id$v=19$m=19456,t=2,p=1$abc$def'), {
      name: 'DrizzleQueryError',
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      params: ['ada@example.com', '$argon2id$v=19$m=19456,t=2,p=1$abc$def'],
      cause,
    });
    const safe = toLogSafeError(error);
    const serialized = JSON.stringify(safe);
    expect(serialized).not.toContain('ada@example.com');
    expect(serialized).not.toContain('argon2');
    expect(serialized).not.toContain('already exists');
    expect(safe.message).toMatch(/^Failed query: insert into/);
    expect(safe.cause).toMatchObject({ type: 'PostgresError', code: '23505', constraint: 'users_email_unique', table: 'users' });
  });
});
