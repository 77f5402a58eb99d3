import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { OAuthMetadataSchema, OAuthProtectedResourceMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CONSENT_PAGE_PATH, OAUTH_MESSAGES, OAUTH_TOKEN_PREFIX, type ConnectedAssistantList, type ConsentDecision, type ConsentRequest } from '@/contracts/oauth.ts';
import { auditLog, oauthGrants, oauthTokens } from '../../db/schema.ts';
import { removeMembership, setUserStatus } from '../../sessions/revocation.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { call } from '../../test/helpers.ts';
import { addMembership, createCaller, createOrganizationRow, type Caller } from '../../test/organization-members.ts';
import type { TestApp } from '../../test/test-app.ts';
import { BUILDS_AN_APP } from '../../test/test-app-hooks.ts';
import { createListeningTestApp } from '../../test/listening-app.ts';
import { answerOf, MemoryOAuthProvider } from './oauth-test-support.ts';

/**
 * Remote MCP with OAuth 2.1 end to end (ADR 294), with the official MCP SDK client on loopback as an
 * assistant drives it: given only the URL of /mcp, it is refused with the way to the metadata,
 * discovers the authorization server, registers itself, sends the person to the consent page (here:
 * the page's own API calls with the person's signed-in session), exchanges the code with its PKCE
 * verifier, lists the tools; the person revokes it in /account and its next call is refused.
 */

let t: TestApp & { baseUrl: string };
const REDIRECT = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  t = await createListeningTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
});

function mcpUrl(): URL {
  return new URL('/mcp', t.baseUrl);
}

/** The browser's part: open the authorization URL, read the consent page's request, answer it as the signed-in person. */
async function consent(caller: Caller, authorizationUrl: URL, answer: Record<string, unknown> = { decision: 'allow', organizationId: caller.organizationId, scopes: ['read', 'write'] }) {
  const authorize = await t.app.inject({ method: 'GET', url: `${authorizationUrl.pathname}${authorizationUrl.search}` });
  expect(authorize.statusCode, authorize.body).toBe(302);
  const consentPage = new URL(authorize.headers.location as string, t.baseUrl);
  expect(consentPage.pathname).toBe(CONSENT_PAGE_PATH);
  const requestId = consentPage.searchParams.get('request') as string;
  const shown = await call(t, caller.cookie, 'GET', `/api/oauth/requests/${requestId}`);
  expect(shown.statusCode, shown.body).toBe(200);
  const decided = await call(t, caller.cookie, 'POST', `/api/oauth/requests/${requestId}/decision`, answer);
  expect(decided.statusCode, decided.body).toBe(200);
  return { shown: shown.json<ConsentRequest>(), redirectTo: decided.json<ConsentDecision>().redirectTo, requestId };
}

