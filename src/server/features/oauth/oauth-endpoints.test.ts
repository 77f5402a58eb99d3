import { createHash, randomBytes } from 'node:crypto';
import { OAuthClientInformationFullSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CONSENT_PAGE_PATH, OAUTH_MESSAGES, type ConsentDecision } from '@/contracts/oauth.ts';
import { auditLog, oauthAuthorizationRequests, oauthClients, oauthCodes, oauthGrants, oauthTokens } from '../../db/schema.ts';
import { STEP_UP_WINDOW_MS } from '../../sessions/step-up.ts';
import { call } from '../../test/helpers.ts';
import { addMembership, createCaller, createOrganizationRow, type Caller } from '../../test/organization-members.ts';
import { useSharedTestApp } from '../../test/test-app-hooks.ts';
import { answerOf } from './oauth-test-support.ts';

/**
 * The OAuth endpoints' own rules (ADR 294), request by request: registration, the authorization
 * request, consent, the code exchange with PKCE, refresh rotation and its grace, revocation, and
 * the answers in OAuth's error format. The whole flow with the MCP SDK client is oauth-flow.test.ts.
 */

const t = useSharedTestApp();
const REDIRECT = 'http://127.0.0.1:7777/callback';

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  payload: new URLSearchParams(fields).toString(),
});

/** Each registration from an address of its own: one address may register 30 clients an hour (tested below). */
async function register(body: Record<string, unknown> = {}, remoteAddress = `10.${randomBytes(3).join('.')}`) {
  return t.app.inject({ method: 'POST', url: '/oauth/register', remoteAddress, payload: { client_name: 'Helper', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], token_endpoint_auth_method: 'none', ...body } });
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(params: Record<string, string>) {
  return `/oauth/authorize?${new URLSearchParams(params).toString()}`;
}

