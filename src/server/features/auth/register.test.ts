import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ACCESS_REQUEST_RECEIVED_MESSAGE } from '@/contracts/auth.ts';
import { accessRequests, auditLog, emailOutbox, organizations, users } from '../../db/schema.ts';
import { COMMON_PASSWORD_MESSAGE } from '../../lib/passwords.ts';
import { useSharedTestApp } from '../../test/test-app-hooks.ts';
import { REGISTER_ADDRESS_LIMIT, REGISTER_IP_LIMIT } from './limits.ts';
import { SIGN_UP_FAILED_MESSAGE } from './register.ts';
import { createUser, freshIps, get, outboxFor, post, sessionCookie, STRONG_PASSWORD, uniqueEmail } from '../../test/helpers.ts';

const t = useSharedTestApp();

const freshIp = freshIps('10.2');

function signUpBody(overrides: Record<string, unknown> = {}) {
  return { email: uniqueEmail('signup'), password: STRONG_PASSWORD, firstName: 'Grace', lastName: 'Hopper', company: 'Navy Labs', ...overrides };
}

function accessBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail('partner'),
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: 'Analytical Engines',
    phone: '+1 555 0100',
    message: 'Partner consultancy',
    password: 'just a long lowercase passphrase',
    confirmPassword: 'just a long lowercase passphrase',
    ...overrides,
  };
}

function issuesOf(response: Awaited<ReturnType<typeof post>>) {
  return response.json<{ issues: Array<{ path: string; message: string }> }>().issues;
}

/** Sends a body the form must refuse, expects the 400 and returns its field issues. */
async function refusedIssues(body: Record<string, unknown>) {
  const response = await post(t, '/api/auth/register', body, { ip: freshIp() });
  expect(response.statusCode).toBe(400);
  return issuesOf(response);
}

