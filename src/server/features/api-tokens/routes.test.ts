import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { API_TOKEN_MESSAGES, API_TOKEN_SECRET_PREFIX, MAX_API_TOKENS_PER_OWNER, WRITE_NEEDS_READ_MESSAGE, type ApiToken, type ApiTokenList, type CreatedApiToken } from '@/contracts/api-tokens.ts';
import { apiTokens, auditLog } from '../../db/schema.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { STEP_UP_WINDOW_MS } from '../../sessions/step-up.ts';
import { call } from '../../test/helpers.ts';
import { addMembership, createCaller, createOrganizationRow, type Caller } from '../../test/organization-members.ts';
import { useSharedTestApp } from '../../test/test-app-hooks.ts';

const t = useSharedTestApp();
const DAY = 86_400_000;

async function createPersonal(caller: Caller, body: Record<string, unknown> = { name: 'Dashboards', scopes: ['read'] }) {
  return call(t, caller.cookie, 'POST', '/api/account/tokens', body);
}

async function listPersonal(caller: Caller): Promise<ApiToken[]> {
  const response = await call(t, caller.cookie, 'GET', '/api/account/tokens');
  expect(response.statusCode).toBe(200);
  return response.json<ApiTokenList>().tokens;
}

describe('personal tokens (/api/account/tokens)', () => {
  test('creating one answers the secret once; only its hash and visible start are stored, and the list never carries it', async () => {
    const owner = await createCaller(t);
    const response = await createPersonal(owner, { name: '  Power BI  ', scopes: ['write', 'read'], expiresInDays: 30 });
    expect(response.statusCode).toBe(201);
    const { token, secret } = response.json<CreatedApiToken>();
    expect(secret.startsWith(API_TOKEN_SECRET_PREFIX.personal)).toBe(true);
    // 32 random bytes in base64url after the prefix.
    expect(secret.length).toBe(API_TOKEN_SECRET_PREFIX.personal.length + 43);
    expect(token).toMatchObject({
      kind: 'personal',
      name: 'Power BI',
      prefix: secret.slice(0, 14),
      scopes: ['write', 'read'],
      organizationId: owner.organizationId,
      createdByEmail: owner.email,
      createdAt: t.clock.now().toISOString(),
      expiresAt: new Date(t.clock.now().getTime() + 30 * DAY).toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.tokenHash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const listed = await call(t, owner.cookie, 'GET', '/api/account/tokens');
    expect(listed.body).not.toContain(secret);
    expect(listed.json<ApiTokenList>().tokens).toEqual([token]);
    expect(t.logs.join('\n')).not.toContain(secret);
  });

  test('the default lifetime is 90 days and the input is checked (name, scopes, days)', async () => {
    const owner = await createCaller(t);
    const created = await createPersonal(owner, { name: 'Twice', scopes: ['read', 'read'] });
    expect(created.json<CreatedApiToken>().token.scopes).toEqual(['read']);
    expect(created.json<CreatedApiToken>().token.expiresAt).toBe(new Date(t.clock.now().getTime() + 90 * DAY).toISOString());
    for (const body of [
      { name: '', scopes: ['read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['read'], expiresInDays: 366 },
      { name: 'x', scopes: ['read'], unknown: true },
    ]) {
      expect((await createPersonal(owner, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  test('write includes read: a write-only token is refused (400, with the reason) and none is stored', async () => {
    const owner = await createCaller(t);
    const refused = await createPersonal(owner, { name: 'Push only', scopes: ['write'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(WRITE_NEEDS_READ_MESSAGE);
    expect(await listPersonal(owner)).toEqual([]);
    const organizationRefused = await call(t, owner.cookie, 'POST', `/api/organizations/${owner.homeOrganizationId}/tokens`, { name: 'Push only', scopes: ['write'] });
    expect(organizationRefused.statusCode).toBe(400);
    expect((await createPersonal(owner, { name: 'Push and read', scopes: ['write', 'read'] })).statusCode).toBe(201);
  });

  test('creating one needs a second factor verified within the step-up window; the refusal creates nothing', async () => {
    const owner = await createCaller(t);
    t.clock.advance(STEP_UP_WINDOW_MS + 1_000);
    const refused = await createPersonal(owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('step_up_required');
    expect(await listPersonal(owner)).toEqual([]);
  });

  test('a token acts in the session’s current organisation; the list shows every organisation’s, newest first, revoked ones too', async () => {
    const owner = await createCaller(t);
    const client = await createOrganizationRow(t, 'Client Ltd');
    await addMembership(t, owner.userId, client, 'member');
    const home = (await createPersonal(owner, { name: 'Home', scopes: ['read'] })).json<CreatedApiToken>().token;
    t.clock.advance(1_000);
    expect((await call(t, owner.cookie, 'POST', '/api/organizations/current', { organizationId: client })).statusCode).toBe(200);
    const elsewhere = (await createPersonal(owner, { name: 'Client', scopes: ['read'] })).json<CreatedApiToken>().token;
    expect(elsewhere).toMatchObject({ organizationId: client, organizationName: 'Client Ltd' });
    expect((await call(t, owner.cookie, 'DELETE', `/api/account/tokens/${home.id}`)).statusCode).toBe(200);
    const listed = await listPersonal(owner);
    expect(listed.map((token) => token.name)).toEqual(['Client', 'Home']);
    expect(listed[1]!.revokedAt).toBe(t.clock.now().toISOString());
  });

  test('revoking is audited once; another user’s token and an unknown one answer 404 and stay usable', async () => {
    const owner = await createCaller(t);
    const stranger = await createCaller(t);
    const { token } = (await createPersonal(owner)).json<CreatedApiToken>();
    expect((await call(t, stranger.cookie, 'DELETE', `/api/account/tokens/${token.id}`)).statusCode).toBe(404);
    expect((await listPersonal(owner))[0]!.revokedAt).toBeNull();
    expect((await call(t, owner.cookie, 'DELETE', `/api/account/tokens/${crypto.randomUUID()}`)).statusCode).toBe(404);

    const revoked = await call(t, owner.cookie, 'DELETE', `/api/account/tokens/${token.id}`);
    expect(revoked.json<{ message: string }>().message).toContain('Dashboards');
    expect((await call(t, owner.cookie, 'DELETE', `/api/account/tokens/${token.id}`)).statusCode).toBe(200);
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.actorUserId, owner.userId));
    expect(rows.map((row) => row.action).sort()).toEqual(['api_token.created', 'api_token.revoked']);
    const created = rows.find((row) => row.action === 'api_token.created')!;
    expect(created).toMatchObject({ organizationId: owner.organizationId, details: expect.objectContaining({ tokenId: token.id, name: 'Dashboards', kind: 'personal', scopes: ['read'] }) });
    expect(JSON.stringify(rows)).not.toContain(API_TOKEN_SECRET_PREFIX.personal);
  });

  test(`at most ${MAX_API_TOKENS_PER_OWNER} active tokens: expired and revoked ones do not count`, async () => {
    const owner = await createCaller(t);
    const now = t.clock.now();
    const row = (index: number, changes: Partial<typeof apiTokens.$inferInsert> = {}) => ({
      kind: 'personal',
      userId: owner.userId,
      organizationId: owner.organizationId,
      name: `Filler ${index}`,
      tokenHash: hashToken(`filler-${owner.userId}-${index}`),
      prefix: 'cifer_pat_fill',
      scopes: ['read'],
      expiresAt: new Date(now.getTime() + DAY),
      ...changes,
    });
    await t.app.db.insert(apiTokens).values([
      ...Array.from({ length: MAX_API_TOKENS_PER_OWNER - 1 }, (_, index) => row(index)),
      row(1000, { revokedAt: now }),
      row(1001, { expiresAt: now }),
    ]);
    expect((await createPersonal(owner)).statusCode).toBe(201);
    const refused = await createPersonal(owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(API_TOKEN_MESSAGES.tooMany);
  });
});

describe('organisation tokens (/api/organizations/:id/tokens)', () => {
  const createFor = (caller: Caller, organizationId: string) => call(t, caller.cookie, 'POST', `/api/organizations/${organizationId}/tokens`, { name: 'Data warehouse', scopes: ['read'] });

  test('an owner creates one for an organisation they own (not only the current one); every owner sees and revokes it', async () => {
    const owner = await createCaller(t);
    const coOwner = await createCaller(t);
    const managed = await createOrganizationRow(t, 'Managed Ltd');
    await addMembership(t, owner.userId, managed, 'owner');
    await addMembership(t, coOwner.userId, managed, 'owner');
    const response = await createFor(owner, managed);
    expect(response.statusCode).toBe(201);
    const { token, secret } = response.json<CreatedApiToken>();
    expect(secret.startsWith(API_TOKEN_SECRET_PREFIX.organization)).toBe(true);
    expect(token).toMatchObject({ kind: 'organization', organizationId: managed, organizationName: 'Managed Ltd', createdByEmail: owner.email });

    const seen = await call(t, coOwner.cookie, 'GET', `/api/organizations/${managed}/tokens`);
    expect(seen.json<ApiTokenList>().tokens).toEqual([token]);
    // Organisation tokens are not anyone's personal tokens.
    expect(await listPersonal(owner)).toEqual([]);
    expect((await call(t, owner.cookie, 'DELETE', `/api/account/tokens/${token.id}`)).statusCode).toBe(404);

    expect((await call(t, coOwner.cookie, 'DELETE', `/api/organizations/${managed}/tokens/${token.id}`)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.revokedAt).toEqual(t.clock.now());
    const [audit] = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'api_token.revoked'), eq(auditLog.actorUserId, coOwner.userId)));
    expect(audit).toMatchObject({ organizationId: managed, details: expect.objectContaining({ tokenId: token.id, kind: 'organization' }) });
  });

  test('members, viewers and strangers get 404 for everything; a token of another organisation is not found through this one', async () => {
    const owner = await createCaller(t);
    const other = await createCaller(t);
    const member = await createCaller(t, { organizationId: owner.organizationId, organizationRole: 'member' });
    const viewer = await createCaller(t, { organizationId: owner.organizationId, organizationRole: 'viewer' });
    const { token } = (await createFor(owner, owner.organizationId)).json<CreatedApiToken>();
    for (const caller of [member, viewer, other]) {
      expect((await call(t, caller.cookie, 'GET', `/api/organizations/${owner.organizationId}/tokens`)).statusCode).toBe(404);
      expect((await createFor(caller, owner.organizationId)).statusCode).toBe(404);
      expect((await call(t, caller.cookie, 'DELETE', `/api/organizations/${owner.organizationId}/tokens/${token.id}`)).statusCode).toBe(404);
    }
    // The other owner may not reach it by naming their own organisation in the URL.
    expect((await call(t, other.cookie, 'DELETE', `/api/organizations/${other.organizationId}/tokens/${token.id}`)).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.revokedAt).toBeNull();
  });

  test('creating one also needs a fresh second factor', async () => {
    const owner = await createCaller(t);
    t.clock.advance(STEP_UP_WINDOW_MS + 1_000);
    const refused = await createFor(owner, owner.organizationId);
    expect(refused.json<{ code: string }>().code).toBe('step_up_required');
  });
});
