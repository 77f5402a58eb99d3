import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { auditLog, backupCodes, sessions, userMfa } from '../../db/schema.ts';
import { useSharedTestApp } from '../../test/test-app-hooks.ts';

import { SELF_CHECK_LIMIT } from './self-check-limit.ts';
import {
  createEnrolledUser,
  createUserWithSession,
  enrolTotp,
  get,
  outboxFor,
  post,
  sessionCookie,
  startPasswordOnlySession,
  totpAt,
} from '../../test/helpers.ts';
import { decodeBase32, generateHotp, getTimeStep } from './totp.ts';

const t = useSharedTestApp();

/** A protected route the MFA feature owns, to check a session quickly. */
const PROTECTED = '/api/mfa/test';
const protectedCall = (cookie: string) => post(t, PROTECTED, { code: '000000' }, { cookie });

async function mailsTo(email: string) {
  return outboxFor(t, email);
}

function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z]+\??/g, randomUUID()).replace(/\*$/, 'x');
}

function callRoute(route: { method: string; url: string }, cookie: string | null) {
  const url = concreteUrl(route.url);
  const headers = { origin: t.env.APP_URL, ...(cookie ? { cookie } : {}) };
  if (route.method === 'GET' || route.method === 'DELETE') return t.app.inject({ method: route.method, url, headers });
  return t.app.inject({ method: route.method as 'POST', url, headers, payload: {} });
}

describe('MFA gate on the server (deny by default)', () => {
  test('MFA-01 MFA-08 every protected route refuses a password-only session and a session of a user without TOTP', async () => {
    const notEnrolled = await createUserWithSession(t, { role: 'super_admin' });
    const enrolled = await createEnrolledUser(t, { role: 'super_admin' });
    const passwordOnly = await startPasswordOnlySession(t, enrolled.userId);
    const protectedRoutes = t.app.registeredApiRoutes.filter((route) => route.access !== 'public' && route.access !== 'session');
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(3);
    for (const route of protectedRoutes) {
      const anonymous = await callRoute(route, null);
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      const setupMissing = await callRoute(route, notEnrolled.cookie);
      expect(setupMissing.statusCode, `${route.method} ${route.url} not enrolled`).toBe(403);
      expect(setupMissing.json().code, `${route.method} ${route.url}`).toBe('mfa_setup_required');
      const unverified = await callRoute(route, passwordOnly);
      expect(unverified.statusCode, `${route.method} ${route.url} password-only`).toBe(403);
      expect(unverified.json().code, `${route.method} ${route.url}`).toBe('mfa_required');
    }
  });

  test('MFA-02 the pre-MFA allowlist is exactly the session calls, MFA status, verify and set-up', () => {
    const allowlist = [
      'GET /api/auth/user',
      'POST /api/auth/logout',
      'GET /api/mfa/status',
      'POST /api/mfa/verify',
      'POST /api/mfa/totp/setup',
      'POST /api/mfa/totp/verify-setup',
      // Billing (ADR 133, 135): a subscription bought before the account existed is claimed right after
      // sign-up, and its status is read on /subscribe and /payment-success; neither opens any data.
      'POST /api/billing/claim',
      'GET /api/billing/subscription',
      // Reachable without a paid subscription so a lapsed payment can be fixed, but the handler itself
      // refuses a session that has not passed MFA (billing routes test).
      'POST /api/billing/portal',
      // A passkey is a second factor (ADR 226): whether one exists, its challenge, and its verification.
      'GET /api/mfa/passkeys',
      'POST /api/mfa/passkey/options',
      'POST /api/mfa/passkey/verify',
    ];
    const preMfa = t.app.registeredApiRoutes.filter((route) => route.access === 'session').map((route) => `${route.method} ${route.url}`);
    expect(preMfa.filter((entry) => !allowlist.includes(entry))).toEqual([]);
    expect(preMfa).toEqual(expect.arrayContaining(['GET /api/auth/user', 'GET /api/mfa/status', 'POST /api/mfa/verify', 'POST /api/mfa/totp/setup', 'POST /api/mfa/totp/verify-setup']));
  });

  test('MFA-03 the verify body is strict: an extra field is a 400 and the session stays unverified', async () => {
    const user = await createEnrolledUser(t);
    const cookie = await startPasswordOnlySession(t, user.userId);
    const response = await post(t, '/api/mfa/verify', { code: totpAt(user.secret, t.clock.now()), type: 'totp', mfaVerified: true }, { cookie });
    expect(response.statusCode).toBe(400);
    const wrongType = await post(t, '/api/mfa/verify', { code: totpAt(user.secret, t.clock.now()), type: 'sms' }, { cookie });
    expect(wrongType.statusCode).toBe(400);
    expect((await protectedCall(cookie)).json().code).toBe('mfa_required');
  });

  test('MFA-09 a password-only session ends after 10 minutes', async () => {
    const user = await createUserWithSession(t);
    t.clock.advance(9 * 60_000);
    expect((await get(t, '/api/mfa/status', { cookie: user.cookie })).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await get(t, '/api/mfa/status', { cookie: user.cookie })).statusCode).toBe(401);
  });

  test('MFA-10 status exposes only the three spec fields', async () => {
    const user = await createEnrolledUser(t);
    const response = await get(t, '/api/mfa/status', { cookie: user.cookie });
    expect(response.json()).toEqual({ totpEnabled: true, sessionMfaComplete: true, backupCodesCount: 10 });
    const passwordOnly = await startPasswordOnlySession(t, user.userId);
    expect((await get(t, '/api/mfa/status', { cookie: passwordOnly })).json()).toEqual({ totpEnabled: true, sessionMfaComplete: false, backupCodesCount: 10 });
    const fresh = await createUserWithSession(t);
    expect((await get(t, '/api/mfa/status', { cookie: fresh.cookie })).json()).toEqual({ totpEnabled: false, sessionMfaComplete: false, backupCodesCount: 0 });
    expect((await get(t, '/api/mfa/status')).statusCode).toBe(401);
  });
});