/** Registers a public client, authorizes and consents as `caller`; returns what the token request needs. */
async function codeFor(caller: Caller, options: { scopes?: string[]; register?: Record<string, unknown> } = {}) {
  const client = OAuthClientInformationFullSchema.parse((await register(options.register)).json());
  const { verifier, challenge } = pkce();
  const authorize = await t.app.inject({
    method: 'GET',
    url: authorizeUrl({ response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256', state: 'xyz', scope: 'read write', resource: `${new URL(t.env.APP_URL).origin}/mcp` }),
  });
  const requestId = new URL(authorize.headers.location as string, t.env.APP_URL).searchParams.get('request')!;
  const decided = await call(t, caller.cookie, 'POST', `/api/oauth/requests/${requestId}/decision`, { decision: 'allow', organizationId: caller.organizationId, scopes: options.scopes ?? ['read'] });
  expect(decided.statusCode, decided.body).toBe(200);
  return { client, verifier, code: answerOf(decided.json<ConsentDecision>().redirectTo).code!, requestId };
}

async function exchange(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/oauth/token', ...form(fields, headers) });
}

describe('registration (RFC 7591)', () => {
  test('a public client gets an id and no secret; a confidential one a secret kept as its hash only', async () => {
    const publicClient = await register();
    expect(publicClient.statusCode).toBe(201);
    expect(publicClient.headers['cache-control']).toBe('no-store');
    expect(publicClient.headers['access-control-allow-origin']).toBe('*');
    const info = OAuthClientInformationFullSchema.parse(publicClient.json());
    expect(info).toMatchObject({ client_name: 'Helper', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
    expect(info.client_secret).toBeUndefined();

    const confidential = OAuthClientInformationFullSchema.parse((await register({ token_endpoint_auth_method: 'client_secret_basic' })).json());
    expect(confidential.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.app.db.select().from(oauthClients).where(eq(oauthClients.id, confidential.client_id));
    expect(JSON.stringify(row)).not.toContain(confidential.client_secret);
  });

  test('redirect URIs: https, loopback http and an app’s own scheme; never plain http elsewhere, javascript: or a fragment', async () => {
    for (const uri of ['https://claude.ai/api/mcp/auth_callback', 'http://localhost:33418/', 'http://[::1]:8080/cb', 'cursor://anysphere.cursor-retrieval/oauth/callback']) {
      expect((await register({ redirect_uris: [uri] })).statusCode, uri).toBe(201);
    }
    for (const uri of ['http://evil.example/cb', 'javascript:alert(1)', 'https://a.example/cb#frag', 'data:text/html,hi', 'not a uri']) {
      const refused = await register({ redirect_uris: [uri] });
      expect(refused.statusCode, uri).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    }
    expect((await register({ grant_types: ['client_credentials'] })).json()).toMatchObject({ error: 'invalid_client_metadata' });
    expect((await register({ redirect_uris: [] })).json()).toMatchObject({ error: 'invalid_redirect_uri' });
    expect((await t.app.inject({ method: 'POST', url: '/oauth/register', headers: { 'content-type': 'application/json' }, payload: '{oops' })).json()).toMatchObject({ error: 'invalid_request' });
  });

  test('one address registers at most 30 clients an hour; the 31st is told to wait, in OAuth’s format', async () => {
    const address = '192.0.2.44';
    for (let index = 0; index < 30; index += 1) expect((await register({}, address)).statusCode).toBe(201);
    const refused = await register({}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ error: 'temporarily_unavailable' });
  });
});

describe('the authorization request', () => {
  test('an unknown client or an unregistered redirect URI never sends the browser to it: the consent page explains', async () => {
    const client = (await register()).json<{ client_id: string }>();
    const { challenge } = pkce();
    const base = { response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' };
    const unknown = await t.app.inject({ method: 'GET', url: authorizeUrl({ ...base, client_id: 'cifer_client_nope', redirect_uri: REDIRECT }) });
    expect(unknown.headers.location).toBe(`${CONSENT_PAGE_PATH}?error=unknown_client`);
    const elsewhere = await t.app.inject({ method: 'GET', url: authorizeUrl({ ...base, client_id: client.client_id, redirect_uri: 'https://attacker.example/cb' }) });
    expect(elsewhere.headers.location).toBe(`${CONSENT_PAGE_PATH}?error=invalid_redirect`);
    // A loopback URI may come back on another port (RFC 8252 section 7.3), not another path.
    const otherPort = await t.app.inject({ method: 'GET', url: authorizeUrl({ ...base, client_id: client.client_id, redirect_uri: 'http://127.0.0.1:5555/callback' }) });
    expect(otherPort.headers.location).toMatch(new RegExp(`^${CONSENT_PAGE_PATH}\\?request=`));
    const otherPath = await t.app.inject({ method: 'GET', url: authorizeUrl({ ...base, client_id: client.client_id, redirect_uri: 'http://127.0.0.1:7777/other' }) });
    expect(otherPath.headers.location).toBe(`${CONSENT_PAGE_PATH}?error=invalid_redirect`);
  });

  test('without PKCE S256, or for another resource, the assistant is told at its redirect URI', async () => {
    const client = (await register()).json<{ client_id: string }>();
    const { challenge } = pkce();
    const base = { response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT, state: 's1' };
    const plain = answerOf((await t.app.inject({ method: 'GET', url: authorizeUrl({ ...base, code_challenge: challenge, code_challenge_method: 'plain' }) })).headers.location as string);
    expect(plain).toMatchObject({ error: 'invalid_request', state: 's1', iss: new URL(t.env.APP_URL).origin });
    const missing = answerOf((await t.app.inject({ method: 'GET', url: authorizeUrl(base) })).headers.location as string);
    expect(missing.error).toBe('invalid_request');
    const target = answerOf(
      (await t.app.inject({ method: 'GET', url: authorizeUrl({ ...base, code_challenge: challenge, code_challenge_method: 'S256', resource: 'https://other.example/mcp' }) })).headers.location as string,
    );
    expect(target.error).toBe('invalid_target');
    expect(await t.app.db.select().from(oauthAuthorizationRequests).where(eq(oauthAuthorizationRequests.clientId, client.client_id))).toEqual([]);
  });
});

describe('consent', () => {
  async function waitingRequest(scope = 'read write') {
    const client = (await register()).json<{ client_id: string }>();
    const { challenge } = pkce();
    const authorize = await t.app.inject({ method: 'GET', url: authorizeUrl({ response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256', scope, state: 'st' }) });
    return new URL(authorize.headers.location as string, t.env.APP_URL).searchParams.get('request')!;
  }

  test('allowing needs a fresh second factor; the refusal leaves the request waiting', async () => {
    const owner = await createCaller(t);
    const requestId = await waitingRequest();
    t.clock.advance(STEP_UP_WINDOW_MS + 1_000);
    const stale = await call(t, owner.cookie, 'POST', `/api/oauth/requests/${requestId}/decision`, { decision: 'allow', organizationId: owner.organizationId, scopes: ['read'] });
    expect(stale.json()).toMatchObject({ code: 'step_up_required' });
    expect((await call(t, owner.cookie, 'GET', `/api/oauth/requests/${requestId}`)).statusCode).toBe(200);
  });

  test('a viewer’s assistant reads only; another organisation is refused; unknown scopes are left out', async () => {
    const owner = await createCaller(t);
    const viewed = await createOrganizationRow(t, 'Viewed Ltd');
    await addMembership(t, owner.userId, viewed, 'viewer');
    const stranger = await createOrganizationRow(t, 'Stranger Ltd');
    const requestId = await waitingRequest('read write offline_access');
    const shown = await call(t, owner.cookie, 'GET', `/api/oauth/requests/${requestId}`);
    expect(shown.json()).toMatchObject({ scopes: ['read', 'write'], client: { name: 'Helper', redirectHost: '127.0.0.1:7777' } });
    expect(shown.json<{ organizations: { id: string; role: string }[] }>().organizations).toEqual(expect.arrayContaining([{ id: viewed, name: 'Viewed Ltd', role: 'viewer' }]));
    const decide = (body: Record<string, unknown>) => call(t, owner.cookie, 'POST', `/api/oauth/requests/${requestId}/decision`, body);
    const viewerWrite = await decide({ decision: 'allow', organizationId: viewed, scopes: ['read', 'write'] });
    expect(viewerWrite.statusCode).toBe(403);
    expect(viewerWrite.json()).toMatchObject({ message: OAUTH_MESSAGES.viewerCannotWrite });
    expect((await decide({ decision: 'allow', organizationId: stranger, scopes: ['read'] })).json()).toMatchObject({ message: OAUTH_MESSAGES.notAMember });
    expect((await decide({ decision: 'allow', organizationId: viewed, scopes: ['write'] })).statusCode).toBe(400);
    const allowed = await decide({ decision: 'allow', organizationId: viewed, scopes: ['read'] });
    expect(allowed.statusCode).toBe(200);
    const [grant] = await t.app.db.select().from(oauthGrants).where(eq(oauthGrants.userId, owner.userId));
    expect(grant).toMatchObject({ organizationId: viewed, scopes: ['read'] });
    // Answered once.
    expect((await decide({ decision: 'allow', organizationId: viewed, scopes: ['read'] })).statusCode).toBe(404);
  });

  test('declining sends access_denied with the state; a request expires after ten minutes', async () => {
    const owner = await createCaller(t);
    const declined = await call(t, owner.cookie, 'POST', `/api/oauth/requests/${await waitingRequest()}/decision`, { decision: 'deny' });
    expect(answerOf(declined.json<ConsentDecision>().redirectTo)).toMatchObject({ error: 'access_denied', state: 'st', code: null });
    const late = await waitingRequest();
    t.clock.advance(10 * 60_000 + 1);
    const fresh = await createCaller(t);
    expect((await call(t, fresh.cookie, 'GET', `/api/oauth/requests/${late}`)).statusCode).toBe(404);
    // A browser session is needed: no cookie, no consent.
    expect((await t.app.inject({ method: 'GET', url: `/api/oauth/requests/${late}` })).statusCode).toBe(401);
  });
});

describe('the token endpoint', () => {
  test('a code works once, with its verifier and redirect URI; presented again it revokes the grant', async () => {
    const owner = await createCaller(t);
    const { client, verifier, code } = await codeFor(owner);
    const base = { grant_type: 'authorization_code', client_id: client.client_id, code, redirect_uri: REDIRECT };
    expect((await exchange({ ...base, redirect_uri: 'http://127.0.0.1:7777/other', code_verifier: verifier })).json()).toMatchObject({ error: 'invalid_grant' });
    // That attempt used the code up: the right verifier now finds it consumed, and the grant goes.
    const replay = await exchange({ ...base, code_verifier: verifier });
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    const [grant] = await t.app.db.select().from(oauthGrants).where(eq(oauthGrants.userId, owner.userId));
    expect(grant?.revokedAt).not.toBeNull();

    const second = await codeFor(owner);
    const wrongVerifier = await exchange({ grant_type: 'authorization_code', client_id: second.client.client_id, code: second.code, redirect_uri: REDIRECT, code_verifier: pkce().verifier });
    expect(wrongVerifier.json()).toMatchObject({ error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge.' });

    const third = await codeFor(owner);
    const ok = await exchange({ grant_type: 'authorization_code', client_id: third.client.client_id, code: third.code, redirect_uri: REDIRECT, code_verifier: third.verifier });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read' });
  });

  test('a code expires after a minute and belongs to its client', async () => {
    const owner = await createCaller(t);
    const first = await codeFor(owner);
    const other = (await register()).json<{ client_id: string }>();
    expect((await exchange({ grant_type: 'authorization_code', client_id: other.client_id, code: first.code, redirect_uri: REDIRECT, code_verifier: first.verifier })).json()).toMatchObject({ error: 'invalid_grant' });
    const late = await codeFor(owner);
    t.clock.advance(61_000);
    expect((await exchange({ grant_type: 'authorization_code', client_id: late.client.client_id, code: late.code, redirect_uri: REDIRECT, code_verifier: late.verifier })).json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The code has expired.',
    });
  });

  test('a confidential client authenticates with HTTP Basic or the form, never without its secret', async () => {
    const owner = await createCaller(t);
    const { client, verifier, code } = await codeFor(owner, { register: { token_endpoint_auth_method: 'client_secret_basic' } });
    const fields = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier };
    const noSecret = await exchange({ ...fields, client_id: client.client_id });
    expect(noSecret.statusCode).toBe(401);
    expect(noSecret.json()).toMatchObject({ error: 'invalid_client' });
    const wrong = await exchange(fields, { authorization: `Basic ${Buffer.from(`${client.client_id}:wrong`).toString('base64')}` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Basic realm="cifer"');
    const basic = await exchange(fields, { authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret!}`).toString('base64')}` });
    expect(basic.statusCode, basic.body).toBe(200);
  });

  test('refresh: rotated; the old token works for 30 s (concurrent requests), after that its return revokes the grant', async () => {
    const owner = await createCaller(t);
    const { client, verifier, code } = await codeFor(owner);
    const first = (await exchange({ grant_type: 'authorization_code', client_id: client.client_id, code, redirect_uri: REDIRECT, code_verifier: verifier })).json<{ refresh_token: string }>();
    const refresh = (token: string) => exchange({ grant_type: 'refresh_token', client_id: client.client_id, refresh_token: token });
    const a = await refresh(first.refresh_token);
    const b = await refresh(first.refresh_token);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json<{ refresh_token: string }>().refresh_token).not.toBe(b.json<{ refresh_token: string }>().refresh_token);
    t.clock.advance(31_000);
    expect((await refresh(a.json<{ refresh_token: string }>().refresh_token)).statusCode).toBe(200);
    expect((await refresh(first.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
    const [grant] = await t.app.db.select().from(oauthGrants).where(eq(oauthGrants.userId, owner.userId));
    expect(grant?.revokedAt).not.toBeNull();
    // Another client cannot use this grant's tokens, and a scope not consented to is refused.
    const again = await codeFor(owner);
    const tokens = (await exchange({ grant_type: 'authorization_code', client_id: again.client.client_id, code: again.code, redirect_uri: REDIRECT, code_verifier: again.verifier })).json<{ refresh_token: string }>();
    const other = (await register()).json<{ client_id: string }>();
    expect((await exchange({ grant_type: 'refresh_token', client_id: other.client_id, refresh_token: tokens.refresh_token })).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await exchange({ grant_type: 'refresh_token', client_id: again.client.client_id, refresh_token: tokens.refresh_token, scope: 'read write' })).json()).toMatchObject({ error: 'invalid_scope' });
  });

  test('bad requests answer in OAuth’s format: unknown grant type, a parameter twice, JSON instead of a form', async () => {
    const client = (await register()).json<{ client_id: string }>();
    expect((await exchange({ grant_type: 'password', client_id: client.client_id })).json()).toMatchObject({ error: 'unsupported_grant_type' });
    const twice = await t.app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `grant_type=refresh_token&client_id=${client.client_id}&client_id=x` });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: 'invalid_request' });
    const json = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'refresh_token', client_id: client.client_id } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: 'invalid_request' });
    const unknown = await exchange({ grant_type: 'refresh_token', client_id: 'cifer_client_unknown', refresh_token: 'x' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('revocation and housekeeping', () => {
  test('the client revokes a token (RFC 7009): its grant ends; another client’s token is answered 200 and stays', async () => {
    const owner = await createCaller(t);
    const { client, verifier, code } = await codeFor(owner);
    const tokens = (await exchange({ grant_type: 'authorization_code', client_id: client.client_id, code, redirect_uri: REDIRECT, code_verifier: verifier })).json<{ access_token: string; refresh_token: string }>();
    const other = (await register()).json<{ client_id: string }>();
    const foreign = await t.app.inject({ method: 'POST', url: '/oauth/revoke', ...form({ token: tokens.refresh_token, client_id: other.client_id }) });
    expect(foreign.statusCode).toBe(200);
    const [before] = await t.app.db.select().from(oauthGrants).where(eq(oauthGrants.userId, owner.userId));
    expect(before?.revokedAt).toBeNull();
    const own = await t.app.inject({ method: 'POST', url: '/oauth/revoke', ...form({ token: tokens.access_token, client_id: client.client_id }) });
    expect(own.statusCode).toBe(200);
    const [after] = await t.app.db.select().from(oauthGrants).where(eq(oauthGrants.userId, owner.userId));
    expect(after?.revokedAt).not.toBeNull();
    const [audit] = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'oauth.grant_revoked'), eq(auditLog.targetUserId, owner.userId)));
    expect(audit?.details).toMatchObject({ reason: 'revoked_by_client' });
  });

  test('the hourly purge drops expired requests, codes and tokens, and clients nobody consented to', async () => {
    const owner = await createCaller(t);
    const unused = (await register()).json<{ client_id: string }>();
    const used = await codeFor(owner);
    await exchange({ grant_type: 'authorization_code', client_id: used.client.client_id, code: used.code, redirect_uri: REDIRECT, code_verifier: used.verifier });
    t.clock.advance(32 * 24 * 60 * 60_000);
    await t.app.jobs.runDue();
    expect(await t.app.db.select().from(oauthClients).where(eq(oauthClients.id, unused.client_id))).toEqual([]);
    expect(await t.app.db.select().from(oauthClients).where(eq(oauthClients.id, used.client.client_id))).toHaveLength(1);
    const [grant] = await t.app.db.select().from(oauthGrants).where(eq(oauthGrants.clientId, used.client.client_id));
    expect(await t.app.db.select().from(oauthTokens).where(eq(oauthTokens.grantId, grant!.id))).toEqual([]);
    expect(await t.app.db.select().from(oauthCodes).where(eq(oauthCodes.grantId, grant!.id))).toEqual([]);
  });
});
