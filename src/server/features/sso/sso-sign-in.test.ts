import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SsoConnection, SsoErrorCode } from '@/contracts/sso.ts';
import { auditLog, memberships, sessions, ssoLoginAttempts, users } from '../../db/schema.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { createUser, freshIps, get } from '../../test/helpers.ts';
import type { OidcTestProvider } from '../../test/oidc-provider.ts';
import { createCaller, send, type Caller } from '../../test/organization-members.ts';
import { BUILDS_AN_APP } from '../../test/test-app-hooks.ts';
import {
  arriveAtCallback,
  CLIENT_SECRET,
  connectionInput,
  createConnection,
  createSsoTestApp,
  startProviderFor,
  startSignIn,
  verifyAllDomains,
  type SignInOutcome,
  type SsoTestApp,
} from './test-support.ts';

/**
 * The sign-in against a real OpenID provider on loopback (oidc-provider): the code flow with
 * PKCE, state and nonce as a browser would follow it, and each way it can fail.
 */

const DIRECTORY = {
  alice: { email: 'alice@a-corp.test', emailVerified: true, givenName: 'Alice', familyName: 'Archer' },
  bruno: { email: 'bruno@a-corp.test', emailVerified: true, name: 'Bruno Bell Carter' },
  eve: { email: 'eve@a-corp.test', emailVerified: false, name: 'Eve Unverified' },
  mallory: { email: 'mallory@b-corp.test', emailVerified: true, name: 'Mallory B' },
  pat: { email: 'pat@pending-a.test', emailVerified: true, name: 'Pat Pending' },
  existing: { email: 'existing@a-corp.test', emailVerified: true, name: 'Existing Person' },
  disabled: { email: 'disabled@a-corp.test', emailVerified: true, name: 'Disabled Person' },
};

let t: SsoTestApp;
let provider: OidcTestProvider;
let ownerA: Caller;
let ownerB: Caller;
let connectionA: SsoConnection;
const freshIp = freshIps('10.71');
/** Every code and state the provider handed out: none may reach the logs. */
const handedOut: string[] = [];

beforeAll(async () => {
  t = await createSsoTestApp();
  provider = await startProviderFor(t, DIRECTORY);
  ownerA = await createCaller(t);
  ownerB = await createCaller(t);
  connectionA = await createConnection(t, ownerA, connectionInput(provider.issuer, ['a-corp.test', 'pending-a.test'], { defaultRole: 'member' }));
  // Only a-corp.test is proved; pending-a.test stays unverified.
  await verifyAllDomains(t, ownerA, { ...connectionA, domains: connectionA.domains.filter((domain) => domain.domain === 'a-corp.test') });
  const connectionB = await createConnection(t, ownerB, connectionInput(provider.issuer, ['b-corp.test']));
  await verifyAllDomains(t, ownerB, connectionB);
}, BUILDS_AN_APP.timeout);

afterAll(async () => {
  await provider.close();
  await t.close();
});

async function signIn(email: string, as: string | null = null): Promise<SignInOutcome> {
  provider.signInAs(as);
  try {
    const callback = await provider.authorize(await startSignIn(t, email, freshIp()));
    handedOut.push(callback.searchParams.get('code') ?? '', callback.searchParams.get('state') ?? '');
    return await arriveAtCallback(t, callback, freshIp());
  } finally {
    provider.signInAs(null);
  }
}

function expectRefused(outcome: SignInOutcome, code: SsoErrorCode) {
  expect(outcome.response.statusCode).toBe(302);
  expect(outcome.location).toBe(`/auth?sso_error=${code}`);
  expect(outcome.cookie).toBeNull();
}

async function failureCodes(): Promise<string[]> {
  const rows = await t.app.db.select({ details: auditLog.details }).from(auditLog).where(eq(auditLog.action, 'sso.failure'));
  return rows.map((row) => String((row.details as { code?: unknown }).code));
}

