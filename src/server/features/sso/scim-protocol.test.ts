import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { API_TOKEN_SECRET_PREFIX } from '@/contracts/api-tokens.ts';
import { mcpResourceUrl, OAUTH_TOKEN_PREFIX } from '@/contracts/oauth.ts';
import { SCIM_SCHEMAS, type CreatedScimToken } from '@/contracts/scim.ts';
import { apiTokens, auditLog, memberships, oauthClients, oauthGrants, oauthTokens, ssoConnections, ssoDomains, userMfa, users } from '../../db/schema.ts';
import { createSession, findSessionAuth, hashToken } from '../../sessions/session-store.ts';
import { call } from '../../test/helpers.ts';
import { createCaller, type Caller } from '../../test/organization-members.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';
import { listeningUrl } from '../../test/listening-app.ts';
import { ScimClient, ScimClientError, type ScimUserResource } from '../../../../scripts/scim-client.ts';

/**
 * SCIM 2.0 (ADR 296) driven by an independent RFC 7644 client (scripts/scim-client.ts, which knows
 * nothing of the server) over real HTTP, as an identity provider drives it: look a person up by
 * userName, create, update with PUT and PATCH (Entra's and Okta's forms), page, move between the
 * role groups, deactivate (which ends the person's sessions, API tokens and assistants at once),
 * reactivate, delete; and every refusal in SCIM's Error schema.
 */

const t = useSharedTestApp();
const DAY = 86_400_000;

interface ScimOrganization {
  owner: Caller;
  organizationId: string;
  domain: string;
  client: ScimClient;
  tokenId: string;
  secret: string;
}

/** An organisation with single sign-on and a verified domain (written directly: the SSO flow has its own tests), and an owner's SCIM token. */
async function scimOrganization(): Promise<ScimOrganization> {
  const owner = await createCaller(t);
  const organizationId = owner.homeOrganizationId;
  const domain = `scim-${randomBytes(4).toString('hex')}.test`;
  const [connection] = await t.app.db
    .insert(ssoConnections)
    .values({ organizationId, name: 'Directory', issuer: 'https://idp.example', clientId: 'cifer', clientSecretEnc: 'sealed', defaultRole: 'member' })
    .returning({ id: ssoConnections.id });
  await t.app.db.insert(ssoDomains).values({ connectionId: connection!.id, organizationId, domain, verificationToken: 'token', verifiedAt: t.clock.now(), verifiedBy: 'admin' });
  const created = await call(t, owner.cookie, 'POST', `/api/organizations/${organizationId}/scim/tokens`, { name: 'Entra ID' });
  expect(created.statusCode, created.body).toBe(201);
  const { token, secret } = created.json<CreatedScimToken>();
  return { owner, organizationId, domain, client: new ScimClient({ baseUrl: `${await listeningUrl(t)}/scim/v2`, token: secret }), tokenId: token.id, secret };
}

async function expectScimError(promise: Promise<unknown>, status: number, scimType?: string): Promise<ScimClientError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ScimClientError);
  expect((error as ScimClientError).status).toBe(status);
  if (scimType) expect((error as ScimClientError).scimType).toBe(scimType);
  return error as ScimClientError;
}

/** Everything the person holds: a browser session, a personal API token and an assistant's OAuth grant, each shown to work first. */
async function holdings(person: ScimUserResource, organizationId: string) {
  const now = t.clock.now();
  await t.app.db.insert(userMfa).values({ userId: person.id, totpSecretEnc: 'sealed', totpEnabledAt: now });
  const cookieToken = await createSession(t.app.db, person.id, now, {}, { mfaVerifiedAt: now });
  const apiSecret = `${API_TOKEN_SECRET_PREFIX.personal}${randomBytes(24).toString('base64url')}`;
  await t.app.db.insert(apiTokens).values({ kind: 'personal', userId: person.id, organizationId, name: 'Script', tokenHash: hashToken(apiSecret), prefix: apiSecret.slice(0, 14), scopes: ['read'], expiresAt: new Date(now.getTime() + DAY) });
  const clientId = `cifer_client_${randomBytes(8).toString('hex')}`;
  await t.app.db.insert(oauthClients).values({ id: clientId, name: 'Assistant', redirectUris: ['https://assistant.example/cb'], tokenEndpointAuthMethod: 'none', grantTypes: ['authorization_code'] });
  const [grant] = await t.app.db.insert(oauthGrants).values({ clientId, userId: person.id, organizationId, scopes: ['read'], resource: mcpResourceUrl(t.env.APP_URL) }).returning({ id: oauthGrants.id });
  const accessToken = `${OAUTH_TOKEN_PREFIX.access}${randomBytes(24).toString('base64url')}`;
  await t.app.db.insert(oauthTokens).values({ id: hashToken(accessToken), grantId: grant!.id, kind: 'access', expiresAt: new Date(now.getTime() + 60 * 60_000) });
  const checks = {
    session: async () => (await findSessionAuth(t.app.db, cookieToken, t.clock.now(), () => false)) !== null,
    apiToken: async () => (await t.app.inject({ method: 'GET', url: '/api/v1/organizations', headers: { authorization: `Bearer ${apiSecret}` } })).statusCode,
    assistant: async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/mcp',
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json, text/event-stream' },
          payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        })
      ).statusCode,
  };
  expect(await checks.session()).toBe(true);
  expect(await checks.apiToken()).toBe(200);
  expect(await checks.assistant()).toBe(200);
  return checks;
}

