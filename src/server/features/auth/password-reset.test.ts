import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { AUTH_MESSAGES } from '@/contracts/auth.ts';
import { auditLog, emailOutbox, passwordResetTokens, users } from '../../db/schema.ts';
import { useSharedSmtpServer, useSharedTestApp } from '../../test/test-app-hooks.ts';
import { RESET_ADDRESS_LIMIT } from './limits.ts';
import { INVALID_RESET_LINK_MESSAGE } from './password-reset.ts';
import {
  completeMfa,
  createSignedInUser,
  createUser,
  extractResetToken,
  freshIps,
  get,
  logIn,
  OTHER_STRONG_PASSWORD,
  outboxFor,
  storedOutboxFor,
  post,
  uniqueEmail,
} from '../../test/helpers.ts';

const smtp = useSharedSmtpServer();
const t = useSharedTestApp(() => ({ SMTP_URL: smtp.url }));

const freshIp = freshIps('10.3');

async function requestReset(email: string) {
  return post(t, '/api/request-password-reset', { email }, { ip: freshIp() });
}

async function latestResetToken(email: string): Promise<string> {
  const mails = (await outboxFor(t, email)).filter((mail) => mail.subject === 'Reset your CIFER password');
  mails.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
  return extractResetToken(mails.at(-1)!.text);
}

describe('request a reset', () => {
  test('AUTH-05 identical answers for an existing, an unknown and a pending address; only the active account gets a link', async () => {
    const user = await createUser(t);
    const pending = await createUser(t);
    await t.app.db.update(users).set({ status: 'pending' }).where(eq(users.id, pending.userId));
    const unknownEmail = uniqueEmail('nobody');
    const existing = await requestReset(user.email);
    const unknown = await requestReset(unknownEmail);
    const pendingAnswer = await requestReset(pending.email);
    expect(existing.statusCode).toBe(200);
    expect(existing.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetSuccess });
    for (const other of [unknown, pendingAnswer]) {
      expect(other.statusCode).toBe(existing.statusCode);
      expect(other.body).toBe(existing.body);
    }
    expect(await outboxFor(t, user.email)).toHaveLength(1);
    expect(await outboxFor(t, unknownEmail)).toHaveLength(0);
    expect(await outboxFor(t, pending.email)).toHaveLength(0);
  });

  test('the e-mail is delivered through real SMTP with a single-use link', async () => {
    const user = await createUser(t);
    await requestReset(user.email);
    // Outbox rows are due from the database's own now(); move the app clock past it.
    t.clock.advance(5_000);
    await t.app.mailer.deliverDue();
    const received = smtp.messages.find((message) => message.to.includes(user.email));
    expect(received, JSON.stringify(await outboxFor(t, user.email))).toBeDefined();
    expect(received!.decoded).toContain('Subject: Reset your CIFER password');
    const token = extractResetToken(received!.decoded);
    // Delivered, the link is kept nowhere else: the outbox row holds only the note (ADR 190).
    const [row] = await storedOutboxFor(t, user.email);
    expect(row!.status).toBe('sent');
    expect(row!.sealedText).toBeNull();
    expect(row!.text).not.toContain(token);
    expect(row!.text).toContain('[password-reset link: only the recipient can use it]');
    // The delivered link works.
    expect((await post(t, '/api/reset-password', { token, password: OTHER_STRONG_PASSWORD }, { ip: freshIp() })).statusCode).toBe(200);
  });

  test('reset validation uses the spec message', async () => {
    const response = await post(t, '/api/request-password-reset', { email: '' }, { ip: freshIp() });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: 'email', message: 'Please enter your email address.' });
  });

  test('RL-02 per address: the 4th request within the hour answers the same but writes no 4th e-mail', async () => {
    const user = await createUser(t);
    const bodies = new Set<string>();
    for (let i = 0; i < RESET_ADDRESS_LIMIT + 1; i += 1) bodies.add((await requestReset(user.email)).body);
    expect(bodies.size).toBe(1);
    expect(await outboxFor(t, user.email)).toHaveLength(RESET_ADDRESS_LIMIT);
  });

  test('RL-02 per IP: past the budget the reset endpoint answers 429 with Retry-After', async () => {
    const ip = freshIp();
    let last = await post(t, '/api/request-password-reset', { email: uniqueEmail('x') }, { ip });
    for (let i = 0; i < 10 && last.statusCode === 200; i += 1) last = await post(t, '/api/request-password-reset', { email: uniqueEmail('x') }, { ip });
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('finish a reset', () => {
  test('AUTH-06 the database holds only the token hash; the link works once; a newer request kills the older link', async () => {
    const user = await createUser(t);
    await requestReset(user.email);
    const first = await latestResetToken(user.email);
    const rows = await t.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.userId));
    expect(JSON.stringify(rows)).not.toContain(first);
    expect(Buffer.from(first, 'base64url').length).toBe(32);

    // A second later: "latest" is read by creation time, and two mails of one instant have no order.
    t.clock.advance(1_000);
    await requestReset(user.email);
    const second = await latestResetToken(user.email);
    expect(second).not.toBe(first);
    const stale = await post(t, '/api/reset-password', { token: first, password: OTHER_STRONG_PASSWORD }, { ip: freshIp() });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(INVALID_RESET_LINK_MESSAGE);

    expect((await post(t, '/api/reset-password', { token: second, password: OTHER_STRONG_PASSWORD }, { ip: freshIp() })).statusCode).toBe(200);
    const reuse = await post(t, '/api/reset-password', { token: second, password: 'Yet-Another-Passphrase-31' }, { ip: freshIp() });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(INVALID_RESET_LINK_MESSAGE);
  });

  test('AUTH-06 a link older than one hour is refused (fake clock: 61 minutes)', async () => {
    const user = await createUser(t);
    await requestReset(user.email);
    const token = await latestResetToken(user.email);
    t.clock.advance(61 * 60_000);
    const response = await post(t, '/api/reset-password', { token, password: OTHER_STRONG_PASSWORD }, { ip: freshIp() });
    expect(response.statusCode).toBe(400);
    expect((await logIn(t, user.email, user.password, { ip: freshIp() })).response.statusCode).toBe(200);
  });

  test('AUTH-07 AUTH-08 SES-09 a reset signs nobody in, revokes every session, e-mails a notice; the new password works and the old does not', async () => {
    const user = await createUser(t);
    const a = await logIn(t, user.email, user.password, { ip: freshIp() });
    const b = await logIn(t, user.email, user.password, { ip: freshIp() });
    await completeMfa(t, user.userId);
    await requestReset(user.email);
    const token = await latestResetToken(user.email);
    const response = await post(t, '/api/reset-password', { token, password: OTHER_STRONG_PASSWORD }, { ip: freshIp() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    expect(response.headers['set-cookie']).toBeUndefined();
    for (const cookie of [a.cookie, b.cookie]) expect((await get(t, '/api/auth/user', { cookie })).statusCode).toBe(401);
    expect((await outboxFor(t, user.email)).map((mail) => mail.subject)).toContain('Your CIFER password was changed');
    expect((await logIn(t, user.email, user.password, { ip: freshIp() })).response.statusCode).toBe(401);
    const fresh = await logIn(t, user.email, OTHER_STRONG_PASSWORD, { ip: freshIp() });
    expect(fresh.response.statusCode).toBe(200);
    // The new session is password-only: protected content still needs MFA (AUTH-07).
    expect((await get(t, '/api/auth/sessions', { cookie: fresh.cookie })).statusCode).toBe(403);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.userId));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['password.reset_requested', 'password.reset']));
  });

  test('the new password follows the sign-up rules', async () => {
    const user = await createUser(t);
    await requestReset(user.email);
    const token = await latestResetToken(user.email);
    const weak = await post(t, '/api/reset-password', { token, password: 'alllowercaseletters' }, { ip: freshIp() });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues).toContainEqual({ path: 'password', message: 'Password must contain uppercase, lowercase, and numbers' });
    // The refused attempt did not use up the link.
    expect((await post(t, '/api/reset-password', { token, password: OTHER_STRONG_PASSWORD }, { ip: freshIp() })).statusCode).toBe(200);
  });

  test.runIf(process.env.DATABASE_URL)('AUTH-06 [PG] two parallel resets with one token: exactly one succeeds', async () => {
    const user = await createUser(t);
    await requestReset(user.email);
    const token = await latestResetToken(user.email);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(t, '/api/reset-password', { token, password: `Parallel-Passphrase-${i}-Xy` }, { ip: freshIp() })),
    );
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(1);
  });

  test('LOG-02 reset tokens and passwords never reach the logs', async () => {
    const user = await createUser(t);
    await requestReset(user.email);
    const token = await latestResetToken(user.email);
    await post(t, '/api/reset-password', { token, password: 'Log-Check-Passphrase-88' }, { ip: freshIp() });
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('Log-Check-Passphrase-88');
  });
});