async function userByEmail(email: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

describe('a successful sign-in', () => {
  test('the first sign-in creates the member just in time; the session is password-only (the MFA gate applies next) and works in the organisation', async () => {
    const outcome = await signIn(DIRECTORY.alice.email);
    expect(outcome.response.statusCode).toBe(302);
    expect(outcome.location).toBe('/mfa-verification');
    expect(outcome.cookie).not.toBeNull();

    const user = await userByEmail('alice@a-corp.test');
    expect(user).toMatchObject({ organizationId: ownerA.homeOrganizationId, ssoConnectionId: connectionA.id, firstName: 'Alice', lastName: 'Archer', role: 'user', status: 'active' });
    // The password column holds an argon2 hash of random bytes: no password opens it.
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const [membership] = await t.app.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, user!.id), eq(memberships.organizationId, ownerA.homeOrganizationId)));
    expect(membership?.role).toBe('member');

    const audit = await t.app.db.select({ action: auditLog.action, organizationId: auditLog.organizationId }).from(auditLog).where(eq(auditLog.targetUserId, user!.id));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['sso.user_created', 'sso.login']));
    expect(audit.every((row) => row.organizationId === ownerA.homeOrganizationId)).toBe(true);

    // Signed in (the session exists) but not past two-factor: user routes refuse until TOTP is set up.
    const me = await get(t, '/api/auth/user', { cookie: outcome.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'alice@a-corp.test', firstName: 'Alice' });
    const gated = await get(t, '/api/organizations', { cookie: outcome.cookie });
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toMatchObject({ code: 'mfa_setup_required' });
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(session?.mfaVerifiedAt).toBeNull();
    expect(session?.currentOrganizationId).toBe(ownerA.homeOrganizationId);
  });

  test('a second sign-in reuses the account and opens a new session', async () => {
    const first = await signIn(DIRECTORY.bruno.email);
    const second = await signIn(DIRECTORY.bruno.email);
    expect(second.location).toBe('/mfa-verification');
    expect(second.cookie).not.toBe(first.cookie);
    const rows = await t.app.db.select().from(users).where(eq(users.email, 'bruno@a-corp.test'));
    expect(rows).toHaveLength(1);
    // `name` split into first and last name when the provider sends no given/family name.
    expect(rows[0]).toMatchObject({ firstName: 'Bruno', lastName: 'Bell Carter' });
    const created = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'sso.user_created'), eq(auditLog.targetUserId, rows[0]!.id)));
    expect(created).toHaveLength(1);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, rows[0]!.id))).toHaveLength(2);
  });

  test('an existing account of another organisation joins this one with the default role, keeping its home', async () => {
    const existing = await createUser(t, { email: DIRECTORY.existing.email });
    const outcome = await signIn(DIRECTORY.existing.email);
    expect(outcome.location).toBe('/mfa-verification');
    const user = await userByEmail(DIRECTORY.existing.email);
    expect(user?.id).toBe(existing.userId);
    expect(user?.organizationId).not.toBe(ownerA.homeOrganizationId);
    const [membership] = await t.app.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, existing.userId), eq(memberships.organizationId, ownerA.homeOrganizationId)));
    expect(membership?.role).toBe('member');
    const joined = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'sso.membership_created'), eq(auditLog.targetUserId, existing.userId)));
    expect(joined).toHaveLength(1);
  });
});

