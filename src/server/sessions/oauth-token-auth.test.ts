import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mcpResourceUrl, OAUTH_TOKEN_PREFIX } from '@/contracts/oauth.ts';
import { oauthClients, oauthGrants, oauthTokens, users } from '../db/schema.ts';
import { addMembership, createCaller, createOrganizationRow, type Caller } from '../test/organization-members.ts';
import { readUntil } from '../test/helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { useSharedTestApp } from '../test/test-app-hooks.ts';
import type { AuthContext } from './auth-context.ts';
import { findOAuthAccessAuth } from './oauth-token-auth.ts';
import { endEveryAccess, removeMembership, revokeOAuthGrantById, setUserStatus } from './revocation.ts';
import { hashToken } from './session-store.ts';

/**
 * An assistant's access token is answered from the session cache like an API token (ADR 243,
 * ADR 294): every event that must end it reaches the instance that answers the next call, this one
 * at once and another within a second (PostgreSQL LISTEN/NOTIFY or Redis). Each event starts from an
 * answer proven to be cached, so a missing invalidation would leave it standing and fail the test.
 */

interface Issued {
  owner: Caller;
  grantId: string;
  secret: string;
  organizationId: string;
}

async function issueGrant(t: TestApp, owner: Caller, organizationId = owner.homeOrganizationId): Promise<Issued> {
  const clientId = `cifer_client_${randomBytes(8).toString('hex')}`;
  await t.app.db
    .insert(oauthClients)
    .values({
      id: clientId,
      name: 'Assistant',
      redirectUris: ['https://assistant.example/cb'],
      tokenEndpointAuthMethod: 'none',
      grantTypes: ['authorization_code'],
    });
  const [grant] = await t.app.db
    .insert(oauthGrants)
    .values({ clientId, userId: owner.userId, organizationId, scopes: ['read'], resource: mcpResourceUrl(t.env.APP_URL) })
    .returning({ id: oauthGrants.id });
  const secret = `${OAUTH_TOKEN_PREFIX.access}${randomBytes(24).toString('base64url')}`;
  await t.app.db
    .insert(oauthTokens)
    .values({ id: hashToken(secret), grantId: grant!.id, kind: 'access', expiresAt: new Date(t.clock.now().getTime() + 60 * 60_000) });
  return { owner, grantId: grant!.id, secret, organizationId };
}

const authOn = (t: TestApp, issued: Issued) =>
  findOAuthAccessAuth(t.app.db, issued.secret, mcpResourceUrl(t.env.APP_URL), t.clock.now(), () => false);

/** The answer comes from `t`'s cache: a name changed behind the app's back is not seen. */
async function expectCached(writer: TestApp, t: TestApp, issued: Issued): Promise<AuthContext> {
  const first = await authOn(t, issued);
  expect(first, 'the token works before the event').not.toBeNull();
  await writer.app.db
    .update(users)
    .set({ lastName: `Behind-${randomBytes(3).toString('hex')}` })
    .where(eq(users.id, issued.owner.userId));
  const cached = await authOn(t, issued);
  expect(cached?.user.lastName).toBe(first!.user.lastName);
  return cached!;
}

async function expectRefused(t: TestApp, issued: Issued, withinMs: number) {
  expect(await readUntil(() => authOn(t, issued), (auth) => auth === null, withinMs)).toBeNull();
}

const EVENTS: { name: string; issue(writer: TestApp): Promise<Issued>; happen(writer: TestApp, issued: Issued): Promise<unknown> }[] = [
  {
    name: 'the grant is revoked (Disconnect in /account, the client, a replay)',
    issue: async (writer) => issueGrant(writer, await createCaller(writer)),
    happen: (writer, issued) => revokeOAuthGrantById(writer.app.db, issued.grantId, writer.clock.now()),
  },
  {
    name: 'the directory deactivates the person (SCIM: every access ended)',
    issue: async (writer) => issueGrant(writer, await createCaller(writer)),
    happen: (writer, issued) => endEveryAccess(writer.app.db, issued.owner.userId, writer.clock.now()),
  },
  {
    name: 'the account is disabled',
    issue: async (writer) => issueGrant(writer, await createCaller(writer)),
    happen: (writer, issued) => setUserStatus(writer.app.db, issued.owner.userId, 'disabled', writer.clock.now()),
  },
  {
    name: 'the person leaves the organisation of the grant',
    issue: async (writer) => {
      const owner = await createCaller(writer);
      const client = await createOrganizationRow(writer);
      await addMembership(writer, owner.userId, client, 'member');
      return issueGrant(writer, owner, client);
    },
    happen: (writer, issued) => removeMembership(writer.app.db, issued.owner.userId, issued.organizationId),
  },
];

function describeEvents(reader: () => TestApp, writer: () => TestApp, withinMs: number) {
  for (const event of EVENTS) {
    test(`${event.name}: the next call is refused`, async () => {
      const issued = await event.issue(writer());
      await expectCached(writer(), reader(), issued);
      await event.happen(writer(), issued);
      await expectRefused(reader(), issued, withinMs);
    });
  }
}

describe('assistants’ tokens from the session cache, one instance', () => {
  const t = useSharedTestApp();
  describeEvents(
    () => t,
    () => t,
    0,
  );

  test('a token bound to another resource, or of another kind, is not an access token here', async () => {
    const issued = await issueGrant(t, await createCaller(t));
    expect(await findOAuthAccessAuth(t.app.db, issued.secret, 'https://elsewhere.example/mcp', t.clock.now(), () => false)).toBeNull();
    await t.app.db
      .update(oauthTokens)
      .set({ kind: 'refresh' })
      .where(eq(oauthTokens.id, hashToken(issued.secret)));
    expect(await authOn(t, issued)).toBeNull();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('assistants’ tokens from the session cache, a second instance (PostgreSQL)', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({}, { sameDatabaseAs: first, clock: first.clock });
  }, 120_000);
  afterAll(async () => {
    await second.close();
    await first.close();
  });
  describeEvents(
    () => second,
    () => first,
    1_000,
  );
});