/** Connects the SDK client through the whole flow and returns it with its provider. */
async function connectWithOAuth(caller: Caller, provider = new MemoryOAuthProvider(REDIRECT)) {
  const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
  await expect(new Client({ name: 'assistant', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl, 'the SDK was sent to the authorization endpoint').not.toBeNull();
  const { shown, redirectTo } = await consent(caller, provider.authorizationUrl!);
  const { code, state, iss } = answerOf(redirectTo);
  expect(iss).toBe(t.baseUrl);
  expect(state).toBe(provider.authorizationUrl!.searchParams.get('state'));
  await first.finishAuth(code!);
  const client = new Client({ name: 'assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
  return { client, provider, shown };
}

async function grantsOf(userId: string) {
  return t.app.db.select().from(oauthGrants).where(eq(oauthGrants.userId, userId));
}

describe('an assistant added by the URL of /mcp', BUILDS_AN_APP, () => {
  test('discovery, registration, consent, token, tools/list; revoked in /account, its next call is refused', async () => {
    const owner = await createCaller(t);
    // Discovery as the SDK does it: the 401 names the metadata, which names the authorization server.
    const refused = await fetch(mcpUrl(), { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain(`resource_metadata="${t.baseUrl}/.well-known/oauth-protected-resource/mcp"`);
    const resource = OAuthProtectedResourceMetadataSchema.parse(await (await fetch(`${t.baseUrl}/.well-known/oauth-protected-resource/mcp`)).json());
    expect(resource).toMatchObject({ resource: `${t.baseUrl}/mcp`, authorization_servers: [t.baseUrl], scopes_supported: ['read', 'write'] });
    const server = OAuthMetadataSchema.parse(await (await fetch(`${t.baseUrl}/.well-known/oauth-authorization-server`)).json());
    expect(server).toMatchObject({ issuer: t.baseUrl, code_challenge_methods_supported: ['S256'], registration_endpoint: `${t.baseUrl}/oauth/register` });

    const { client, provider, shown } = await connectWithOAuth(owner);
    expect(shown.client).toEqual({ name: 'Test Assistant', redirectHost: '127.0.0.1:9' });
    expect(shown.scopes).toEqual(['read', 'write']);
    expect(shown.organizations.map((organization) => organization.id)).toContain(owner.organizationId);
    const tokens = provider.tokens()!;
    expect(tokens.access_token.startsWith(OAUTH_TOKEN_PREFIX.access)).toBe(true);
    expect(tokens.refresh_token?.startsWith(OAUTH_TOKEN_PREFIX.refresh)).toBe(true);
    expect(tokens.scope).toBe('read write');
    // Only hashes are kept.
    const [stored] = await t.app.db.select().from(oauthTokens).where(eq(oauthTokens.id, hashToken(tokens.access_token)));
    expect(stored?.kind).toBe('access');
    expect(JSON.stringify(await t.app.db.select().from(oauthTokens))).not.toContain(tokens.access_token);

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['list_assessments', 'get_result', 'start_draft', 'complete_assessment']));
    const listed = await client.callTool({ name: 'list_assessments', arguments: {} });
    expect(listed.isError).toBeFalsy();
    // Write was consented to: the write tools reach the public API (in process) as the person, and the write is audited under the assistant's name.
    const draft = await client.callTool({ name: 'start_draft', arguments: { title: 'Drafted by the assistant' } });
    expect(draft.isError, JSON.stringify(draft)).toBeFalsy();
    // The call's audit row is written after the answer (plugins/api-token-audit.ts).
    await vi.waitFor(async () => {
      const [call] = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'api_token.call'), eq(auditLog.actorUserId, owner.userId)));
      expect(call?.details).toMatchObject({ apiToken: { name: 'Test Assistant' }, method: 'POST', status: 201 });
    });

    const connected = await call(t, owner.cookie, 'GET', '/api/account/assistants');
    const [assistant] = connected.json<ConnectedAssistantList>().assistants;
    expect(assistant).toMatchObject({ clientName: 'Test Assistant', organizationId: owner.organizationId, scopes: ['read', 'write'], lastUsedAt: t.clock.now().toISOString() });
    const revoked = await call(t, owner.cookie, 'DELETE', `/api/account/assistants/${assistant!.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ message: string }>().message).toContain('Test Assistant');
    expect((await call(t, owner.cookie, 'GET', '/api/account/assistants')).json<ConnectedAssistantList>().assistants).toEqual([]);

    // Refused at once: the token itself, and the SDK (whose refresh is refused too) is sent back to the consent page.
    const direct = await fetch(mcpUrl(), { method: 'POST', headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(direct.status).toBe(401);
    expect(direct.headers.get('www-authenticate')).toContain('error="invalid_token"');
    provider.authorizationUrl = null;
    await expect(client.listTools()).rejects.toThrow();
    expect(provider.authorizationUrl, 'the SDK has to ask the person again').not.toBeNull();
    await client.close();

    const actions = (await t.app.db.select().from(auditLog).where(eq(auditLog.targetUserId, owner.userId))).map((row) => row.action);
    const own = (await t.app.db.select().from(auditLog).where(eq(auditLog.actorUserId, owner.userId))).map((row) => row.action);
    expect([...own, ...actions]).toEqual(expect.arrayContaining(['oauth.grant_created', 'oauth.token_issued', 'oauth.grant_revoked']));
    expect(JSON.stringify(await t.app.db.select().from(auditLog))).not.toContain(tokens.access_token);
  });

  test('the refresh token rotates; the SDK refreshes an expired access token by itself', async () => {
    const owner = await createCaller(t);
    const { client, provider } = await connectWithOAuth(owner);
    const before = provider.tokens()!;
    t.clock.advance(61 * 60_000);
    // The access token has expired: the SDK is refused, refreshes, and the call succeeds (its
    // event-stream request, refused too, may refresh with the same token meanwhile: the grace).
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    const after = provider.tokens()!;
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    t.clock.advance(31_000);
    const reused = await fetch(`${t.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: before.refresh_token!, client_id: provider.clientInformation()!.client_id }),
    });
    // The first refresh token came back after its grace: someone holds a copy, so the whole grant ends.
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
    const [grant] = await grantsOf(owner.userId);
    expect(grant?.revokedAt).not.toBeNull();
    const refused = await fetch(mcpUrl(), { method: 'POST', headers: { authorization: `Bearer ${after.access_token}`, 'content-type': 'application/json', accept: 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);
    const [audit] = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'oauth.grant_revoked'), eq(auditLog.targetUserId, owner.userId)));
    expect(audit?.details).toMatchObject({ reason: 'refresh_token_reused' });
    await client.close();
  });

  test('the grant acts in the organisation chosen on the consent page, with the role there, and ends when the person loses it', async () => {
    const owner = await createCaller(t);
    const client = await createOrganizationRow(t, 'Client Ltd');
    await addMembership(t, owner.userId, client, 'member');
    const provider = new MemoryOAuthProvider(REDIRECT);
    const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    await expect(new Client({ name: 'a', version: '1' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    const { redirectTo } = await consent(owner, provider.authorizationUrl!, { decision: 'allow', organizationId: client, scopes: ['read'] });
    await first.finishAuth(answerOf(redirectTo).code!);
    const token = provider.tokens()!.access_token;
    expect(provider.tokens()!.scope).toBe('read');

    const mcp = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream', ...headers },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_assessments', arguments: {} } },
      });
    expect((await mcp()).statusCode).toBe(200);
    // It cannot be pointed at another organisation of the person.
    expect((await mcp({ 'cifer-organization': owner.homeOrganizationId })).statusCode).toBe(401);
    // Bound to /mcp (RFC 8707): the public API refuses it when called directly.
    const direct = await t.app.inject({ method: 'GET', url: '/api/v1/assessments', headers: { authorization: `Bearer ${token}` } });
    expect(direct.statusCode).toBe(401);
    expect(direct.json()).toMatchObject({ message: OAUTH_MESSAGES.tokenForMcpOnly });
    const forged = await t.app.inject({ method: 'GET', url: '/api/v1/assessments', headers: { authorization: `Bearer ${token}`, 'cifer-in-process-call': 'guess' } });
    expect(forged.statusCode).toBe(401);

    await removeMembership(t.app.db, owner.userId, client);
    expect((await mcp()).statusCode).toBe(401);
  });

  test('deactivating the person refuses every token at once', async () => {
    const owner = await createCaller(t);
    const { client, provider } = await connectWithOAuth(owner);
    await client.listTools();
    await setUserStatus(t.app.db, owner.userId, 'disabled', t.clock.now());
    const refused = await fetch(mcpUrl(), { method: 'POST', headers: { authorization: `Bearer ${provider.tokens()!.access_token}`, 'content-type': 'application/json', accept: 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);
    const refresh = await fetch(`${t.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: provider.tokens()!.refresh_token!, client_id: provider.clientInformation()!.client_id }),
    });
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
    await client.close();
  });
});