describe('TOTP set-up', () => {
  test('TOTP-01 TOTP-08 set-up returns a standard otpauth URI with a 160-bit base32 key, never cached', async () => {
    const user = await createUserWithSession(t);
    const response = await post(t, '/api/mfa/totp/setup', {}, { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { qrCodeUri, manualEntryKey } = response.json();
    expect(decodeBase32(manualEntryKey)).toHaveLength(20);
    expect(qrCodeUri).toBe(`otpauth://totp/CIFER:${encodeURIComponent(user.email)}?secret=${manualEntryKey}&issuer=CIFER&algorithm=SHA1&digits=6&period=30`);
    expect((await get(t, '/api/mfa/status', { cookie: user.cookie })).json().totpEnabled).toBe(false);
  });

  test('TOTP-02 a new set-up replaces the pending one, and a pending set-up expires after 15 minutes', async () => {
    const user = await createUserWithSession(t);
    const first = (await post(t, '/api/mfa/totp/setup', {}, { cookie: user.cookie })).json().manualEntryKey as string;
    const second = (await post(t, '/api/mfa/totp/setup', {}, { cookie: user.cookie })).json().manualEntryKey as string;
    expect(second).not.toBe(first);
    const stale = await post(t, '/api/mfa/totp/verify-setup', { code: totpAt(first, t.clock.now()) }, { cookie: user.cookie });
    expect(stale.statusCode).toBe(400);

    const other = await createUserWithSession(t);
    const key = (await post(t, '/api/mfa/totp/setup', {}, { cookie: other.cookie })).json().manualEntryKey as string;
    t.clock.advance(9 * 60_000);
    const keepAlive = await startPasswordOnlySession(t, other.userId);
    t.clock.advance(7 * 60_000);
    const expired = await post(t, '/api/mfa/totp/verify-setup', { code: totpAt(key, t.clock.now()) }, { cookie: keepAlive });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);
  });

  test('TOTP-05 malformed codes are a 400, never a 5xx', async () => {
    const user = await createEnrolledUser(t);
    const cookie = await startPasswordOnlySession(t, user.userId);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ minLength: 6, maxLength: 6 }), fc.constant('12345'), fc.constant('1234567')), async (code) => {
        fc.pre(!/^\d{6}$/.test(code));
        const response = await post(t, '/api/mfa/verify', { code, type: 'totp' }, { cookie });
        expect(response.statusCode).toBe(400);
      }),
      { numRuns: 40 },
    );
    const setupUser = await createUserWithSession(t);
    await post(t, '/api/mfa/totp/setup', {}, { cookie: setupUser.cookie });
    expect((await post(t, '/api/mfa/totp/verify-setup', { code: 12345 }, { cookie: setupUser.cookie })).statusCode).toBe(400);
    expect((await post(t, '/api/mfa/totp/verify-setup', { code: '12345a' }, { cookie: setupUser.cookie })).statusCode).toBe(400);
  });

  test('SES-05 confirming the set-up rotates the session token and marks it verified; the old token dies', async () => {
    const user = await createUserWithSession(t);
    const { manualEntryKey } = (await post(t, '/api/mfa/totp/setup', {}, { cookie: user.cookie })).json();
    const response = await post(t, '/api/mfa/totp/verify-setup', { code: totpAt(manualEntryKey, t.clock.now()) }, { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    const codes = response.json().backupCodes as string[];
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const rotated = sessionCookie(t, response);
    expect(rotated).not.toBeNull();
    expect(rotated).not.toBe(user.cookie);
    expect((await get(t, '/api/mfa/status', { cookie: user.cookie })).statusCode).toBe(401);
    expect((await get(t, '/api/mfa/status', { cookie: rotated })).json()).toEqual({ totpEnabled: true, sessionMfaComplete: true, backupCodesCount: 10 });
  });

  test('MFA-04 acceptance 4: no password-only session can enrol a new authenticator for an enrolled account', async () => {
    const user = await createEnrolledUser(t);
    const [before] = await t.app.db.select().from(userMfa).where(eq(userMfa.userId, user.userId));
    const attacker = await startPasswordOnlySession(t, user.userId);
    for (const url of ['/api/mfa/totp/setup', '/api/mfa/totp/disable', '/api/mfa/backup-codes/regenerate']) {
      const response = await post(t, url, {}, { cookie: attacker });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code, url).toBe('mfa_required');
    }
    const verifySetup = await post(t, '/api/mfa/totp/verify-setup', { code: '123456' }, { cookie: attacker });
    expect(verifySetup.statusCode).toBe(403);
    const [after] = await t.app.db.select().from(userMfa).where(eq(userMfa.userId, user.userId));
    expect(after!.totpSecretEnc).toBe(before!.totpSecretEnc);
    expect(after!.pendingSecretEnc).toBeNull();
    // Even a verified session cannot stack a second authenticator: it must disable first.
    expect((await post(t, '/api/mfa/totp/setup', {}, { cookie: user.cookie })).statusCode).toBe(409);
  });
});

