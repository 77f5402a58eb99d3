import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { API_TOKEN_MESSAGES, API_TOKEN_SECRET_PREFIX, type ApiTokenScope, type CreatedApiToken } from '@/contracts/api-tokens.ts';
import { apiTokens, auditLog, memberships, users } from '../../db/schema.ts';
import { checkApiTokenScope } from '../../plugins/access.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import { findApiTokenAuth } from '../../sessions/api-token-auth.ts';
import { removeMembership } from '../../sessions/revocation.ts';
import { call } from '../../test/helpers.ts';
import { createCaller, createOrganizationRow, send, type Caller } from '../../test/organization-members.ts';
import { startSecondInstance } from '../../test/second-instance.ts';
import { useSharedTestApp } from '../../test/test-app-hooks.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * What a request made with an API token may do (ADR 228): every check holds on every request (read,
 * or from the session cache that each change clears, ADR 243), so these tests change the world
 * (revoke, expire, demote) and call again.
 */

const DAY = 86_400_000;

async function issue(t: TestApp, caller: Caller, options: { scopes?: ApiTokenScope[]; kind?: 'personal' | 'organization'; expiresInDays?: number; name?: string } = {}) {
  const url = options.kind === 'organization' ? `/api/organizations/${caller.organizationId}/tokens` : '/api/account/tokens';
  const response = await call(t, caller.cookie, 'POST', url, { name: options.name ?? 'Integration', scopes: options.scopes ?? ['read', 'write'], ...(options.expiresInDays ? { expiresInDays: options.expiresInDays } : {}) });
  if (response.statusCode !== 201) throw new Error(`token not created: ${response.body}`);
  return response.json<CreatedApiToken>();
}

