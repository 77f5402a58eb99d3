import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { backupCodes, users } from '../db/schema.ts';
import { fuzzRequest, sendFuzzRequest } from '../test/fuzz-arbitraries.ts';
import { createVerifiedUserSession, enrolTotp, extractResetToken, logIn, OTHER_STRONG_PASSWORD, outboxFor, post, sessionCookie, STRONG_PASSWORD, totpAt, uniqueEmail } from '../test/helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTextFieldContext, hostileVariants, sendTextFieldRequest, textFieldTemplates, type TextFieldContext } from '../test/text-field-requests.ts';

/**
 * No secret in any log line (ADR 171, 172): one app logging at `trace` (more than any level
 * the app uses) through the production serializers, then the hostile and failing requests — the
 * fuzz suite's requests on every route, NUL and lone surrogates in every text field, a taken
 * address (a real unique violation with the password hash in the statement's parameters), wrong
 * passwords, wrong and replayed TOTP and backup codes, bad and used reset and invitation tokens,
 * and database errors forced inside handlers by a test-only trigger whose message and detail
 * quote the row — and no log line may carry an argon2 hash, an e-mail address, a session, reset or
 * invitation token, a TOTP secret or code, a backup code or a password. On PGlite and (with
 * DATABASE_URL) PostgreSQL.
 */

let t: TestApp;
let context: TextFieldContext;

/** Everything secret or personal the test handed out or saw: none of it may reach the log. */
const secrets = {
  emails: new Set<string>(),
  tokens: new Set<string>(),
  /** 6-digit TOTP codes: matched as whole numbers, so timestamps and ids do not collide with them. */
  totpCodes: new Set<string>(),
  other: new Set<string>([STRONG_PASSWORD, OTHER_STRONG_PASSWORD]),
};

function rememberCookie(cookie: string | null | undefined): string {
  if (!cookie) throw new Error('no session cookie');
  secrets.tokens.add(cookie.slice(cookie.indexOf('=') + 1));
  return cookie;
}