describe('verification', () => {
  test('SES-05 verifying rotates the session token; the pre-MFA token dies', async () => {
    const user = await createEnrolledUser(t);
    const cookie = await startPasswordOnlySession(t, user.userId);
    const response = await post(t, '/api/mfa/verify', { code: totpAt(user.secret, t.clock.now()), type: 'totp' }, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ method: 'totp' });
    const rotated = sessionCookie(t, response)!;
    expect(rotated).not.toBe(cookie);
    expect((await get(t, '/api/mfa/status', { cookie })).statusCode).toBe(401);
    expect((await protectedCall(rotated)).statusCode).toBe(200);
  });

  test('TOTP-03 the current and previous steps are accepted; the next step and T-2 are refused', async () => {
    const user = await createEnrolledUser(t);
    const key = decodeBase32(user.secret);
    t.clock.advance(120_000);
    const step = getTimeStep(t.clock.now());
    const codeAt = (s: number) => generateHotp(key, s);
    const distinct = (s: number) => ![step, step - 1].filter((other) => other !== s).some((other) => codeAt(other) === codeAt(s));
    if (distinct(step + 1)) expect((await post(t, '/api/mfa/verify', { code: codeAt(step + 1), type: 'totp' }, { cookie: await startPasswordOnlySession(t, user.userId) })).statusCode).toBe(401);
    if (distinct(step - 2)) expect((await post(t, '/api/mfa/verify', { code: codeAt(step - 2), type: 'totp' }, { cookie: await startPasswordOnlySession(t, user.userId) })).statusCode).toBe(401);
    expect((await post(t, '/api/mfa/verify', { code: codeAt(step - 1), type: 'totp' }, { cookie: await startPasswordOnlySession(t, user.userId) })).statusCode).toBe(200);
    expect((await post(t, '/api/mfa/verify', { code: codeAt(step), type: 'totp' }, { cookie: await startPasswordOnlySession(t, user.userId) })).statusCode).toBe(200);
  });

  test('TOTP-04 a code is accepted once, across sessions', async () => {
    const user = await createEnrolledUser(t);
    const code = totpAt(user.secret, t.clock.now());
    const first = await post(t, '/api/mfa/verify', { code, type: 'totp' }, { cookie: await startPasswordOnlySession(t, user.userId) });
    expect(first.statusCode).toBe(200);
    const second = await post(t, '/api/mfa/verify', { code, type: 'totp' }, { cookie: await startPasswordOnlySession(t, user.userId) });
    expect(second.statusCode).toBe(401);
    // The setup code's step cannot be replayed either.
    const setupUser = await createUserWithSession(t);
    const { manualEntryKey } = (await post(t, '/api/mfa/totp/setup', {}, { cookie: setupUser.cookie })).json();
    const setupCode = totpAt(manualEntryKey, t.clock.now());
    expect((await post(t, '/api/mfa/totp/verify-setup', { code: setupCode }, { cookie: setupUser.cookie })).statusCode).toBe(200);
    expect((await post(t, '/api/mfa/verify', { code: setupCode, type: 'totp' }, { cookie: await startPasswordOnlySession(t, setupUser.userId) })).statusCode).toBe(401);
  });

  test('BC-03 BC-07 a backup code works once, in any case, and the remaining count drops', async () => {
    const user = await createEnrolledUser(t);
    const code = user.backupCodes[0]!;
    const cookie = await startPasswordOnlySession(t, user.userId);
    const first = await post(t, '/api/mfa/verify', { code: code.toLowerCase(), type: 'backup' }, { cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ method: 'backup' });
    const verified = sessionCookie(t, first)!;
    expect((await get(t, '/api/mfa/status', { cookie: verified })).json().backupCodesCount).toBe(9);
    const again = await post(t, '/api/mfa/verify', { code, type: 'backup' }, { cookie: await startPasswordOnlySession(t, user.userId) });
    expect(again.statusCode).toBe(401);
    const notices = await mailsTo(user.email);
    expect(notices.some((mail) => mail.subject === 'A backup code was used to sign in')).toBe(true);
  });

  test('TOTP-06 5 failures lock for 15 minutes (429 + Retry-After even for a right code); a new login does not reset it', async () => {
    const user = await createEnrolledUser(t);
    const cookie = await startPasswordOnlySession(t, user.userId);
    const wrong = generateHotp(decodeBase32(user.secret), getTimeStep(t.clock.now()) + 5);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await post(t, '/api/mfa/verify', { code: wrong, type: 'totp' }, { cookie })).statusCode, `attempt ${attempt}`).toBe(401);
    }
    const locked = await post(t, '/api/mfa/verify', { code: totpAt(user.secret, t.clock.now()), type: 'totp' }, { cookie });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    const relogin = await startPasswordOnlySession(t, user.userId);
    expect((await post(t, '/api/mfa/verify', { code: user.backupCodes[0], type: 'backup' }, { cookie: relogin })).statusCode).toBe(429);
    expect((await mailsTo(user.email)).some((mail) => mail.subject === 'Two-factor verification locked')).toBe(true);

    t.clock.advance(15 * 60_000);
    const later = await startPasswordOnlySession(t, user.userId);
    expect((await post(t, '/api/mfa/verify', { code: totpAt(user.secret, t.clock.now()), type: 'totp' }, { cookie: later })).statusCode).toBe(200);
  });

  test('BC-05 wrong backup codes count against the same lock as TOTP codes', async () => {
    const user = await createEnrolledUser(t);
    const cookie = await startPasswordOnlySession(t, user.userId);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post(t, '/api/mfa/verify', { code: 'ZZZZ9999', type: 'backup' }, { cookie })).statusCode).toBe(401);
    }
    expect((await post(t, '/api/mfa/verify', { code: totpAt(user.secret, t.clock.now()), type: 'totp' }, { cookie })).statusCode).toBe(429);
  });

  test('TOTP-06 20 consecutive failures lock until the e-mailed link unlocks it (once)', async () => {
    const user = await createEnrolledUser(t);
    const wrong = () => generateHotp(decodeBase32(user.secret), getTimeStep(t.clock.now()) + 7);
    for (let round = 0; round < 4; round += 1) {
      const cookie = await startPasswordOnlySession(t, user.userId);
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await post(t, '/api/mfa/verify', { code: wrong(), type: 'totp' }, { cookie })).statusCode).toBe(401);
      t.clock.advance(15 * 60_000 + 1000);
    }
    const cookie = await startPasswordOnlySession(t, user.userId);
    const blocked = await post(t, '/api/mfa/verify', { code: totpAt(user.secret, t.clock.now()), type: 'totp' }, { cookie });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/unlock/);
    const mail = (await mailsTo(user.email)).find((m) => m.subject.startsWith('Two-factor verification locked until'));
    expect(mail).toBeDefined();
    const token = decodeURIComponent(/#unlock=([^\s]+)/.exec(mail!.text)![1]!);
    expect((await post(t, '/api/mfa/unlock', { token: `${token}x` })).statusCode).toBe(400);
    expect((await post(t, '/api/mfa/unlock', { token })).statusCode).toBe(200);
    expect((await post(t, '/api/mfa/unlock', { token })).statusCode).toBe(400);
    expect((await post(t, '/api/mfa/verify', { code: totpAt(user.secret, t.clock.now()), type: 'totp' }, { cookie })).statusCode).toBe(200);
  });
});