/** A request as an integration sends it: the bearer token, no cookie, no Origin. */
function withToken(t: TestApp, secret: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, options: { payload?: Record<string, unknown>; headers?: Record<string, string> } = {}) {
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${secret}`, ...options.headers }, ...(options.payload ? { payload: options.payload } : {}) });
}

/** A route without `config.api`: a valid token gets 403 notForThisRoute there, an invalid one 401, so the answer tells which. */
const NOT_AN_API_ROUTE = '/api/assessments';

async function expectAccepted(t: TestApp, secret: string) {
  const response = await withToken(t, secret, 'GET', NOT_AN_API_ROUTE);
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json<{ message: string }>().message).toBe(API_TOKEN_MESSAGES.notForThisRoute);
}

async function expectRefused(t: TestApp, secret: string) {
  const response = await withToken(t, secret, 'GET', NOT_AN_API_ROUTE);
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json<{ message: string }>().message).toBe(API_TOKEN_MESSAGES.invalid);
}

describe('token requests', () => {
  const t = useSharedTestApp();

  test('a token reaches only routes open to the API: the app’s own routes and token management refuse it', async () => {
    const owner = await createCaller(t);
    const { secret } = await issue(t, owner);
    await expectAccepted(t, secret);
    for (const [method, url] of [
      ['POST', '/api/account/tokens'],
      ['GET', '/api/account/tokens'],
      ['POST', '/api/auth/change-password'],
      ['GET', '/api/auth/user'],
    ] as const) {
      const response = await withToken(t, secret, method, url, method === 'POST' ? { payload: { name: 'Minted', scopes: ['read'] } } : {});
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(API_TOKEN_MESSAGES.notForThisRoute);
    }
  });

  test('scopes: read for reads, write for writes, and nothing on a route that is not part of the API', () => {
    const authWith = (scopes: ApiTokenScope[]) => ({ apiToken: { id: 'x', name: 'x', kind: 'personal', scopes } }) as unknown as AuthContext;
    expect(checkApiTokenScope('read', authWith(['read']))).toBeNull();
    expect(checkApiTokenScope('write', authWith(['read']))?.message).toBe(API_TOKEN_MESSAGES.readOnly);
    expect(checkApiTokenScope('write', authWith(['write']))).toBeNull();
    expect(checkApiTokenScope('read', authWith(['write']))?.statusCode).toBe(403);
    expect(checkApiTokenScope(undefined, authWith(['read', 'write']))?.message).toBe(API_TOKEN_MESSAGES.notForThisRoute);
    // A browser session is not limited by scopes.
    expect(checkApiTokenScope(undefined, { user: {} } as unknown as AuthContext)).toBeNull();
  });

  test('an unknown or malformed token is refused with 401; a bearer that is not a CIFER token is no token at all', async () => {
    await expectRefused(t, `${API_TOKEN_SECRET_PREFIX.personal}not-a-real-token`);
    const foreign = await withToken(t, 'ghp_someone-elses-token', 'GET', NOT_AN_API_ROUTE);
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json<{ message: string }>().message).toBe('Unauthorized');
    // The scheme name is case-insensitive.
    const owner = await createCaller(t);
    const { secret } = await issue(t, owner);
    const lower = await t.app.inject({ method: 'GET', url: NOT_AN_API_ROUTE, headers: { authorization: `bearer ${secret}` } });
    expect(lower.json<{ message: string }>().message).toBe(API_TOKEN_MESSAGES.notForThisRoute);
  });

  test('an expired token is refused from the instant it expires', async () => {
    const owner = await createCaller(t);
    const { secret } = await issue(t, owner, { expiresInDays: 1 });
    t.clock.advance(DAY - 1);
    await expectAccepted(t, secret);
    t.clock.advance(1);
    await expectRefused(t, secret);
  });

  test('a revoked token is refused at once', async () => {
    const owner = await createCaller(t);
    const { secret, token } = await issue(t, owner);
    await expectAccepted(t, secret);
    expect((await call(t, owner.cookie, 'DELETE', `/api/account/tokens/${token.id}`)).statusCode).toBe(200);
    await expectRefused(t, secret);
  });

  test('a deactivated owner’s tokens stop working, and work again if the account is re-enabled', async () => {
    const owner = await createCaller(t);
    const { secret } = await issue(t, owner);
    await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, owner.userId));
    await expectRefused(t, secret);
    await t.app.db.update(users).set({ status: 'active' }).where(eq(users.id, owner.userId));
    await expectAccepted(t, secret);
  });

  test('an organisation token stops working when its creator is no longer an owner; a personal token then carries the lower role', async () => {
    const owner = await createCaller(t);
    const organizationToken = await issue(t, owner, { kind: 'organization' });
    const personalToken = await issue(t, owner, { kind: 'personal' });
    await t.app.db
      .update(memberships)
      .set({ role: 'member' })
      .where(and(eq(memberships.userId, owner.userId), eq(memberships.organizationId, owner.organizationId)));
    await expectRefused(t, organizationToken.secret);
    await expectAccepted(t, personalToken.secret);
    const auth = await findApiTokenAuth(t.app.db, personalToken.secret, t.clock.now(), () => false);
    expect(auth?.user.organizationRole).toBe('member');
  });

  test('the owner leaving the organisation refuses their personal token there', async () => {
    const shared = await createOrganizationRow(t);
    const member = await createCaller(t, { organizationId: shared, organizationRole: 'member' });
    const { secret } = await issue(t, member);
    expect((await findApiTokenAuth(t.app.db, secret, t.clock.now(), () => false))?.user.organizationId).toBe(shared);
    // Through the membership writer, as the members routes do: it clears the cached answer (ADR 243).
    await removeMembership(t.app.db, member.userId, shared);
    await expectRefused(t, secret);
  });

  test('a token request reads no cookie and needs no Origin (nothing for a forged request to ride on)', async () => {
    const owner = await createCaller(t);
    const { secret } = await issue(t, owner);
    // A valid session cookie beside a bad token does not sign the request in.
    const badToken = await t.app.inject({ method: 'GET', url: NOT_AN_API_ROUTE, headers: { authorization: `Bearer ${API_TOKEN_SECRET_PREFIX.personal}forged`, cookie: owner.cookie } });
    expect(badToken.statusCode).toBe(401);
    // A write with a token and no Origin (or a foreign one) passes the CSRF check and meets the token rules.
    const hostileHeaders: Record<string, string>[] = [{}, { origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of hostileHeaders) {
      const response = await withToken(t, secret, 'POST', NOT_AN_API_ROUTE, { payload: {}, headers });
      expect(response.json<{ message: string }>().message).toBe(API_TOKEN_MESSAGES.notForThisRoute);
    }
    // The same write with the cookie and no Origin is still refused as cross-site.
    const cookieOnly = await t.app.inject({ method: 'POST', url: NOT_AN_API_ROUTE, headers: { cookie: owner.cookie }, payload: {} });
    expect(cookieOnly.json<{ message: string }>().message).toBe('Cross-site request refused');
  });

  test('a token never counts as a fresh second factor, even just after its creation', async () => {
    const owner = await createCaller(t);
    const { secret } = await issue(t, owner);
    const auth = await findApiTokenAuth(t.app.db, secret, t.clock.now(), () => false);
    expect(auth?.session.mfaVerifiedAt).not.toBeNull();
    expect(() => requireFreshVerification(auth!, t.clock.now())).toThrow(expect.objectContaining({ code: 'step_up_required' }));
  });

  test('CIFER-Organization must be an organisation id', async () => {
    const owner = await createCaller(t);
    const { secret } = await issue(t, owner);
    const response = await withToken(t, secret, 'GET', NOT_AN_API_ROUTE, { headers: { 'cifer-organization': 'acme' } });
    expect(response.statusCode).toBe(400);
  });

  test('every write made with a token is audited with its name, method, route and status; reads are not', async () => {
    const owner = await createCaller(t);
    const { secret, token } = await issue(t, owner, { name: 'Nightly sync' });
    await withToken(t, secret, 'GET', NOT_AN_API_ROUTE);
    await withToken(t, secret, 'POST', NOT_AN_API_ROUTE, { payload: { title: 'From a script' } });
    await t.app.backgroundTasks.idle();
    const rows = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'api_token.call'), eq(auditLog.actorUserId, owner.userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organizationId: owner.organizationId,
      details: expect.objectContaining({ method: 'POST', route: NOT_AN_API_ROUTE, status: 403, apiToken: { id: token.id, name: 'Nightly sync' } }),
    });
  });

  test('the secret is never written to the logs', async () => {
    const owner = await createCaller(t);
    const { secret } = await issue(t, owner);
    await withToken(t, secret, 'GET', NOT_AN_API_ROUTE);
    await withToken(t, secret, 'POST', `${NOT_AN_API_ROUTE}?token=${secret}`, { payload: {} });
    await t.app.backgroundTasks.idle();
    expect(t.logs.length).toBeGreaterThan(0);
    expect(t.logs.join('\n')).not.toContain(secret.slice(API_TOKEN_SECRET_PREFIX.personal.length));
  });

  test.runIf(process.env.DATABASE_URL)('a revoke on one instance is refused by another within one second (ADR 243)', async () => {
    const second = await startSecondInstance(t);
    try {
      const owner = await createCaller(t);
      const { secret, token } = await issue(t, owner);
      const onSecond = (): Promise<unknown> => second.app.inject({ method: 'GET', url: NOT_AN_API_ROUTE, headers: { authorization: `Bearer ${secret}` } }).then((r) => r.json());
      expect(await onSecond()).toMatchObject({ message: API_TOKEN_MESSAGES.notForThisRoute });
      expect((await call(t, owner.cookie, 'DELETE', `/api/account/tokens/${token.id}`)).statusCode).toBe(200);
      // The second instance had the token cached: the revoke's invalidation reaches it over PostgreSQL notifications.
      const deadline = Date.now() + 1_000;
      let answer = await onSecond();
      while (Date.now() < deadline && (answer as { message?: string }).message !== API_TOKEN_MESSAGES.invalid) answer = await onSecond();
      expect(answer).toMatchObject({ message: API_TOKEN_MESSAGES.invalid });
    } finally {
      await second.close();
    }
  });
});

describe('tokens on the public API (/api/v1)', () => {
  const t = useSharedTestApp();

  test('a read token lists assessments but may not create one; a write token creates one, audited with the token’s name', async () => {
    const owner = await createCaller(t);
    const reader = await issue(t, owner, { scopes: ['read'], name: 'Reader' });
    const writer = await issue(t, owner, { scopes: ['write', 'read'], name: 'Writer' });
    const listed = await withToken(t, reader.secret, 'GET', '/api/v1/assessments');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ items: unknown[] }>().items).toEqual([]);

    const refused = await withToken(t, reader.secret, 'POST', '/api/v1/assessments', { payload: { title: 'From a read token' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(API_TOKEN_MESSAGES.readOnly);

    const created = await withToken(t, writer.secret, 'POST', '/api/v1/assessments', { payload: { title: 'From a script' } });
    expect(created.statusCode, created.body).toBe(201);
    const after = await withToken(t, reader.secret, 'GET', '/api/v1/assessments');
    expect(after.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toEqual([created.json<{ id: string }>().id]);

    await t.app.backgroundTasks.idle();
    const rows = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'api_token.call'), eq(auditLog.actorUserId, owner.userId)));
    expect(rows.map((row) => row.details).sort((a, b) => Number(a.status) - Number(b.status))).toEqual([
      expect.objectContaining({ method: 'POST', route: '/api/v1/assessments', status: 201, apiToken: { id: writer.token.id, name: 'Writer' } }),
      expect.objectContaining({ method: 'POST', route: '/api/v1/assessments', status: 403, apiToken: { id: reader.token.id, name: 'Reader' } }),
    ]);
    // The organisation's activity names the token the call was made with.
    const activity = await send(t, 'GET', `/api/organizations/${owner.organizationId}/audit`, owner.cookie);
    expect(activity.json<{ action: string; apiTokenName: string | null }[]>().filter((event) => event.action === 'api_token.call').map((event) => event.apiTokenName).sort()).toEqual(['Reader', 'Writer']);
  });

  test('a personal token acts for its owner, not for a cookie sent beside it, and may name another organisation of its owner', async () => {
    const owner = await createCaller(t);
    const someoneElse = await createCaller(t);
    const client = await createOrganizationRow(t, 'Client Ltd');
    await t.app.db.insert(memberships).values({ userId: owner.userId, organizationId: client, role: 'viewer' });
    const { secret } = await issue(t, owner, { scopes: ['read', 'write'] });
    type Listed = { organizations: { id: string; role: string; acting: boolean }[] };
    const mine = await withToken(t, secret, 'GET', '/api/v1/organizations', { headers: { cookie: someoneElse.cookie } });
    expect(mine.json<Listed>().organizations.find((organization) => organization.acting)?.id).toBe(owner.organizationId);
    expect(mine.json<Listed>().organizations.map((organization) => organization.id)).not.toContain(someoneElse.organizationId);

    const inClient = await withToken(t, secret, 'GET', '/api/v1/organizations', { headers: { 'cifer-organization': client } });
    expect(inClient.json<Listed>().organizations.find((organization) => organization.acting)).toMatchObject({ id: client, role: 'viewer' });
    // The viewer role applies there: a write token still may not write.
    expect((await withToken(t, secret, 'POST', '/api/v1/assessments', { payload: {}, headers: { 'cifer-organization': client } })).statusCode).toBe(403);
    expect((await withToken(t, secret, 'GET', '/api/v1/organizations', { headers: { 'cifer-organization': someoneElse.organizationId } })).statusCode).toBe(401);
  });
});

describe('the per-token rate limit', () => {
  const t = useSharedTestApp({ API_TOKEN_LIMIT_PER_MINUTE: '3' });

  test('each token has its own budget per minute, apart from the address it calls from', async () => {
    const owner = await createCaller(t);
    const first = await issue(t, owner);
    const second = await issue(t, owner);
    for (let i = 0; i < 3; i += 1) await expectAccepted(t, first.secret);
    const limited = await withToken(t, first.secret, 'GET', NOT_AN_API_ROUTE);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Same address, another token: its own budget.
    await expectAccepted(t, second.secret);
    t.clock.advance(60_000);
    await expectAccepted(t, first.secret);
    // 429s are not audited (a runaway script cannot flood the log), refused writes are.
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await withToken(t, second.secret, 'POST', NOT_AN_API_ROUTE, { payload: {} })).statusCode);
    expect(statuses).toEqual([403, 403, 403, 429]);
    await t.app.backgroundTasks.idle();
    const audited = await t.app.db
      .select({ status: sql<number>`(${auditLog.details}->>'status')::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_token.call'), sql`${auditLog.details}->'apiToken'->>'id' = ${second.token.id}`));
    expect(audited.map((row) => row.status)).toEqual([403, 403, 403]);
    expect(await t.app.db.select().from(apiTokens).where(eq(apiTokens.userId, owner.userId))).toHaveLength(2);
  });
});