async function mailTo(email: string, pattern: RegExp): Promise<string> {
  const messages = await outboxFor(t, email);
  for (const message of messages.reverse()) {
    const match = pattern.exec(message.text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no mail to ${email} matching ${pattern}`);
}

async function signUp(email: string, ip = `10.80.${Math.floor(Math.random() * 250)}.1`) {
  secrets.emails.add(email);
  const response = await post(t, '/api/auth/register', { email, password: STRONG_PASSWORD, firstName: 'Lena', lastName: 'Logger', company: 'Log Clinic' }, { ip });
  return { response, cookie: sessionCookie(t, response) };
}

/** A test-only fault: while a table is armed, every insert or update of it fails inside the database with the row quoted in the message and detail. */
const FAULT_TABLES = ['users', 'sessions', 'backup_codes', 'password_reset_tokens', 'memberships', 'help_requests', 'invitations'];
async function installFaults() {
  await t.app.db.execute(sql.raw(`create table test_faults (table_name text primary key)`));
  await t.app.db.execute(
    sql.raw(`create function test_fault() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from test_faults where table_name = TG_TABLE_NAME) then
          raise exception 'injected fault on % for row %', TG_TABLE_NAME, row_to_json(NEW) using detail = row_to_json(NEW)::text, errcode = 'XX000';
        end if;
        return NEW;
      end $$`),
  );
  for (const table of FAULT_TABLES) await t.app.db.execute(sql.raw(`create trigger test_fault_${table} before insert or update on ${table} for each row execute function test_fault()`));
}
async function withFault<T>(table: string, run: () => Promise<T>): Promise<T> {
  await t.app.db.execute(sql`insert into test_faults (table_name) values (${table})`);
  try {
    return await run();
  } finally {
    await t.app.db.execute(sql`delete from test_faults`);
  }
}

const ARGON2 = /\$argon2/i;
const ANY_EMAIL = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

/** The lines carrying anything secret, each with what it carries (empty when the log is clean). */
async function leaks(): Promise<string[]> {
  // Every stored password and backup-code hash, also without its "$argon2id$" prefix.
  const hashes = [...(await t.app.db.select({ hash: users.passwordHash }).from(users)), ...(await t.app.db.select({ hash: backupCodes.codeHash }).from(backupCodes))]
    .map((row) => row.hash.split('$').pop() ?? '')
    .filter((digest) => digest.length >= 16);
  const found: string[] = [];
  for (const raw of t.logs) {
    // An address may travel percent-encoded (a query string) or JSON-escaped.
    const line = raw.replace(/%40/gi, '@').replace(/\\u0040/gi, '@');
    const lower = line.toLowerCase();
    const hits = [
      ...(ARGON2.test(line) ? ['argon2 hash'] : []),
      ...(ANY_EMAIL.test(line) ? [`e-mail ${ANY_EMAIL.exec(line)?.[0]}`] : []),
      ...[...secrets.emails].filter((email) => lower.includes(email.toLowerCase())).map((email) => `e-mail ${email}`),
      ...[...secrets.tokens, ...secrets.other].filter((secret) => line.includes(secret)).map((secret) => `secret ${secret.slice(0, 6)}…`),
      ...[...secrets.totpCodes].filter((code) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(line)).map((code) => `TOTP code ${code}`),
      ...hashes.filter((digest) => line.includes(digest)).map(() => 'hash digest'),
    ];
    if (hits.length > 0) found.push(`${hits.join(', ')} in: ${line.slice(0, 400)}`);
  }
  return found;
}

beforeAll(async () => {
  // trace: more verbose than any level the app logs at (info, warn, error, fatal).
  t = await createTestApp({ API_IP_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'trace' });
  await installFaults();
  const superAdmin = await createVerifiedUserSession(t, { role: 'super_admin' });
  secrets.emails.add(superAdmin.user.email);
  rememberCookie(superAdmin.cookie);
  context = await createTextFieldContext(t, superAdmin.cookie);
  secrets.emails.add(context.owner.email);
  secrets.tokens.add(context.owner.enrolment.secret);
  for (const code of context.owner.enrolment.backupCodes) secrets.other.add(code).add(code.toLowerCase());
  rememberCookie(context.owner.enrolment.cookie);
  rememberCookie(context.ownerPendingCookie);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('LOG-03 no secret or personal data in any log line, over hostile and failing requests', () => {
  test('a taken address (a unique violation whose parameters hold the new password hash), in turn and at once', async () => {
    const taken = await post(t, '/api/auth/register', { email: context.owner.email, password: OTHER_STRONG_PASSWORD, firstName: 'Dup', lastName: 'Licate', company: 'Dup Clinic' });
    expect(taken.statusCode).toBe(400);
    const email = uniqueEmail('race');
    const both = await Promise.all([signUp(email, '10.81.0.1'), signUp(email, '10.81.0.2')]);
    expect(both.map(({ response }) => response.statusCode).sort()).toEqual([200, 400]);
    for (const { cookie } of both) if (cookie) rememberCookie(cookie);
    expect(await leaks()).toEqual([]);
  });

  test('wrong and unknown passwords, and a right one', async () => {
    const unknown = uniqueEmail('nobody');
    secrets.emails.add(unknown);
    expect((await logIn(t, context.owner.email, 'Wrong-Password-98765', { ip: '10.82.0.1' })).response.statusCode).toBe(401);
    expect((await logIn(t, unknown, STRONG_PASSWORD, { ip: '10.82.0.2' })).response.statusCode).toBe(401);
    const right = await logIn(t, context.owner.email, STRONG_PASSWORD, { ip: '10.82.0.3' });
    expect(right.response.statusCode).toBe(200);
    rememberCookie(right.cookie);
    expect(await leaks()).toEqual([]);
  });

  test('bodies that do not parse and addresses that do not exist, carrying an issued token and address', async () => {
    const token = [...secrets.tokens][0]!;
    const email = context.owner.email;
    const bodies = [`{"email":"${email}","password":"${STRONG_PASSWORD}"`, `{"token": ${token}}`, email, token, `{"email":"${email}","__proto__":{"token":"${token}"}}`];
    for (const payload of bodies) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { origin: t.env.APP_URL, 'content-type': 'application/json' } });
      expect(response.statusCode, payload).toBe(400);
    }
    for (const url of [`/api/nothing-here?email=${encodeURIComponent(email)}&token=${token}`, `/api/reset-password/${token}`, `/nothing/${encodeURIComponent(email)}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect(await leaks()).toEqual([]);
  });

  test('wrong, valid and replayed TOTP codes; wrong, valid and replayed backup codes', async () => {
    const pending = async () => rememberCookie((await logIn(t, context.owner.email, STRONG_PASSWORD, { ip: '10.83.0.1' })).cookie);
    const first = await pending();
    expect((await post(t, '/api/mfa/verify', { type: 'totp', code: '000000' }, { cookie: first })).statusCode).toBe(401);
    const code = totpAt(context.owner.enrolment.secret, t.clock.now());
    secrets.totpCodes.add(code);
    const verified = await post(t, '/api/mfa/verify', { type: 'totp', code }, { cookie: first });
    expect(verified.statusCode).toBe(200);
    rememberCookie(sessionCookie(t, verified));
    expect((await post(t, '/api/mfa/verify', { type: 'totp', code }, { cookie: await pending() })).statusCode).toBe(401);

    const backup = context.owner.enrolment.backupCodes[0]!;
    const second = await pending();
    expect((await post(t, '/api/mfa/verify', { type: 'backup', code: 'ZZZZ9999' }, { cookie: second })).statusCode).toBe(401);
    const used = await post(t, '/api/mfa/verify', { type: 'backup', code: backup.toLowerCase() }, { cookie: second });
    expect(used.statusCode).toBe(200);
    rememberCookie(sessionCookie(t, used));
    expect((await post(t, '/api/mfa/verify', { type: 'backup', code: backup }, { cookie: await pending() })).statusCode).toBe(401);
    expect(await leaks()).toEqual([]);
  });

  test('bad, tampered, used and valid reset tokens', async () => {
    const email = uniqueEmail('resetter');
    expect((await signUp(email)).response.statusCode).toBe(200);
    expect((await post(t, '/api/request-password-reset', { email })).statusCode).toBe(200);
    const token = await mailTo(email, /reset-password#token=([A-Za-z0-9_-]+)/);
    secrets.tokens.add(token);
    expect(token).toBe(extractResetToken((await outboxFor(t, email)).map((message) => message.text).join('\n')));
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of ['A'.repeat(43), tampered]) expect((await post(t, '/api/reset-password', { token: bad, password: OTHER_STRONG_PASSWORD })).statusCode).toBe(400);
    expect((await post(t, '/api/reset-password', { token, password: OTHER_STRONG_PASSWORD })).statusCode).toBe(200);
    expect((await post(t, '/api/reset-password', { token, password: STRONG_PASSWORD })).statusCode).toBe(400);
    expect(await leaks()).toEqual([]);
  });

  test('bad, wrong-person, used and valid invitation tokens', async () => {
    const invitee = uniqueEmail('invitee');
    secrets.emails.add(invitee);
    const invited = await post(t, `/api/organizations/${context.owner.organizationId}/invitations`, { email: invitee, role: 'member' }, { cookie: context.owner.enrolment.cookie });
    expect(invited.statusCode).toBe(201);
    const token = await mailTo(invitee, /invitation#token=([A-Za-z0-9_-]+)/);
    secrets.tokens.add(token);
    expect((await post(t, '/api/invitations/preview', { token: 'B'.repeat(43) })).statusCode).toBe(404);
    expect((await post(t, '/api/invitations/preview', { token })).statusCode).toBe(200);
    // The owner is signed in as someone else: refused, and the refusal names the invited address to the caller only.
    expect((await post(t, '/api/invitations/accept', { token }, { cookie: context.owner.enrolment.cookie })).statusCode).toBe(403);
    const { cookie } = await signUp(invitee);
    const enrolled = await enrolTotp(t, rememberCookie(cookie));
    rememberCookie(enrolled.cookie);
    secrets.tokens.add(enrolled.secret);
    for (const code of enrolled.backupCodes) secrets.other.add(code).add(code.toLowerCase());
    expect((await post(t, '/api/invitations/accept', { token: 'C'.repeat(43) }, { cookie: enrolled.cookie })).statusCode).toBe(404);
    const accepted = await post(t, '/api/invitations/accept', { token }, { cookie: enrolled.cookie });
    expect(accepted.statusCode).toBe(200);
    if (sessionCookie(t, accepted)) rememberCookie(sessionCookie(t, accepted));
    expect((await post(t, '/api/invitations/accept', { token }, { cookie: sessionCookie(t, accepted) ?? enrolled.cookie })).statusCode).toBe(404);
    expect(await leaks()).toEqual([]);
  }, 60_000);

  test('database errors forced inside handlers are logged once each, with the statement but no values', async () => {
    const errorLinesBefore = t.logs.filter((line) => line.includes('"level":50')).length;
    const newcomer = uniqueEmail('fault');
    expect((await withFault('users', () => signUp(newcomer))).response.statusCode).toBe(500);

    const email = uniqueEmail('faulty');
    const { cookie } = await signUp(email);
    rememberCookie(cookie);
    expect((await withFault('sessions', () => logIn(t, email, STRONG_PASSWORD, { ip: '10.84.0.1' }))).response.statusCode).toBe(500);

    // TOTP set-up whose backup codes (argon2 hashes in the parameters) cannot be stored.
    const setup = await post(t, '/api/mfa/totp/setup', {}, { cookie });
    expect(setup.statusCode).toBe(200);
    const secret = setup.json<{ manualEntryKey: string }>().manualEntryKey;
    secrets.tokens.add(secret);
    const code = totpAt(secret, t.clock.now());
    secrets.totpCodes.add(code);
    expect((await withFault('backup_codes', () => post(t, '/api/mfa/totp/verify-setup', { code }, { cookie }))).statusCode).toBe(500);

    // The reset mail is queued (ADR 177): its failure is logged by the background queue.
    expect((await withFault('password_reset_tokens', () => post(t, '/api/request-password-reset', { email }))).statusCode).toBe(200);
    expect((await post(t, '/api/request-password-reset', { email })).statusCode).toBe(200);
    const token = await mailTo(email, /reset-password#token=([A-Za-z0-9_-]+)/);
    secrets.tokens.add(token);
    // The new password's hash is a parameter of the failing update.
    expect((await withFault('users', () => post(t, '/api/reset-password', { token, password: OTHER_STRONG_PASSWORD }))).statusCode).toBe(500);

    const owner = context.owner.enrolment.cookie;
    expect((await withFault('help_requests', () => post(t, '/api/help/submit', { category: 'other', subject: `About ${context.owner.email}`, message: `Call me at ${context.owner.email}` }, { cookie: owner }))).statusCode).toBe(500);
    const invitee = uniqueEmail('fault-invitee');
    secrets.emails.add(invitee);
    expect((await withFault('invitations', () => post(t, `/api/organizations/${context.owner.organizationId}/invitations`, { email: invitee }, { cookie: owner }))).statusCode).toBe(500);

    const errorLines = t.logs.filter((line) => line.includes('"level":50')).slice(errorLinesBefore);
    // Each failed request: the error handler's line and the request line; the queued reset: one line.
    expect(errorLines.filter((line) => line.includes('injected fault on')).length).toBeGreaterThanOrEqual(7);
    expect(errorLines.some((line) => line.includes('background task failed'))).toBe(true);
    expect(await leaks()).toEqual([]);
  }, 60_000);

  test('NUL and lone surrogates in every text field of every route', async () => {
    const variants = hostileVariants(textFieldTemplates(context));
    expect(variants.length).toBeGreaterThan(150);
    for (const variant of variants) {
      for (const value of [variant.body, variant.query]) for (const email of JSON.stringify(value ?? {}).match(new RegExp(ANY_EMAIL.source, 'g')) ?? []) secrets.emails.add(email);
      const response = await sendTextFieldRequest(t, variant.template, variant);
      expect(response.statusCode, variant.label).toBeLessThan(500);
    }
    await t.app.backgroundTasks.idle();
    expect(await leaks()).toEqual([]);
  }, 120_000);

  test("the fuzz suite's hostile requests on every route, with the test's own sessions", async () => {
    const fuzzUsers = [await createVerifiedUserSession(t), await createVerifiedUserSession(t, { role: 'super_admin' })];
    for (const { user } of fuzzUsers) secrets.emails.add(user.email);
    const cookies = fuzzUsers.map(({ cookie }) => rememberCookie(cookie));
    const routes = t.app.registeredApiRoutes;
    let sent = 0;
    for (const [index, route] of routes.entries()) {
      for (const request of fc.sample(fuzzRequest([route], () => cookies), { numRuns: 6, seed: 1_800 + index })) {
        const answer = await sendFuzzRequest(t, request);
        if (answer) sent += 1;
        expect(answer?.response.statusCode ?? 0, `${route.method} ${route.url}`).toBeLessThan(500);
      }
    }
    await t.app.backgroundTasks.idle();
    expect(sent).toBeGreaterThan(routes.length * 5);
    expect(await leaks()).toEqual([]);
  }, 300_000);

  test('the log is the one the requests wrote: request lines at info, refusals, and the forced failures at error', () => {
    expect(t.logs.filter((line) => line.includes('"msg":"request completed"')).length).toBeGreaterThan(400);
    // One access line per request (ADR 205): every request id on any line has exactly one, and Fastify's own request lines stay off.
    const lines = t.logs.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    const accessLines = new Map<string, number>();
    for (const { reqId, msg } of lines) if (reqId && msg === 'request completed') accessLines.set(reqId, (accessLines.get(reqId) ?? 0) + 1);
    const requestIds = new Set(lines.flatMap(({ reqId }) => (reqId ? [reqId] : [])));
    expect([...requestIds].filter((id) => accessLines.get(id) !== 1)).toEqual([]);
    expect(lines.filter(({ msg }) => msg === 'incoming request' || msg === 'request errored')).toEqual([]);
    expect(t.logs.some((line) => line.includes('"msg":"request refused"'))).toBe(true);
    expect(t.logs.some((line) => line.includes('"msg":"route not found"'))).toBe(true);
    expect(t.logs.some((line) => line.includes('"msg":"request failed"'))).toBe(true);
  });
});