describe('sign-up (POST /api/auth/register without confirmPassword)', () => {
  test('creates an active account in a new organisation named after the company, signs in, and requiresPayment is false with BILLING=off', async () => {
    const body = signUpBody({ email: 'Mixed.Case@Example.COM' });
    const response = await post(t, '/api/auth/register', body, { ip: freshIp() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Registration successful', requiresPayment: false });
    const cookie = sessionCookie(t, response);
    expect(cookie).toBeTruthy();
    const me = await get(t, '/api/auth/user', { cookie });
    expect(me.json()).toMatchObject({ email: 'mixed.case@example.com', role: 'user', firstName: 'Grace', lastName: 'Hopper' });
    const [row] = await t.app.db
      .select({ status: users.status, org: organizations.name })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.email, 'mixed.case@example.com'));
    expect(row).toEqual({ status: 'active', org: 'Navy Labs' });
  });

  test('AUTH-09 addresses are stored lower-cased and unique: a second sign-up differing only by case gets the generic failure and the owner an e-mail', async () => {
    const email = uniqueEmail('dup');
    expect((await post(t, '/api/auth/register', signUpBody({ email }), { ip: freshIp() })).statusCode).toBe(200);
    const again = await post(t, '/api/auth/register', signUpBody({ email: email.toUpperCase() }), { ip: freshIp() });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(SIGN_UP_FAILED_MESSAGE);
    expect(again.headers['set-cookie']).toBeUndefined();
    const rows = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    const mails = await outboxFor(t, email);
    expect(mails.map((mail) => mail.subject)).toContain('About your CIFER account');
  });

  test('AUTH-09 a 100 kB adversarial address is refused quickly', async () => {
    const started = performance.now();
    const response = await post(t, '/api/auth/register', signUpBody({ email: `${'a@'.repeat(50_000)}x` }), { ip: freshIp() });
    expect(response.statusCode).toBe(400);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test('AC-04 a role (or any unknown field) in a sign-up body is refused and no admin is created', async () => {
    const email = uniqueEmail('sneaky');
    const response = await post(t, '/api/auth/register', signUpBody({ email, role: 'super_admin' }), { ip: freshIp() });
    expect(response.statusCode).toBe(400);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const status = await post(t, '/api/auth/register', signUpBody({ status: 'active', id: 'x' }), { ip: freshIp() });
    expect(status.statusCode).toBe(400);
  });

  test('AC-06 a __proto__ key is refused', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: freshIp(),
      headers: { origin: t.env.APP_URL, 'content-type': 'application/json' },
      payload: `{"email":"${uniqueEmail('proto')}","password":"${STRONG_PASSWORD}","firstName":"A","lastName":"B","company":"C","__proto__":{"role":"admin"}}`,
    });
    expect(response.statusCode).toBe(400);
  });

  test('sign-up validation uses the spec messages (section 5)', async () => {
    expect(await refusedIssues({ email: 'bad', password: 'short', firstName: '', lastName: '', company: '' })).toEqual(
      expect.arrayContaining([
        { path: 'password', message: 'Password must be at least 14 characters long' },
        { path: 'firstName', message: 'First name is required' },
        { path: 'lastName', message: 'Last name is required' },
        { path: 'company', message: 'Company name is required' },
      ]),
    );
    const composition = await post(t, '/api/auth/register', signUpBody({ password: 'alllowercaseletters' }), { ip: freshIp() });
    expect(issuesOf(composition)).toContainEqual({ path: 'password', message: 'Password must contain uppercase, lowercase, and numbers' });
  });

  test('PWD-01 length is counted in code points: 13 refused, 14 accepted; 14 emoji count as 14 (access request rule)', async () => {
    const thirteen = await post(t, '/api/auth/register', signUpBody({ password: 'Abcdefghijk12' }), { ip: freshIp() });
    expect(thirteen.statusCode).toBe(400);
    const fourteen = await post(t, '/api/auth/register', signUpBody({ password: 'Abcdefghijk123' }), { ip: freshIp() });
    expect(fourteen.statusCode).toBe(200);
    const emoji = '🔐🛡️🔑🧱🚪🗝️🔒'.slice(0, 0) + '🔐🔑🧱🚪🔒🌍🌙🌟🍀🎯🎲🎸🚀🧭';
    expect(Array.from(emoji)).toHaveLength(14);
    const access = await post(t, '/api/auth/register', accessBody({ password: emoji, confirmPassword: emoji }), { ip: freshIp() });
    expect(access.statusCode).toBe(200);
    const thirteenEmoji = Array.from(emoji).slice(0, 13).join('');
    const short = await post(t, '/api/auth/register', accessBody({ password: thirteenEmoji, confirmPassword: thirteenEmoji }), { ip: freshIp() });
    expect(issuesOf(short)).toContainEqual({ path: 'password', message: 'Password must be at least 14 characters' });
  });

  test('PWD-02 passwords of 64 and 128 characters are accepted, 129 refused with a 400', async () => {
    for (const length of [64, 128]) {
      const password = `Aa1${'x'.repeat(length - 3)}`.replace(/x/g, (_, i: number) => 'abcdefghij'[i % 10]!);
      expect((await post(t, '/api/auth/register', signUpBody({ password }), { ip: freshIp() })).statusCode).toBe(200);
    }
    const tooLong = await post(t, '/api/auth/register', signUpBody({ password: `Aa1${'b'.repeat(126)}` }), { ip: freshIp() });
    expect(tooLong.statusCode).toBe(400);
    expect(issuesOf(tooLong)).toContainEqual({ path: 'password', message: 'Password must be at most 128 characters' });
  });

  test('PWD-04 common passwords and product-name variants are refused with a clear 400', async () => {
    for (const password of ['Password12345678', 'Qwertyuiopasdfgh1', 'Cifer2024Cifer2024', 'Welcome1234567']) {
      const response = await post(t, '/api/auth/register', signUpBody({ password }), { ip: freshIp() });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    }
    const passphrase = await post(t, '/api/auth/register', accessBody({ password: 'passwordpassword', confirmPassword: 'passwordpassword' }), { ip: freshIp() });
    expect(passphrase.statusCode).toBe(400);
  });

  test('PWD-05 passwords are used exactly as typed: no trimming or case folding', async () => {
    const password = '  Spaced Out Passphrase 42  ';
    const body = signUpBody({ password });
    expect((await post(t, '/api/auth/register', body, { ip: freshIp() })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/login', { email: body.email, password }, { ip: freshIp() })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/login', { email: body.email, password: password.trim() }, { ip: freshIp() })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login', { email: body.email, password: password.toUpperCase() }, { ip: freshIp() })).statusCode).toBe(401);
  });

  test('RL-02 sign-up is limited per IP with 429 and Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < REGISTER_IP_LIMIT; i += 1) await post(t, '/api/auth/register', signUpBody({ password: 'bad' }), { ip });
    const blocked = await post(t, '/api/auth/register', signUpBody(), { ip });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('access requests (POST /api/auth/register with confirmPassword)', () => {
  test('AUTH-04 a new request creates a pending account with a hashed password, e-mails the requester and the administrators, and answers the generic message', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const body = accessBody();
    const response = await post(t, '/api/auth/register', body, { ip: freshIp() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ACCESS_REQUEST_RECEIVED_MESSAGE });
    expect(response.headers['set-cookie']).toBeUndefined();
    const [user] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(user!.status).toBe('pending');
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const [request] = await t.app.db.select().from(accessRequests).where(eq(accessRequests.userId, user!.id));
    expect(request).toMatchObject({ status: 'pending', company: 'Analytical Engines', phone: '+1 555 0100', message: 'Partner consultancy' });
    expect((await outboxFor(t, body.email)).map((mail) => mail.subject)).toContain('We received your CIFER access request');
    const adminMail = (await outboxFor(t, admin.email)).find((mail) => mail.subject === 'New CIFER access request');
    expect(adminMail?.text).toContain(body.email);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.targetUserId, user!.id));
    expect(audit.map((row) => row.action)).toContain('access.requested');
  });

  test('AUTH-04 the answer is identical for a known address (the owner is told by e-mail instead)', async () => {
    const existing = await createUser(t);
    const fresh = await post(t, '/api/auth/register', accessBody(), { ip: freshIp() });
    const known = await post(t, '/api/auth/register', accessBody({ email: existing.email }), { ip: freshIp() });
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.body).toBe(fresh.body);
    expect((await outboxFor(t, existing.email)).map((mail) => mail.subject)).toContain('About your CIFER account');
  });

  test('AUTH-04 a pending requester cannot sign in: the generic login failure', async () => {
    const body = accessBody();
    await post(t, '/api/auth/register', body, { ip: freshIp() });
    const login = await post(t, '/api/auth/login', { email: body.email, password: body.password }, { ip: freshIp() });
    expect(login.statusCode).toBe(401);
    expect(login.headers['set-cookie']).toBeUndefined();
  });

  test('access request validation uses the spec messages (section 5)', async () => {
    expect(await refusedIssues({ email: 'nope', firstName: '', lastName: '', password: 'short', confirmPassword: '' })).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Invalid email address' },
        { path: 'firstName', message: 'First name is required' },
        { path: 'lastName', message: 'Last name is required' },
        { path: 'password', message: 'Password must be at least 14 characters' },
        { path: 'confirmPassword', message: 'Please confirm your password' },
      ]),
    );
    const mismatch = await post(t, '/api/auth/register', accessBody({ confirmPassword: 'something else entirely' }), { ip: freshIp() });
    expect(issuesOf(mismatch)).toContainEqual({ path: 'confirmPassword', message: "Passwords don't match" });
  });

  test('RL-02 access requests per address: past the limit the answer stays the same but no more e-mail is written', async () => {
    const email = uniqueEmail('flood');
    const answers = new Set<string>();
    for (let i = 0; i < REGISTER_ADDRESS_LIMIT + 2; i += 1) answers.add((await post(t, '/api/auth/register', accessBody({ email }), { ip: freshIp() })).body);
    expect(answers.size).toBe(1);
    const mails = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    // 1 acknowledgement for the first request, then "already exists" notices until the limit.
    expect(mails).toHaveLength(REGISTER_ADDRESS_LIMIT);
  });
});