describe('refusals, each with its code', () => {
  test('an address the provider has not verified: email_not_verified, and no account is made', async () => {
    expectRefused(await signIn(DIRECTORY.eve.email), 'email_not_verified');
    expect(await userByEmail(DIRECTORY.eve.email)).toBeNull();
    expect(await failureCodes()).toContain('email_not_verified');
  });

  test("organisation A's connection never signs anyone into organisation B: an identity in B's verified domain is domain_not_covered", async () => {
    // The start picks A's connection; A's provider then vouches for someone of b-corp.test.
    expectRefused(await signIn(DIRECTORY.alice.email, 'mallory'), 'domain_not_covered');
    expect(await userByEmail(DIRECTORY.mallory.email)).toBeNull();
    const intoB = await t.app.db.select().from(memberships).where(eq(memberships.organizationId, ownerB.homeOrganizationId));
    expect(intoB.map((row) => row.userId)).toEqual([ownerB.userId]);
  });

  test('an unverified domain lets nobody in: no start for it, and an identity in it is domain_not_covered', async () => {
    const start = await send(t, 'POST', '/api/auth/sso/start', null, { email: DIRECTORY.pat.email }, freshIp());
    expect(start.statusCode).toBe(400);
    expect(start.json<{ message: string }>().message).toBe('No single sign-on is set up for pending-a.test. Sign in with your password, or ask your organisation owner.');
    expectRefused(await signIn(DIRECTORY.alice.email, 'pat'), 'domain_not_covered');
    expect(await userByEmail(DIRECTORY.pat.email)).toBeNull();
  });

  test('a state is single use: a replayed callback, an unknown state, a missing state and an expired attempt are state_mismatch', async () => {
    const callback = await provider.authorize(await startSignIn(t, DIRECTORY.alice.email, freshIp()));
    handedOut.push(callback.searchParams.get('code') ?? '', callback.searchParams.get('state') ?? '');
    expect((await arriveAtCallback(t, callback, freshIp())).location).toBe('/mfa-verification');
    expectRefused(await arriveAtCallback(t, callback, freshIp()), 'state_mismatch');

    const unknown = new URL(callback);
    unknown.searchParams.set('state', 'not-a-state-we-issued');
    expectRefused(await arriveAtCallback(t, unknown, freshIp()), 'state_mismatch');
    const missing = new URL(callback);
    missing.searchParams.delete('state');
    expectRefused(await arriveAtCallback(t, missing, freshIp()), 'state_mismatch');

    const late = await provider.authorize(await startSignIn(t, DIRECTORY.alice.email, freshIp()));
    handedOut.push(late.searchParams.get('code') ?? '', late.searchParams.get('state') ?? '');
    const before = t.clock.now();
    t.clock.advance(11 * 60_000);
    try {
      expectRefused(await arriveAtCallback(t, late, freshIp()), 'state_mismatch');
    } finally {
      t.clock.set(before);
    }
  });

  test('an ID token whose nonce is not the one of the attempt: nonce_mismatch', async () => {
    const callback = await provider.authorize(await startSignIn(t, DIRECTORY.alice.email, freshIp()));
    const state = callback.searchParams.get('state')!;
    handedOut.push(callback.searchParams.get('code') ?? '', state);
    await t.app.db.update(ssoLoginAttempts).set({ nonce: 'a-nonce-from-another-sign-in' }).where(eq(ssoLoginAttempts.id, hashToken(state)));
    expectRefused(await arriveAtCallback(t, callback, freshIp()), 'nonce_mismatch');
  });

  test("the provider refuses CIFER's client secret: invalid_client", async () => {
    const wrong = await send(t, 'PATCH', `/api/organizations/${ownerA.homeOrganizationId}/sso/${connectionA.id}`, ownerA.cookie, { clientSecret: 'not-the-registered-secret' });
    expect(wrong.statusCode).toBe(200);
    try {
      expectRefused(await signIn(DIRECTORY.alice.email), 'invalid_client');
    } finally {
      const restored = await send(t, 'PATCH', `/api/organizations/${ownerA.homeOrganizationId}/sso/${connectionA.id}`, ownerA.cookie, { clientSecret: CLIENT_SECRET });
      expect(restored.statusCode).toBe(200);
    }
    expect((await signIn(DIRECTORY.alice.email)).location).toBe('/mfa-verification');
  });

  test('the person cancels or is refused at the provider: provider_denied', async () => {
    provider.denyNext('access_denied');
    const callback = await provider.authorize(await startSignIn(t, DIRECTORY.alice.email, freshIp()));
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expectRefused(await arriveAtCallback(t, callback, freshIp()), 'provider_denied');
  });

  test('an ID token signed with a key the provider does not publish: token_invalid', async () => {
    provider.publishForeignKeys(true);
    try {
      expectRefused(await signIn(DIRECTORY.alice.email), 'token_invalid');
    } finally {
      provider.publishForeignKeys(false);
    }
  });

  test("the app's clock two hours ahead of the provider's: the ID token reads as expired, clock_skew", async () => {
    const before = t.clock.now();
    t.clock.advance(2 * 60 * 60_000);
    try {
      expectRefused(await signIn(DIRECTORY.alice.email), 'clock_skew');
    } finally {
      t.clock.set(before);
    }
  });

  test('a disabled account is refused: account_disabled', async () => {
    const disabled = await createUser(t, { email: DIRECTORY.disabled.email });
    await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.userId));
    expectRefused(await signIn(DIRECTORY.disabled.email), 'account_disabled');
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, disabled.userId))).toHaveLength(0);
  });

  test('a provider that stopped answering after the person signed in there: provider_unreachable', async () => {
    const owner = await createCaller(t);
    const doomed = await startProviderFor(t, { carl: { email: 'carl@gone-corp.test', emailVerified: true } });
    try {
      const connection = await createConnection(t, owner, connectionInput(doomed.issuer, ['gone-corp.test']));
      await verifyAllDomains(t, owner, connection);
      const callback = await doomed.authorize(await startSignIn(t, 'carl@gone-corp.test', freshIp()));
      await doomed.close();
      expectRefused(await arriveAtCallback(t, callback, freshIp()), 'provider_unreachable');
      // And a new start says so at once.
      const start = await send(t, 'POST', '/api/auth/sso/start', null, { email: 'carl@gone-corp.test' }, freshIp());
      expect(start.statusCode).toBe(503);
    } finally {
      await doomed.close().catch(() => {});
    }
  });
});

describe('secrets', () => {
  test('no client secret, authorization code or state is ever logged', () => {
    const logs = t.logs.join('\n');
    expect(logs).toContain('single sign-on refused');
    expect(logs).not.toContain(CLIENT_SECRET);
    expect(logs).not.toContain('not-the-registered-secret');
    for (const value of handedOut.filter((entry) => entry.length > 8)) expect(logs).not.toContain(value);
  });

  test('a sign-in start is rate limited per address', async () => {
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 21; i += 1) answers.push((await send(t, 'POST', '/api/auth/sso/start', null, { email: 'nobody@unknown.test' }, ip)).statusCode);
    expect(answers.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});