describe('disable and regenerate (step-up)', () => {
  test('MFA-05 disable and regenerate refuse a stale verification and work after a fresh code', async () => {
    const user = await createEnrolledUser(t);
    t.clock.advance(6 * 60_000);
    for (const url of ['/api/mfa/totp/disable', '/api/mfa/backup-codes/regenerate']) {
      const response = await post(t, url, {}, { cookie: user.cookie });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code, url).toBe('step_up_required');
    }
    const stepUp = await post(t, '/api/mfa/verify', { code: totpAt(user.secret, t.clock.now()), type: 'totp' }, { cookie: user.cookie });
    expect(stepUp.statusCode).toBe(200);
    const fresh = sessionCookie(t, stepUp)!;
    expect(fresh).not.toBe(user.cookie);
    const regenerated = await post(t, '/api/mfa/backup-codes/regenerate', {}, { cookie: fresh });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.headers['cache-control']).toBe('no-store');
    t.clock.advance(6 * 60_000);
    expect((await post(t, '/api/mfa/backup-codes/regenerate', {}, { cookie: fresh })).json().code).toBe('step_up_required');
  });

  test('BC-04 regenerate replaces every code: old codes fail, new ones work', async () => {
    const user = await createEnrolledUser(t);
    const response = await post(t, '/api/mfa/backup-codes/regenerate', {}, { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    const fresh = response.json().backupCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => user.backupCodes.includes(code))).toBe(false);
    expect((await post(t, '/api/mfa/verify', { code: user.backupCodes[1], type: 'backup' }, { cookie: await startPasswordOnlySession(t, user.userId) })).statusCode).toBe(401);
    expect((await post(t, '/api/mfa/verify', { code: fresh[0], type: 'backup' }, { cookie: await startPasswordOnlySession(t, user.userId) })).statusCode).toBe(200);
    expect((await mailsTo(user.email)).some((mail) => mail.subject === 'New backup codes generated')).toBe(true);
  });

  test('MFA-06 SES-09 disable returns the account to "not enrolled": other sessions revoked, this one must set up again', async () => {
    const user = await createEnrolledUser(t);
    const otherVerified = await post(t, '/api/mfa/verify', { code: totpAt(user.secret, t.clock.now()), type: 'totp' }, { cookie: await startPasswordOnlySession(t, user.userId) });
    const other = sessionCookie(t, otherVerified)!;
    expect((await protectedCall(other)).statusCode).toBe(200);
    const response = await post(t, '/api/mfa/totp/disable', {}, { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    const current = sessionCookie(t, response)!;
    expect((await get(t, '/api/mfa/status', { cookie: other })).statusCode).toBe(401);
    expect((await get(t, '/api/mfa/status', { cookie: user.cookie })).statusCode).toBe(401);
    expect((await get(t, '/api/mfa/status', { cookie: current })).json()).toEqual({ totpEnabled: false, sessionMfaComplete: false, backupCodesCount: 0 });
    expect((await protectedCall(current)).json().code).toBe('mfa_setup_required');
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.mfaVerifiedAt).toBeNull();
    expect(await t.app.db.select().from(backupCodes).where(eq(backupCodes.userId, user.userId))).toHaveLength(0);
    // Re-enrolment works from the same session.
    const again = await enrolTotp(t, current);
    expect((await protectedCall(again.cookie)).statusCode).toBe(200);
  });

  test('MFA-07 an e-mail notice follows enrol, disable and regenerate', async () => {
    const user = await createEnrolledUser(t);
    await post(t, '/api/mfa/backup-codes/regenerate', {}, { cookie: user.cookie });
    await post(t, '/api/mfa/totp/disable', {}, { cookie: user.cookie });
    const subjects = (await mailsTo(user.email)).map((mail) => mail.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Two-factor authentication turned on', 'New backup codes generated', 'Two-factor authentication turned off']));
  });

  test('LOG-01 MFA events are audited', async () => {
    const user = await createEnrolledUser(t);
    await post(t, '/api/mfa/verify', { code: 'ZZZZ0000', type: 'backup' }, { cookie: await startPasswordOnlySession(t, user.userId) });
    await post(t, '/api/mfa/verify', { code: totpAt(user.secret, t.clock.now()), type: 'totp' }, { cookie: await startPasswordOnlySession(t, user.userId) });
    await post(t, '/api/mfa/backup-codes/regenerate', {}, { cookie: user.cookie });
    await post(t, '/api/mfa/totp/disable', {}, { cookie: user.cookie });
    const actions = (await t.app.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.userId))).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['mfa.totp_enabled', 'mfa.failure', 'mfa.verified', 'mfa.backup_codes_regenerated', 'mfa.totp_disabled']),
    );
  });
});

