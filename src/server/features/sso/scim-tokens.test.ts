import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { MAX_ACTIVE_SCIM_TOKENS, SCIM_MESSAGES, SCIM_TOKEN_PREFIX, type CreatedScimToken, type ScimSettings } from '@/contracts/scim.ts';
import { auditLog, scimTokens, ssoConnections, ssoDomains } from '../../db/schema.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { STEP_UP_WINDOW_MS } from '../../sessions/step-up.ts';
import { call } from '../../test/helpers.ts';
import { createCaller, type Caller } from '../../test/organization-members.ts';
import { useSharedTestApp } from '../../test/test-app-hooks.ts';

/** An owner's SCIM tokens in the organisation's SSO settings (ADR 296): fresh code, shown once, hash only, revoked at once. */

const t = useSharedTestApp();

async function withVerifiedDomain(owner: Caller): Promise<string> {
  const domain = `tokens-${randomBytes(4).toString('hex')}.test`;
  const [connection] = await t.app.db.insert(ssoConnections).values({ organizationId: owner.homeOrganizationId, name: 'Directory', issuer: 'https://idp.example', clientId: 'c', clientSecretEnc: 's' }).returning({ id: ssoConnections.id });
  await t.app.db.insert(ssoDomains).values({ connectionId: connection!.id, organizationId: owner.homeOrganizationId, domain, verificationToken: 'v', verifiedAt: t.clock.now(), verifiedBy: 'dns' });
  return domain;
}

const tokensUrl = (organizationId: string) => `/api/organizations/${organizationId}/scim/tokens`;

describe('SCIM tokens', () => {
  test('an owner creates one with a fresh code once a domain is verified; the secret is answered once and only its hash kept', async () => {
    const owner = await createCaller(t);
    const url = tokensUrl(owner.homeOrganizationId);
    const early = await call(t, owner.cookie, 'POST', url, { name: 'Okta' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: SCIM_MESSAGES.needsVerifiedDomain });
    const domain = await withVerifiedDomain(owner);

    const settings = (await call(t, owner.cookie, 'GET', url)).json<ScimSettings>();
    expect(settings).toEqual({ baseUrl: `${new URL(t.env.APP_URL).origin}/scim/v2`, verifiedDomains: [domain], tokens: [] });
    const created = await call(t, owner.cookie, 'POST', url, { name: 'Okta' });
    expect(created.statusCode).toBe(201);
    const { token, secret } = created.json<CreatedScimToken>();
    expect(secret.startsWith(SCIM_TOKEN_PREFIX)).toBe(true);
    expect(token).toMatchObject({ name: 'Okta', prefix: secret.slice(0, SCIM_TOKEN_PREFIX.length + 4), createdByEmail: owner.email, lastUsedAt: null, revokedAt: null });
    const [row] = await t.app.db.select().from(scimTokens).where(eq(scimTokens.id, token.id));
    expect(row?.tokenHash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = await call(t, owner.cookie, 'GET', url);
    expect(listed.body).not.toContain(secret);
    expect(t.logs.join('\n')).not.toContain(secret);

    t.clock.advance(STEP_UP_WINDOW_MS + 1_000);
    expect((await call(t, owner.cookie, 'POST', url, { name: 'Later' })).json()).toMatchObject({ code: 'step_up_required' });
  });

  test(`at most ${MAX_ACTIVE_SCIM_TOKENS} active; revoking is audited and refuses the token at once`, async () => {
    const owner = await createCaller(t);
    await withVerifiedDomain(owner);
    const url = tokensUrl(owner.homeOrganizationId);
    const first = (await call(t, owner.cookie, 'POST', url, { name: 'Entra ID' })).json<CreatedScimToken>();
    expect((await call(t, owner.cookie, 'POST', url, { name: 'Entra ID (new)' })).statusCode).toBe(201);
    expect((await call(t, owner.cookie, 'POST', url, { name: 'Third' })).json()).toMatchObject({ message: SCIM_MESSAGES.tooMany });
    const scim = () => t.app.inject({ method: 'GET', url: '/scim/v2/Users', headers: { authorization: `Bearer ${first.secret}` } });
    expect((await scim()).statusCode).toBe(200);
    const revoked = await call(t, owner.cookie, 'DELETE', `${url}/${first.token.id}`);
    expect(revoked.statusCode).toBe(200);
    expect((await scim()).statusCode).toBe(401);
    const actions = (await t.app.db.select().from(auditLog).where(eq(auditLog.actorUserId, owner.userId))).map((entry) => entry.action);
    expect(actions.filter((action) => action.startsWith('scim.')).sort()).toEqual(['scim.token_created', 'scim.token_created', 'scim.token_revoked']);
  });

  test('members and strangers get 404', async () => {
    const owner = await createCaller(t);
    await withVerifiedDomain(owner);
    const member = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'member' });
    const stranger = await createCaller(t);
    for (const caller of [member, stranger]) {
      expect((await call(t, caller.cookie, 'GET', tokensUrl(owner.homeOrganizationId))).statusCode).toBe(404);
      expect((await call(t, caller.cookie, 'POST', tokensUrl(owner.homeOrganizationId), { name: 'x' })).statusCode).toBe(404);
    }
  });
});