describe('change password (signed in)', () => {
  test('PWD-08 a wrong current password changes nothing; the right one changes it and signs out the other sessions (SES-09)', async () => {
    const user = await createSignedInUser(t);
    const other = await logIn(t, user.email, user.password, { ip: freshIp() });
    await completeMfa(t, user.userId);
    const wrong = await post(t, '/api/auth/change-password', { currentPassword: 'Not-The-Password-99', newPassword: OTHER_STRONG_PASSWORD }, { cookie: user.cookie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const ok = await post(t, '/api/auth/change-password', { currentPassword: user.password, newPassword: OTHER_STRONG_PASSWORD }, { cookie: user.cookie });
    expect(ok.statusCode).toBe(200);
    expect((await get(t, '/api/auth/user', { cookie: user.cookie })).statusCode).toBe(200);
    expect((await get(t, '/api/auth/user', { cookie: other.cookie })).statusCode).toBe(401);
    expect((await logIn(t, user.email, OTHER_STRONG_PASSWORD, { ip: freshIp() })).response.statusCode).toBe(200);
    const notices = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(notices.map((mail) => mail.subject)).toContain('Your CIFER password was changed');
  });

  test('change password needs an MFA-complete session', async () => {
    const user = await createUser(t);
    const { cookie } = await logIn(t, user.email, user.password, { ip: freshIp() });
    const response = await post(t, '/api/auth/change-password', { currentPassword: user.password, newPassword: OTHER_STRONG_PASSWORD }, { cookie });
    expect(response.statusCode).toBe(403);
  });
});