describe('secrets at rest and in logs', () => {
  test('TOTP-07 BC-02 LOG-02 the secret and backup codes are not stored in clear text nor ever logged', async () => {
    const user = await createEnrolledUser(t);
    const codeUsed = totpAt(user.secret, t.clock.now());
    await post(t, '/api/mfa/verify', { code: codeUsed, type: 'totp' }, { cookie: await startPasswordOnlySession(t, user.userId) });
    await post(t, '/api/mfa/verify', { code: user.backupCodes[2], type: 'backup' }, { cookie: await startPasswordOnlySession(t, user.userId) });
    const [row] = await t.app.db.select().from(userMfa).where(eq(userMfa.userId, user.userId));
    const stored = JSON.stringify(row);
    expect(row!.totpSecretEnc).toMatch(/^v1\./);
    expect(stored).not.toContain(user.secret);
    expect(stored).not.toContain(decodeBase32(user.secret).toString('hex'));
    expect(stored).not.toContain(decodeBase32(user.secret).toString('base64'));
    const codeRows = await t.app.db.select().from(backupCodes).where(eq(backupCodes.userId, user.userId));
    for (const codeRow of codeRows) expect(codeRow.codeHash.startsWith('$argon2id$')).toBe(true);
    expect(JSON.stringify(codeRows)).not.toMatch(new RegExp(user.backupCodes.join('|')));
    // The clock's milliseconds are left out: a 13-digit timestamp can hold a 6-digit code by chance.
    const logs = t.logs.join('\n').replace(/"time":\d+,/g, '');
    expect(logs).not.toContain(user.secret);
    expect(logs).not.toContain(codeUsed);
    for (const code of user.backupCodes) expect(logs).not.toContain(code);
    const outbox = JSON.stringify(await mailsTo(user.email));
    expect(outbox).not.toContain(user.secret);
    for (const code of user.backupCodes) expect(outbox).not.toContain(code);
  });
});

