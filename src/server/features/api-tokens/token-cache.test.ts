import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_TOKEN_SECRET_PREFIX, type ApiTokenKind } from '@/contracts/api-tokens.ts';
import { apiTokens, users } from '../../db/schema.ts';
import { findApiTokenAuth } from '../../sessions/api-token-auth.ts';
import type { AuthContext, PaymentRule } from '../../sessions/auth-context.ts';
import { eraseAccount, writeOrganizationDeletion } from '../../sessions/erasure.ts';
import { changeOrganizationAccess, writeOrganizationAccess } from '../../sessions/organization-access.ts';
import { removeMembership, setUserStatus, upsertMembership } from '../../sessions/revocation.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { clearTotpEnrolment } from '../../sessions/two-factor-state.ts';
import { call, readUntil } from '../../test/helpers.ts';
import { addMembership, createCaller, createOrganizationRow, type Caller } from '../../test/organization-members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { useSharedTestApp } from '../../test/test-app-hooks.ts';

/**
 * Token calls are answered from the session cache (ADR 243): every write that changes what the
 * token query reads must reach the instance that answers the next call, this one at once and any
 * other within a second (ADR 173). Each event below starts from a token whose answer is proven to
 * be cached, so a missing invalidation leaves the old answer standing and the test fails.
 */

const DAY = 86_400_000;
/** Who must pay, read from the cached facts: anything but an active subscription. */
const paysUnlessActive: PaymentRule = (account) => account.subscriptionStatus !== 'active';

interface Issued {
  owner: Caller;
  secret: string;
  tokenId: string;
  /** The CIFER-Organization the calls name (null: the token's own organisation). */
  requested: string | null;
}

async function issueToken(t: TestApp, owner: Caller, kind: ApiTokenKind, requested: string | null = null): Promise<Issued> {
  const secret = `${API_TOKEN_SECRET_PREFIX[kind]}${randomBytes(24).toString('base64url')}`;
  const [row] = await t.app.db
    .insert(apiTokens)
    .values({ kind, userId: owner.userId, organizationId: owner.homeOrganizationId, name: 'Dashboards', tokenHash: hashToken(secret), prefix: secret.slice(0, 14), scopes: ['read'], expiresAt: new Date(t.clock.now().getTime() + 90 * DAY) })
    .returning();
  return { owner, secret, tokenId: row!.id, requested };
}

const authOn = (t: TestApp, issued: Issued) => findApiTokenAuth(t.app.db, issued.secret, t.clock.now(), paysUnlessActive, issued.requested);

/**
 * Proof the answer comes from the cache of `t`: a change made behind the app's back (no
 * invalidation) is not seen. Returns the cached answer.
 */
async function expectCached(writer: TestApp, t: TestApp, issued: Issued): Promise<AuthContext> {
  const first = await authOn(t, issued);
  expect(first, 'the token works before the event').not.toBeNull();
  await writer.app.db.update(users).set({ lastName: `Behind-${randomBytes(3).toString('hex')}` }).where(eq(users.id, issued.owner.userId));
  const cached = await authOn(t, issued);
  expect(cached?.user.lastName, 'the second call is answered from the cache').toBe(first!.user.lastName);
  return cached!;
}

/** The next call on `t` satisfies `accepted`: at once on the same instance, within a second on another. */
async function expectNextCall(t: TestApp, issued: Issued, accepted: (auth: AuthContext | null) => boolean, withinMs: number) {
  const auth = await readUntil(() => authOn(t, issued), accepted, withinMs);
  expect(accepted(auth), `after the event the call answered ${JSON.stringify(auth && { role: auth.user.organizationRole, totp: auth.totpEnabled, pays: auth.requiresPayment })}`).toBe(true);
}

const refused = (auth: AuthContext | null) => auth === null;

interface CacheEvent {
  name: string;
  /** A token of a fresh owner, made on `writer`. */
  issue(writer: TestApp): Promise<Issued>;
  /** The write, through the function the app itself calls, on `writer`. */
  happen(writer: TestApp, issued: Issued): Promise<unknown>;
  /** What the next call must answer. */
  expected(auth: AuthContext | null): boolean;
  /** The cached answer, before the event (checked so the expectation cannot hold already). */
  before(auth: AuthContext): boolean;
}

const works = () => true;

/** A personal token of a fresh owner, acting in a client organisation where the owner is a member. */
async function clientToken(writer: TestApp): Promise<Issued> {
  const owner = await createCaller(writer);
  const client = await createOrganizationRow(writer);
  await addMembership(writer, owner.userId, client, 'member');
  return issueToken(writer, owner, 'personal', client);
}

