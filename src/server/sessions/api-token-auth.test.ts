import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { API_TOKEN_SECRET_PREFIX, type ApiTokenKind } from '@/contracts/api-tokens.ts';
import { apiTokens, users } from '../db/schema.ts';
import { addMembership, createCaller, createOrganizationRow, type Caller } from '../test/organization-members.ts';
import { useSharedTestApp } from '../test/test-app-hooks.ts';
import { findApiTokenAuth, readBearerSecret } from './api-token-auth.ts';
import { upsertMembership } from './revocation.ts';
import { createSessionCache, registerSessionCache } from './session-cache.ts';
import { hashToken } from './session-store.ts';

const t = useSharedTestApp();
const DAY = 86_400_000;
const nobodyPays = () => false;

async function issueToken(owner: Caller, kind: ApiTokenKind, changes: Partial<typeof apiTokens.$inferInsert> = {}) {
  const secret = `${API_TOKEN_SECRET_PREFIX[kind]}${randomBytes(24).toString('base64url')}`;
  const [row] = await t.app.db
    .insert(apiTokens)
    .values({
      kind,
      userId: owner.userId,
      organizationId: owner.homeOrganizationId,
      name: 'Dashboards',
      tokenHash: hashToken(secret),
      prefix: secret.slice(0, 14),
      scopes: ['read'],
      expiresAt: new Date(t.clock.now().getTime() + 90 * DAY),
      ...changes,
    })
    .returning();
  return { secret, id: row!.id };
}

const authOf = (secret: string, organizationId: string | null = null) =>
  findApiTokenAuth(t.app.db, secret, t.clock.now(), nobodyPays, organizationId);

describe('findApiTokenAuth', () => {
  test('a personal token acts as its owner in its organisation, with its scopes, and records when it was used', async () => {
    const owner = await createCaller(t);
    const { secret, id } = await issueToken(owner, 'personal');
    const auth = await authOf(secret);
    expect(auth).toMatchObject({
      user: { id: owner.userId, organizationId: owner.homeOrganizationId, organizationRole: 'owner' },
      apiToken: { id, name: 'Dashboards', kind: 'personal', scopes: ['read'] },
    });
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.lastUsedAt).toEqual(t.clock.now());
  });

  test('revoked, expired, unknown, and a deactivated owner: refused', async () => {
    const owner = await createCaller(t);
    expect(await authOf((await issueToken(owner, 'personal', { revokedAt: t.clock.now() })).secret)).toBeNull();
    expect(await authOf((await issueToken(owner, 'personal', { expiresAt: t.clock.now() })).secret)).toBeNull();
    expect(await authOf(`${API_TOKEN_SECRET_PREFIX.personal}not-a-token`)).toBeNull();
    const { secret } = await issueToken(owner, 'personal');
    await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, owner.userId));
    expect(await authOf(secret)).toBeNull();
  });

  test('an organisation token works only while its creator is an owner there, and only in its organisation', async () => {
    const owner = await createCaller(t);
    const elsewhere = await createOrganizationRow(t);
    await addMembership(t, owner.userId, elsewhere, 'owner');
    const { secret } = await issueToken(owner, 'organization');
    expect((await authOf(secret))?.user.organizationRole).toBe('owner');
    expect(await authOf(secret, elsewhere)).toBeNull();
    // Through the membership writer: a direct write would leave the cached answer standing (ADR 243).
    await upsertMembership(t.app.db, owner.userId, owner.homeOrganizationId, 'member', t.clock.now());
    expect(await authOf(secret)).toBeNull();
  });

  test('while the broadcast channel is down no token answer is kept (fail closed, ADR 243)', async () => {
    const owner = await createCaller(t);
    const { secret } = await issueToken(owner, 'personal');
    // A cache whose channel never came up, in place of the app's for this test.
    const down = createSessionCache({ name: 'redis', start: async () => false, publish: async () => {}, close: async () => {} });
    await down.start();
    registerSessionCache(t.app.db, down);
    try {
      expect(await authOf(secret)).not.toBeNull();
      await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, owner.userId));
      expect(await authOf(secret)).toBeNull();
      expect(down.size).toBe(0);
    } finally {
      registerSessionCache(t.app.db, t.app.sessionCache);
    }
  });

  test("a personal token may name another of its owner's organisations, with the role held there, never one they are not in", async () => {
    const owner = await createCaller(t);
    const client = await createOrganizationRow(t);
    const stranger = await createOrganizationRow(t);
    await addMembership(t, owner.userId, client, 'viewer');
    const { secret } = await issueToken(owner, 'personal');
    expect((await authOf(secret, client))?.user).toMatchObject({ organizationId: client, organizationRole: 'viewer' });
    expect(await authOf(secret, stranger)).toBeNull();
  });
});

test('readBearerSecret takes only CIFER tokens from a Bearer header', () => {
  expect(readBearerSecret(`Bearer ${API_TOKEN_SECRET_PREFIX.personal}abc`)).toBe(`${API_TOKEN_SECRET_PREFIX.personal}abc`);
  expect(readBearerSecret('Bearer something-else')).toBeNull();
  expect(readBearerSecret(`Basic ${API_TOKEN_SECRET_PREFIX.personal}abc`)).toBeNull();
  expect(readBearerSecret(undefined)).toBeNull();
});
