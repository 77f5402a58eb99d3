import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema.ts';
import { passwordHasher } from '../../lib/passwords.ts';
import { createTestApp } from '../../test/test-app.ts';
import { useSharedTestApp } from '../../test/test-app-hooks.ts';
import { ACCOUNT_LOCKED_MESSAGE, INVALID_CREDENTIALS_MESSAGE } from './login.ts';
import { LOGIN_ACCOUNT_FAILURE_LIMIT, LOGIN_HARD_LOCK_FAILURES, LOGIN_IP_LIMIT } from './limits.ts';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../../sessions/session-store.ts';
import {
  completeMfa,
  createUser,
  extractResetToken,
  freshIps,
  get,
  logIn,
  outboxFor,
  post,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../test/helpers.ts';

const t = useSharedTestApp();

const freshIp = freshIps('10.1');

/** A response reduced to what a client can observe, minus per-request noise. */
function observable(response: Awaited<ReturnType<typeof post>>) {
  const { date: _date, 'request-id': _requestId, ...headers } = response.headers;
  return { status: response.statusCode, body: response.body, headers };
}

describe('login', () => {
  test('login with the right password answers 200, sets a session cookie and GET /api/auth/user returns only safe fields (MFA-10, DP-04)', async () => {
    const user = await createUser(t);
    const { response, cookie } = await logIn(t, user.email.toUpperCase(), user.password, { ip: freshIp() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Login successful', requiresPayment: false });
    expect(cookie).toBeTruthy();
    const me = await get(t, '/api/auth/user', { cookie });
    expect(me.statusCode).toBe(200);
    expect(Object.keys(me.json()).sort()).toEqual(['email', 'firstName', 'id', 'lastName', 'role']);
    expect(me.json()).toMatchObject({ email: user.email, role: 'user', firstName: 'Test', lastName: 'Person' });
  });

  test('GET /api/auth/user without a session answers 401', async () => {
    expect((await get(t, '/api/auth/user')).statusCode).toBe(401);
  });

  test('AUTH-01 unknown address, wrong password and pending account get identical answers', async () => {
    const active = await createUser(t);
    const pending = await createUser(t);
    await t.app.db.update(users).set({ status: 'pending' }).where(eq(users.id, pending.userId));
    const rejected = await createUser(t);
    await t.app.db.update(users).set({ status: 'rejected' }).where(eq(users.id, rejected.userId));

    const unknown = await post(t, '/api/auth/login', { email: uniqueEmail('nobody'), password: STRONG_PASSWORD }, { ip: freshIp() });
    const wrong = await post(t, '/api/auth/login', { email: active.email, password: 'Wrong-Password-123456' }, { ip: freshIp() });
    const pendingRight = await post(t, '/api/auth/login', { email: pending.email, password: pending.password }, { ip: freshIp() });
    const pendingWrong = await post(t, '/api/auth/login', { email: pending.email, password: 'Wrong-Password-123456' }, { ip: freshIp() });
    const rejectedRight = await post(t, '/api/auth/login', { email: rejected.email, password: rejected.password }, { ip: freshIp() });

    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: INVALID_CREDENTIALS_MESSAGE, code: 'unauthorized' });
    for (const other of [wrong, pendingRight, pendingWrong, rejectedRight]) expect(observable(other)).toEqual(observable(unknown));
    for (const response of [unknown, wrong, pendingRight, pendingWrong, rejectedRight]) expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('AUTH-02 exactly one argon2id verification runs for a known and for an unknown address', async () => {
    const user = await createUser(t);
    const spy = vi.spyOn(passwordHasher, 'verify');
    try {
      await post(t, '/api/auth/login', { email: user.email, password: 'Wrong-Password-123456' }, { ip: freshIp() });
      expect(spy).toHaveBeenCalledTimes(1);
      spy.mockClear();
      await post(t, '/api/auth/login', { email: uniqueEmail('ghost'), password: 'Wrong-Password-123456' }, { ip: freshIp() });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  test('login validation uses the spec messages', async () => {
    const response = await post(t, '/api/auth/login', { email: 'not-an-email', password: '' }, { ip: freshIp() });
    expect(response.statusCode).toBe(400);
    const issues = response.json<{ issues: Array<{ path: string; message: string }> }>().issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
  });

  test('GET /api/login (browser navigation) redirects to /auth', async () => {
    const response = await get(t, '/api/login');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth');
  });
});

describe('passwords at rest', () => {
  test('PWD-06 passwords are stored as argon2id with m>=19456, t>=2, p=1 and a per-hash salt', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const rows = await t.app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, a.userId));
    const [other] = await t.app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, b.userId));
    const stored = rows[0]!.hash;
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([^$]+)\$/.exec(stored);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
    expect(Number(match![3])).toBe(1);
    expect(Buffer.from(match![4]!, 'base64').length).toBeGreaterThanOrEqual(16);
    expect(stored).not.toBe(other!.hash);
    expect(stored).not.toContain(STRONG_PASSWORD);
  });

  test('PWD-07 a hash made with weaker parameters is upgraded at the next successful login', async () => {
    const user = await createUser(t);
    const weak = await hash(user.password, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await t.app.db.update(users).set({ passwordHash: weak }).where(eq(users.id, user.userId));
    const { response } = await logIn(t, user.email, user.password, { ip: freshIp() });
    expect(response.statusCode).toBe(200);
    const [row] = await t.app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.userId));
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('sessions', () => {
  test('SES-01 the session cookie is HttpOnly, SameSite=Lax, Path=/, without Domain (plain HTTP drops only Secure)', async () => {
    const user = await createUser(t);
    const { response } = await logIn(t, user.email, user.password, { ip: freshIp() });
    const cookie = response.cookies.find((c) => c.name === 'cifer_session')!;
    expect(cookie).toBeDefined();
    expect(cookie.httpOnly).toBe(true);
    expect(String(cookie.sameSite).toLowerCase()).toBe('lax');
    expect(cookie.path).toBe('/');
    expect(cookie.domain).toBeUndefined();
    expect(cookie.maxAge).toBe(SESSION_ABSOLUTE_LIFETIME_MS / 1000);
  });

  test('SES-01 over HTTPS the cookie is __Host- prefixed and Secure', async () => {
    const https = await createTestApp({ APP_URL: 'https://cifer.example' });
    try {
      const user = await createUser(https);
      const response = await post(https, '/api/auth/login', { email: user.email, password: user.password });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === '__Host-cifer_session')!;
      expect(cookie).toBeDefined();
      expect(cookie.secure).toBe(true);
      expect(cookie.httpOnly).toBe(true);
      expect(String(cookie.sameSite).toLowerCase()).toBe('lax');
      expect(cookie.path).toBe('/');
      expect(cookie.domain).toBeUndefined();
    } finally {
      await https.close();
    }
  });

  test('SES-02 SES-03 tokens are 32 random bytes, distinct, and only their SHA-256 is stored', async () => {
    const user = await createUser(t);
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const { cookie } = await logIn(t, user.email, user.password, { ip: freshIp() });
      tokens.add(cookie!.split('=')[1]!);
    }
    expect(tokens.size).toBe(5);
    const stored = await t.app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.userId));
    for (const token of tokens) {
      expect(Buffer.from(token, 'base64url').length).toBe(32);
      expect(stored.map((row) => row.id)).not.toContain(token);
    }
  });

  test('SES-04 login issues a new token and the session presented before login stops working (fixation)', async () => {
    const user = await createUser(t);
    const first = await logIn(t, user.email, user.password, { ip: freshIp() });
    const planted = 'cifer_session=attacker-chosen-value-aaaaaaaaaaaaaaaaaaaaaaaa';
    const second = await logIn(t, user.email, user.password, { ip: freshIp(), cookie: first.cookie });
    expect(second.cookie).toBeTruthy();
    expect(second.cookie).not.toBe(first.cookie);
    expect((await get(t, '/api/auth/user', { cookie: first.cookie })).statusCode).toBe(401);
    expect((await get(t, '/api/auth/user', { cookie: second.cookie })).statusCode).toBe(200);
    const third = await logIn(t, user.email, user.password, { ip: freshIp(), cookie: planted });
    expect(third.cookie).not.toBe(planted);
    expect((await get(t, '/api/auth/user', { cookie: planted })).statusCode).toBe(401);
  });

  test('SES-06 logout deletes the session, expires the cookie and sends Clear-Site-Data', async () => {
    const user = await createUser(t);
    const { cookie } = await logIn(t, user.email, user.password, { ip: freshIp() });
    const response = await post(t, '/api/auth/logout', undefined, { cookie });
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((c) => c.name === 'cifer_session')!;
    expect(cleared.value).toBe('');
    expect(cleared.maxAge === 0 || (cleared.expires && cleared.expires.getTime() <= Date.now())).toBeTruthy();
    expect(response.headers['clear-site-data']).toBe('"cookies"');
    expect((await get(t, '/api/auth/user', { cookie })).statusCode).toBe(401);
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(rows).toHaveLength(0);
  });

  test('SES-07 idle timeout: 29 minutes idle is fine, 31 minutes idle ends the session', async () => {
    const user = await createUser(t);
    const { cookie } = await logIn(t, user.email, user.password, { ip: freshIp() });
    await completeMfa(t, user.userId);
    t.clock.advance(29 * 60_000);
    expect((await get(t, '/api/auth/user', { cookie })).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await get(t, '/api/auth/user', { cookie })).statusCode).toBe(401);
  });

  test('SES-07 absolute lifetime: a session used every 10 minutes still ends at 12 hours', async () => {
    const user = await createUser(t);
    const { cookie } = await logIn(t, user.email, user.password, { ip: freshIp() });
    await completeMfa(t, user.userId);
    for (let elapsed = 10; elapsed < 12 * 60; elapsed += 10) {
      t.clock.advance(10 * 60_000);
      expect((await get(t, '/api/auth/user', { cookie })).statusCode).toBe(200);
    }
    t.clock.advance(10 * 60_000);
    expect((await get(t, '/api/auth/user', { cookie })).statusCode).toBe(401);
  });

  test('MFA-09 a password-only session ends after 10 minutes', async () => {
    const user = await createUser(t);
    const { cookie } = await logIn(t, user.email, user.password, { ip: freshIp() });
    t.clock.advance(9 * 60_000);
    expect((await get(t, '/api/auth/user', { cookie })).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await get(t, '/api/auth/user', { cookie })).statusCode).toBe(401);
  });

  test('SES-10 the token is accepted only from the cookie', async () => {
    const user = await createUser(t);
    const { cookie } = await logIn(t, user.email, user.password, { ip: freshIp() });
    const token = cookie!.split('=')[1]!;
    expect((await get(t, `/api/auth/user?session=${token}`)).statusCode).toBe(401);
    expect((await get(t, '/api/auth/user', { headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });
});

describe('login throttling', () => {
  test('RL-01 per-IP limit: the attempt after the budget answers 429 with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_IP_LIMIT; i += 1) {
      const response = await post(t, '/api/auth/login', { email: uniqueEmail('spray'), password: 'Wrong-Password-123456' }, { ip });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post(t, '/api/auth/login', { email: uniqueEmail('spray'), password: 'Wrong-Password-123456' }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61_000);
    expect((await post(t, '/api/auth/login', { email: uniqueEmail('spray'), password: 'Wrong-Password-123456' }, { ip })).statusCode).toBe(401);
  });

  test('RL-01 per-account throttle: failures from rotating IPs lock the address, even for the right password, the same for unknown addresses', async () => {
    const user = await createUser(t);
    const unknown = uniqueEmail('ghost');
    for (let i = 0; i < LOGIN_ACCOUNT_FAILURE_LIMIT; i += 1) {
      expect((await post(t, '/api/auth/login', { email: user.email, password: `Wrong-Password-${i}xx` }, { ip: freshIp() })).statusCode).toBe(401);
      expect((await post(t, '/api/auth/login', { email: unknown, password: `Wrong-Password-${i}xx` }, { ip: freshIp() })).statusCode).toBe(401);
    }
    const locked = await post(t, '/api/auth/login', { email: user.email, password: user.password }, { ip: freshIp() });
    const lockedUnknown = await post(t, '/api/auth/login', { email: unknown, password: user.password }, { ip: freshIp() });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(lockedUnknown.statusCode).toBe(429);
    expect(lockedUnknown.json()).toEqual(locked.json());
    t.clock.advance(15 * 60_000 + 1000);
    expect((await post(t, '/api/auth/login', { email: user.email, password: user.password }, { ip: freshIp() })).statusCode).toBe(200);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'login.throttled'));
    expect(audit.length).toBeGreaterThan(0);
  });

  test(`RL-01 after ${LOGIN_HARD_LOCK_FAILURES} consecutive failures password login is locked (notice mailed) until a password reset unlocks it`, async () => {
    const user = await createUser(t);
    for (let i = 0; i < LOGIN_HARD_LOCK_FAILURES; i += 1) {
      if (i > 0 && i % LOGIN_ACCOUNT_FAILURE_LIMIT === 0) t.clock.advance(15 * 60_000 + 1000);
      const response = await post(t, '/api/auth/login', { email: user.email, password: `Wrong-Password-${i}xx` }, { ip: freshIp() });
      expect(response.statusCode).toBe(401);
    }
    t.clock.advance(15 * 60_000 + 1000);
    const locked = await post(t, '/api/auth/login', { email: user.email, password: user.password }, { ip: freshIp() });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(ACCOUNT_LOCKED_MESSAGE);
    const mails = await outboxFor(t, user.email);
    expect(mails.map((mail) => mail.subject)).toContain('Your CIFER account was locked');
    const lockAudit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'login.locked'));
    expect(lockAudit.some((row) => row.targetUserId === user.userId)).toBe(true);

    // Self-service unlock: reset the password by e-mail.
    expect((await post(t, '/api/request-password-reset', { email: user.email }, { ip: freshIp() })).statusCode).toBe(200);
    const resetMail = (await outboxFor(t, user.email)).find((mail) => mail.subject === 'Reset your CIFER password')!;
    const newPassword = 'Brand-New-Passphrase-2024';
    const reset = await post(t, '/api/reset-password', { token: extractResetToken(resetMail.text), password: newPassword }, { ip: freshIp() });
    expect(reset.statusCode).toBe(200);
    expect((await post(t, '/api/auth/login', { email: user.email, password: newPassword }, { ip: freshIp() })).statusCode).toBe(200);
  });
});

