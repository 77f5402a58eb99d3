import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { SessionSummary } from '@/contracts/auth.ts';
import { organizations, users } from '../../db/schema.ts';
import { createTestApp } from '../../test/test-app.ts';
import { useSharedTestApp } from '../../test/test-app-hooks.ts';
import { completeMfa, createSignedInUser, createUser, get, logIn, post, sessionCookie, STRONG_PASSWORD, uniqueEmail } from '../../test/helpers.ts';

describe('own sessions', () => {
  const t = useSharedTestApp();

  test('SES-11 a user lists their sessions (no token or hash exposed) and revokes one; that cookie then answers 401', async () => {
    const user = await createSignedInUser(t);
    const second = await logIn(t, user.email, user.password, { ip: '10.5.0.2', headers: { 'user-agent': 'Second Browser' } });
    await completeMfa(t, user.userId);
    const list = await get(t, '/api/auth/sessions', { cookie: user.cookie });
    expect(list.statusCode).toBe(200);
    const rows = list.json<SessionSummary[]>();
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.current)).toHaveLength(1);
    const token = second.cookie!.split('=')[1]!;
    expect(list.body).not.toContain(token);
    const other = rows.find((row) => !row.current)!;
    expect(other).toMatchObject({ ip: '10.5.0.2', userAgent: 'Second Browser', mfaVerified: true });

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other.id}`, headers: { origin: t.env.APP_URL, cookie: user.cookie } });
    expect(revoke.statusCode).toBe(200);
    expect((await get(t, '/api/auth/user', { cookie: second.cookie })).statusCode).toBe(401);
    expect((await get(t, '/api/auth/user', { cookie: user.cookie })).statusCode).toBe(200);
    const unknown = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${'0'.repeat(32)}`, headers: { origin: t.env.APP_URL, cookie: user.cookie } });
    expect(unknown.statusCode).toBe(404);
  });

  test('SES-11 revoke-others keeps only the current session; another user cannot see or end them', async () => {
    const user = await createSignedInUser(t);
    const extra = await logIn(t, user.email, user.password, { ip: '10.5.0.3' });
    await completeMfa(t, user.userId);
    const stranger = await createSignedInUser(t);
    const strangerView = await get(t, '/api/auth/sessions', { cookie: stranger.cookie });
    expect(strangerView.json<SessionSummary[]>()).toHaveLength(1);
    const response = await post(t, '/api/auth/sessions/revoke-others', {}, { cookie: user.cookie });
    expect(response.json()).toMatchObject({ revoked: 1 });
    expect((await get(t, '/api/auth/user', { cookie: extra.cookie })).statusCode).toBe(401);
    expect((await get(t, '/api/auth/sessions', { cookie: user.cookie })).json<SessionSummary[]>()).toHaveLength(1);
  });

  test('SES-13 at most 10 sessions per user: the 11th login evicts the oldest', async () => {
    const user = await createUser(t);
    const cookies: Array<string | null> = [];
    for (let i = 0; i < 11; i += 1) {
      cookies.push((await logIn(t, user.email, user.password, { ip: `10.5.1.${i}` })).cookie);
      t.clock.advance(1000);
    }
    expect((await get(t, '/api/auth/user', { cookie: cookies[0] })).statusCode).toBe(401);
    expect((await get(t, '/api/auth/user', { cookie: cookies[10] })).statusCode).toBe(200);
  });
});

describe('billing gate', () => {
  test('BILLING=off: login and sign-up answer requiresPayment false and protected calls pass', async () => {
    const t = await createTestApp({ BILLING: 'off' });
    try {
      const signUp = await post(t, '/api/auth/register', { email: uniqueEmail('free'), password: STRONG_PASSWORD, firstName: 'A', lastName: 'B', company: 'C' });
      expect(signUp.json()).toEqual({ message: 'Registration successful', requiresPayment: false });
      const user = await createSignedInUser(t);
      expect((await get(t, '/api/auth/sessions', { cookie: user.cookie })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  test('BILLING=required: sign-up and login answer requiresPayment true; protected calls answer 402 until the subscription is active', async () => {
    const t = await createTestApp({ BILLING: 'required' });
    try {
      const signUp = await post(t, '/api/auth/register', { email: uniqueEmail('payer'), password: STRONG_PASSWORD, firstName: 'A', lastName: 'B', company: 'C' });
      expect(signUp.statusCode).toBe(200);
      expect(signUp.json()).toEqual({ message: 'Registration successful', requiresPayment: true });
      expect(sessionCookie(t, signUp)).toBeTruthy();

      const user = await createUser(t);
      const { response, cookie } = await logIn(t, user.email, user.password);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Login successful', requiresPayment: true });
      await completeMfa(t, user.userId);
      const blocked = await get(t, '/api/auth/sessions', { cookie });
      expect(blocked.statusCode).toBe(402);
      expect(blocked.json().message).toBe('Please complete your subscription to access CIFER.');

      const [row] = await t.app.db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, user.userId));
      await t.app.db.update(organizations).set({ subscriptionStatus: 'active' }).where(eq(organizations.id, row!.organizationId));
      // What the billing code does after a status change: every instance re-reads the sessions (ADR 173).
      await t.app.sessionCache.invalidateOrganization(row!.organizationId);
      expect((await get(t, '/api/auth/sessions', { cookie })).statusCode).toBe(200);
      const again = await logIn(t, user.email, user.password);
      expect(again.response.json()).toEqual({ message: 'Login successful', requiresPayment: false });
    } finally {
      await t.close();
    }
  });
});