describe('self-check (/mfa-test)', () => {
  test('the self-check reports a match and the clock offset without consuming the step or verifying anything', async () => {
    const user = await createEnrolledUser(t);
    const key = decodeBase32(user.secret);
    const step = getTimeStep(t.clock.now());
    const ahead = await post(t, '/api/mfa/test', { code: generateHotp(key, step + 2) }, { cookie: user.cookie });
    expect(ahead.statusCode).toBe(200);
    expect(ahead.json()).toMatchObject({ match: false, offsetSteps: 2, offsetSeconds: 60 });
    const code = generateHotp(key, step);
    expect((await post(t, '/api/mfa/test', { code }, { cookie: user.cookie })).json()).toMatchObject({ match: true, offsetSteps: 0 });
    expect(sessionCookie(t, ahead)).toBeNull();
    // Still usable for a real verification: the self-check consumed nothing.
    expect((await post(t, '/api/mfa/verify', { code, type: 'totp' }, { cookie: await startPasswordOnlySession(t, user.userId) })).statusCode).toBe(200);
  });

  test('the self-check is rate limited per user', async () => {
    const user = await createEnrolledUser(t);
    for (let index = 0; index < SELF_CHECK_LIMIT; index += 1) expect((await protectedCall(user.cookie)).statusCode).toBe(200);
    const limited = await protectedCall(user.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    t.clock.advance(61_000);
    expect((await protectedCall(user.cookie)).statusCode).toBe(200);
  });
});