describe('audit and logs', () => {
  test('LOG-01 logins and failures are audited with IP, user agent and request id', async () => {
    const user = await createUser(t);
    const ip = freshIp();
    await post(t, '/api/auth/login', { email: user.email, password: 'Wrong-Password-123456' }, { ip, headers: { 'user-agent': 'audit-test-agent' } });
    await logIn(t, user.email, user.password, { ip, headers: { 'user-agent': 'audit-test-agent' } });
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.userId));
    const failure = rows.find((row) => row.action === 'login.failure')!;
    const success = rows.find((row) => row.action === 'login.success')!;
    expect(failure).toBeDefined();
    expect(success).toBeDefined();
    expect(success.ip).toBe(ip);
    expect(success.details).toMatchObject({ userAgent: 'audit-test-agent', requestId: expect.any(String) });
    expect(JSON.stringify(rows)).not.toContain(user.password);
  });

  test('LOG-02 no password, session token or cookie appears in the captured logs', async () => {
    const password = 'Log-Secret-Passphrase-9876';
    const user = await createUser(t, { password });
    const { cookie } = await logIn(t, user.email, password, { ip: freshIp() });
    await post(t, '/api/auth/login', { email: user.email, password: 'Another-Secret-Guess-5555' }, { ip: freshIp() });
    await get(t, '/api/auth/user', { cookie });
    await post(t, '/api/auth/logout', undefined, { cookie });
    const token = cookie!.split('=')[1]!;
    const logs = t.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [password, 'Another-Secret-Guess-5555', token]) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/cifer_session=/);
  });
});