describe('SCIM with an RFC 7644 client', BUILDS_AN_APP, () => {
  test('an identity provider provisions, updates, regroups, deactivates (ending every access at once), reactivates and deletes a person', async () => {
    const { client, domain, organizationId } = await scimOrganization();
    const config = await client.serviceProviderConfig();
    expect(config).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } });

    const alice = `alice@${domain}`;
    expect(await client.findUserByUserName(alice)).toBeNull();
    const { user, location } = await client.createUser({ userName: alice, externalId: 'entra-1', name: { givenName: 'Alice', familyName: 'Leaver' }, active: true });
    expect(location).toBe(`${new URL(t.env.APP_URL).origin}/scim/v2/Users/${user.id}`);
    expect(user).toMatchObject({ userName: alice, externalId: 'entra-1', active: true, name: { givenName: 'Alice', familyName: 'Leaver' }, groups: [{ value: 'member' }] });
    // userName is compared without case (RFC 7643: caseExact false).
    expect((await client.findUserByUserName(alice.toUpperCase()))?.id).toBe(user.id);
    const [account] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(account).toMatchObject({ email: alice, organizationId, status: 'active' });

    // PUT replaces; PATCH in Entra's form (capitalised op, a path) and Okta's (no path, an object).
    expect(await client.replaceUser(user.id, { userName: alice, externalId: 'entra-1b', name: { givenName: 'Alicia', familyName: 'Leaver' } })).toMatchObject({ externalId: 'entra-1b', name: { givenName: 'Alicia' } });
    expect(await client.patchUser(user.id, [{ op: 'Replace', path: 'name.familyName', value: 'Stayer' }])).toMatchObject({ name: { familyName: 'Stayer' } });
    expect(await client.patchUser(user.id, [{ op: 'replace', value: { externalId: 'okta-9' } }])).toMatchObject({ externalId: 'okta-9' });

    // Paging over three people: startIndex is 1-based.
    await client.createUser({ userName: `bob@${domain}`, name: { givenName: 'Bob', familyName: 'B' } });
    await client.createUser({ userName: `carol@${domain}`, name: { givenName: 'Carol', familyName: 'C' } });
    const all = await client.listUsers();
    const second = await client.listUsers({ startIndex: 2, count: 1 });
    expect(second).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(second.Resources[0]?.id).toBe(all.Resources[1]?.id);
    expect((await client.listUsers({ count: 0 })).Resources).toEqual([]);
    expect((await client.allUsers(2)).map((person) => person.userName).sort()).toEqual([alice, `bob@${domain}`, `carol@${domain}`]);

    // Groups are the roles: added to Viewers she is a viewer; taken out, the connection's default role.
    const viewers = (await client.listGroups({ filter: 'displayName eq "CIFER Viewers"', excludedAttributes: 'members' })).Resources[0]!;
    expect(viewers).toMatchObject({ id: 'viewer', displayName: 'CIFER Viewers' });
    expect(viewers.members).toBeUndefined();
    await client.addGroupMembers('viewer', [user.id]);
    expect((await client.getUser(user.id)).groups).toEqual([expect.objectContaining({ value: 'viewer' })]);
    expect((await client.getGroup('viewer')).members?.map((member) => member.value)).toEqual([user.id]);
    const [membership] = await t.app.db.select().from(memberships).where(and(eq(memberships.userId, user.id), eq(memberships.organizationId, organizationId)));
    expect(membership?.role).toBe('viewer');
    await client.removeGroupMember('viewer', user.id);
    expect((await client.getUser(user.id)).groups).toEqual([expect.objectContaining({ value: 'member' })]);

    // Deactivation, as Entra sends it ("False" as a string): every way in ends at once.
    const held = await holdings(user, organizationId);
    const deactivated = await client.patchUser(user.id, [{ op: 'Replace', path: 'active', value: 'False' }]);
    expect(deactivated.active).toBe(false);
    expect(await held.session()).toBe(false);
    expect(await held.apiToken()).toBe(401);
    expect(await held.assistant()).toBe(401);
    const [token] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id));
    expect(token?.revokedAt).not.toBeNull();
    const [grant] = await t.app.db.select().from(oauthGrants).where(eq(oauthGrants.userId, user.id));
    expect(grant?.revokedAt).not.toBeNull();
    // The directory brings her back: she may sign in again; what ended stays ended.
    expect((await client.patchUser(user.id, [{ op: 'replace', path: 'active', value: true }])).active).toBe(true);
    expect(await held.apiToken()).toBe(401);

    await client.deleteUser(user.id);
    await expectScimError(client.getUser(user.id), 404);
    expect(await client.findUserByUserName(alice)).toBeNull();
    const [gone] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(gone?.status).toBe('disabled');
    // Re-hired: the same account comes back.
    const returning = await client.createUser({ userName: alice, name: { givenName: 'Alice', familyName: 'Again' } });
    expect(returning.user).toMatchObject({ id: user.id, active: true });

    const actions = (await t.app.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['scim.user_created', 'scim.user_updated', 'scim.role_changed', 'scim.user_deactivated', 'scim.user_reactivated', 'scim.user_deleted', 'scim.user_linked']));
    const [deactivation] = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'scim.user_deactivated'), eq(auditLog.targetUserId, user.id)));
    expect(deactivation).toMatchObject({ organizationId, actorUserId: null, details: expect.objectContaining({ scimToken: expect.objectContaining({ name: 'Entra ID' }), ended: { sessions: 1, apiTokens: 1, assistants: 1 } }) });
  });

  test('refusals are SCIM errors: token, domain, uniqueness, filter, unknown ids, PatchOp syntax, the fixed groups, the last owner', async () => {
    const { client, domain, owner, secret } = await scimOrganization();
    const base = client['baseUrl'] as string;
    const anonymous = await fetch(`${base}/Users`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toContain('application/scim+json');
    expect(await anonymous.json()).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '401' });
    await expectScimError(new ScimClient({ baseUrl: base, token: `${secret}x` }).listUsers(), 401);

    await expectScimError(client.createUser({ userName: 'someone@elsewhere.example' }), 400, 'invalidValue');
    await expectScimError(client.createUser({ userName: 'not an address' }), 400, 'invalidValue');
    const { user } = await client.createUser({ userName: `dana@${domain}` });
    await expectScimError(client.createUser({ userName: `dana@${domain}` }), 409, 'uniqueness');
    await expectScimError(client.listUsers({ filter: 'userName co "dana"' }), 400, 'invalidFilter');
    await expectScimError(client.listUsers({ filter: 'userName eq' }), 400, 'invalidFilter');
    await expectScimError(client.getUser('00000000-0000-4000-8000-000000000000'), 404);
    await expectScimError(client.getUser('not-a-uuid'), 404);
    await expectScimError(client.request('PATCH', `/Users/${user.id}`, { schemas: ['wrong'], Operations: [] }), 400, 'invalidSyntax');
    await expectScimError(client.patchUser(user.id, [{ op: 'move' as 'add', path: 'active', value: false }]), 400);
    await expectScimError(client.request('POST', '/Groups', { schemas: [SCIM_SCHEMAS.group], displayName: 'Finance' }, [201]), 400, 'invalidValue');
    await expectScimError(client.request('POST', '/Groups', { schemas: [SCIM_SCHEMAS.group], displayName: 'CIFER Owners' }, [201]), 409, 'uniqueness');
    await expectScimError(client.request('DELETE', '/Groups/owner', undefined, [204]), 400, 'mutability');
    await expectScimError(client.replaceGroup('member', { displayName: 'Renamed', members: [] }), 400, 'mutability');
    await expectScimError(client.addGroupMembers('viewer', ['00000000-0000-4000-8000-000000000000']), 400, 'invalidValue');
    await expectScimError(client.request('GET', '/Nothing'), 404);
    const malformed = await fetch(`${base}/Users`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' }, body: '{nope' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '400' });

    // The owner's account is outside the verified domain: SCIM neither sees nor changes it.
    await expectScimError(client.getUser(owner.userId), 404);
    // The last owner keeps the role: making Dana the only owner, then taking her out, is refused.
    await client.addGroupMembers('owner', [user.id]);
    await t.app.db.update(memberships).set({ role: 'member' }).where(and(eq(memberships.userId, owner.userId), eq(memberships.organizationId, owner.homeOrganizationId)));
    await expectScimError(client.removeGroupMember('owner', user.id), 400, 'mutability');
  });

  test('another organisation’s token sees none of these people', async () => {
    const first = await scimOrganization();
    const second = await scimOrganization();
    const { user } = await first.client.createUser({ userName: `erin@${first.domain}` });
    await expectScimError(second.client.getUser(user.id), 404);
    await expectScimError(second.client.deactivateUser(user.id), 404);
    expect((await second.client.listUsers()).totalResults).toBe(0);
    // Nor may it claim the first one's domain.
    await expectScimError(second.client.createUser({ userName: `frank@${first.domain}` }), 400, 'invalidValue');
  });
});