const EVENTS: CacheEvent[] = [
  {
    name: 'the token is revoked (DELETE /api/account/tokens/:id)',
    issue: async (writer) => issueToken(writer, await createCaller(writer), 'personal'),
    happen: async (writer, issued) => expect((await call(writer, issued.owner.cookie, 'DELETE', `/api/account/tokens/${issued.tokenId}`)).statusCode).toBe(200),
    before: works,
    expected: refused,
  },
  {
    name: "an organisation token is revoked by the organisation's owner",
    issue: async (writer) => issueToken(writer, await createCaller(writer), 'organization'),
    happen: async (writer, issued) =>
      expect((await call(writer, issued.owner.cookie, 'DELETE', `/api/organizations/${issued.owner.homeOrganizationId}/tokens/${issued.tokenId}`)).statusCode).toBe(200),
    before: works,
    expected: refused,
  },
  {
    name: 'the owner is deactivated',
    issue: async (writer) => issueToken(writer, await createCaller(writer), 'personal'),
    happen: (writer, issued) => setUserStatus(writer.app.db, issued.owner.userId, 'disabled', writer.clock.now()),
    before: works,
    expected: refused,
  },
  {
    name: 'the owner is erased',
    issue: async (writer) => issueToken(writer, await createCaller(writer), 'personal'),
    happen: (writer, issued) => eraseAccount(writer.app.db, issued.owner.userId, [], async () => {}),
    before: works,
    expected: refused,
  },
  {
    name: "the owner's role in the organisation changes (member to viewer)",
    issue: clientToken,
    happen: (writer, issued) => upsertMembership(writer.app.db, issued.owner.userId, issued.requested!, 'viewer', writer.clock.now()),
    before: (auth) => auth.user.organizationRole === 'member',
    expected: (auth) => auth?.user.organizationRole === 'viewer',
  },
  {
    name: 'the owner leaves the organisation the token acts in',
    issue: clientToken,
    happen: (writer, issued) => removeMembership(writer.app.db, issued.owner.userId, issued.requested!),
    before: works,
    expected: refused,
  },
  {
    name: "an organisation token's creator is no longer an owner there",
    issue: async (writer) => issueToken(writer, await createCaller(writer), 'organization'),
    happen: (writer, issued) => upsertMembership(writer.app.db, issued.owner.userId, issued.owner.homeOrganizationId, 'member', writer.clock.now()),
    before: works,
    expected: refused,
  },
  {
    name: 'the organisation is marked for deletion',
    issue: clientToken,
    happen: (writer, issued) => writeOrganizationDeletion(writer.app.db, issued.requested!, { requestedAt: writer.clock.now(), scheduledFor: new Date(writer.clock.now().getTime() + 30 * DAY) }),
    before: works,
    expected: refused,
  },
  {
    name: "the organisation's subscription ends",
    issue: clientToken,
    happen: (writer, issued) => changeOrganizationAccess(writer.app.db, (tx) => writeOrganizationAccess(tx, issued.requested!, { status: 'canceled', accessUntil: null })),
    before: (auth) => !auth.requiresPayment,
    expected: (auth) => auth?.requiresPayment === true,
  },
  {
    name: "the owner's authenticator is removed",
    issue: async (writer) => issueToken(writer, await createCaller(writer), 'personal'),
    happen: (writer, issued) => clearTotpEnrolment(writer.app.db, issued.owner.userId, writer.clock.now(), { clearFailureLocks: false }),
    before: (auth) => auth.totpEnabled,
    expected: (auth) => auth?.totpEnabled === false,
  },
];

function describeEvents(reader: () => TestApp, writer: () => TestApp, withinMs: number) {
  for (const event of EVENTS) {
    test(`${event.name}: the next call sees it`, async () => {
      const issued = await event.issue(writer());
      const cached = await expectCached(writer(), reader(), issued);
      expect(event.before(cached), 'the cached answer is the one before the event').toBe(true);
      expect(event.expected(cached), 'the expectation does not hold before the event').toBe(false);
      await event.happen(writer(), issued);
      await expectNextCall(reader(), issued, event.expected, withinMs);
    });
  }
}

describe('token calls from the session cache, one instance', () => {
  const t = useSharedTestApp();

  describeEvents(
    () => t,
    () => t,
    0,
  );

  test('the expiry is checked on every call, from the cached copy', async () => {
    const issued = await issueToken(t, await createCaller(t), 'personal');
    // Expiring well within the cache's TTL, so only the expiry check can refuse it.
    await t.app.db.update(apiTokens).set({ expiresAt: new Date(t.clock.now().getTime() + 5_000) }).where(eq(apiTokens.id, issued.tokenId));
    await expectCached(t, t, issued);
    t.clock.advance(5_000);
    expect(await authOn(t, issued)).toBeNull();
  });

  test('only usable tokens are cached: a refused token that becomes usable works on its next call', async () => {
    const owner = await createCaller(t);
    const client = await createOrganizationRow(t);
    const issued = await issueToken(t, owner, 'personal', client);
    expect(await authOn(t, issued)).toBeNull();
    await upsertMembership(t.app.db, owner.userId, client, 'viewer', t.clock.now());
    expect((await authOn(t, issued))?.user.organizationRole).toBe('viewer');
  });

  test('lastUsedAt is written at most once a minute, cache hits included', async () => {
    const issued = await issueToken(t, await createCaller(t), 'personal');
    const lastUsed = async () => (await t.app.db.select({ at: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.id, issued.tokenId)))[0]!.at;
    const firstCall = t.clock.now();
    await authOn(t, issued);
    expect(await lastUsed()).toEqual(firstCall);
    t.clock.advance(59_000);
    await authOn(t, issued);
    expect(await lastUsed()).toEqual(firstCall);
    t.clock.advance(1_000);
    await authOn(t, issued);
    expect(await lastUsed()).toEqual(t.clock.now());
  });
});

for (const transport of ['postgres', 'redis'] as const) {
  const enabled = Boolean(process.env.DATABASE_URL) && (transport === 'postgres' || Boolean(process.env.REDIS_URL));
  describe.runIf(enabled)(`token calls on a second instance, invalidation over ${transport}`, () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      const env: Record<string, string> = transport === 'redis' ? { REDIS_URL: process.env.REDIS_URL!, RATE_LIMIT_NAMESPACE: `token-cache-${randomBytes(5).toString('hex')}` } : { REDIS_URL: '' };
      first = await createTestApp(env);
      second = await createTestApp(env, { sameDatabaseAs: first });
      expect(second.app.sessionCache.transport).toBe(transport);
    }, 120_000);
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    describeEvents(
      () => second,
      () => first,
      1_000,
    );
  });
}
