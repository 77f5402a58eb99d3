import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SSO_CALLBACK_PATH, type PendingSsoDomain, type SsoConnection, type SsoConnectionList, type SsoDomain } from '@/contracts/sso.ts';
import { auditLog, ssoConnections, ssoDomains } from '../../db/schema.ts';
import { STEP_UP_WINDOW_MS } from '../../sessions/step-up.ts';
import { decryptSecret } from '../../lib/secret-crypto.ts';
import type { OidcTestProvider } from '../../test/oidc-provider.ts';
import { createCaller, send, verifiedAgo } from '../../test/organization-members.ts';
import { BUILDS_AN_APP } from '../../test/test-app-hooks.ts';
import { CLIENT_SECRET, connectionInput, createConnection, createSsoTestApp, startProviderFor, verifyAllDomains, type SsoTestApp } from './test-support.ts';

/** The owner's SSO settings, domain proofs and CIFER support's approvals (ADR 225). */

let t: SsoTestApp;
let provider: OidcTestProvider;
const responses: string[] = [];

beforeAll(async () => {
  t = await createSsoTestApp();
  provider = await startProviderFor(t, { anyone: { email: 'anyone@example.test', emailVerified: true } });
}, BUILDS_AN_APP.timeout);

afterAll(async () => {
  await provider.close();
  await t.close();
});

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) {
  const response = await send(t, method, url, cookie, payload);
  responses.push(response.body);
  return response;
}

const ssoUrl = (organizationId: string, rest = '') => `/api/organizations/${organizationId}/sso${rest}`;

describe('an owner manages connections', () => {
  test('create: the provider is checked, the secret sealed and never shown, each domain gets its TXT record; the list names the redirect URI', async () => {
    const owner = await createCaller(t);
    const created = await call('POST', ssoUrl(owner.homeOrganizationId), owner.cookie, connectionInput(provider.issuer, ['Example.test', '@other.test'], { defaultRole: 'viewer' }));
    expect(created.statusCode).toBe(201);
    const connection = created.json<SsoConnection>();
    expect(connection).toMatchObject({ organizationId: owner.homeOrganizationId, issuer: provider.issuer, defaultRole: 'viewer', required: false });
    expect(connection).not.toHaveProperty('clientSecret');
    expect(connection.domains.map((domain) => domain.domain).sort()).toEqual(['example.test', 'other.test']);
    for (const domain of connection.domains) {
      expect(domain).toMatchObject({ verified: false, verifiedBy: null, txtRecordName: `_cifer-verification.${domain.domain}` });
      expect(domain.txtRecordValue).toMatch(/^cifer-verification=[0-9a-f]{32}$/);
    }

    const [stored] = await t.app.db.select().from(ssoConnections).where(eq(ssoConnections.id, connection.id));
    expect(stored?.clientSecretEnc).not.toContain(CLIENT_SECRET);
    expect(decryptSecret(t.env.ENCRYPTION_KEY, stored!.clientSecretEnc, `sso-connection:${connection.id}`)).toBe(CLIENT_SECRET);
    // Sealed for this row: it does not open as another connection's.
    expect(() => decryptSecret(t.env.ENCRYPTION_KEY, stored!.clientSecretEnc, 'sso-connection:another')).toThrow();

    const list = await call('GET', ssoUrl(owner.homeOrganizationId), owner.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json<SsoConnectionList>()).toMatchObject({ redirectUri: `${t.env.APP_URL}${SSO_CALLBACK_PATH}`, connections: [{ id: connection.id }] });
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'sso.connection_created'));
    expect(audit?.organizationId).toBe(owner.homeOrganizationId);
  });

  test('a wrong or unreachable issuer is a clear 400 at save, and plain http is refused for a non-loopback host', async () => {
    const owner = await createCaller(t);
    const unreachable = await call('POST', ssoUrl(owner.homeOrganizationId), owner.cookie, connectionInput('http://127.0.0.1:9', ['x.test']));
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json<{ message: string }>().message).toContain('CIFER could not reach http://127.0.0.1:9');
    const wrongPath = await call('POST', ssoUrl(owner.homeOrganizationId), owner.cookie, connectionInput(`${provider.issuer}/not-the-issuer`, ['x.test']));
    expect(wrongPath.statusCode).toBe(400);
    expect(wrongPath.json<{ message: string }>().message).toContain('did not answer with an OpenID Connect discovery document');
    const plainHttp = await call('POST', ssoUrl(owner.homeOrganizationId), owner.cookie, connectionInput('http://idp.example.com', ['x.test']));
    expect(plainHttp.statusCode).toBe(400);
    expect(plainHttp.json<{ message: string }>().message).toContain('must start with https://');
    expect(await t.app.db.select().from(ssoConnections).where(eq(ssoConnections.organizationId, owner.homeOrganizationId))).toHaveLength(0);
  });

  test('update: a new domain list replaces the old, kept domains keep their verification; a new secret replaces the stored one; delete removes it', async () => {
    const owner = await createCaller(t);
    const connection = await createConnection(t, owner, connectionInput(provider.issuer, ['keep.test', 'drop.test']));
    await verifyAllDomains(t, owner, { ...connection, domains: connection.domains.filter((domain) => domain.domain === 'keep.test') });

    const updated = await call('PATCH', ssoUrl(owner.homeOrganizationId, `/${connection.id}`), owner.cookie, { name: 'Renamed', domains: ['keep.test', 'new.test'], clientSecret: 'rotated-secret-value', required: true });
    expect(updated.statusCode).toBe(200);
    const body = updated.json<SsoConnection>();
    expect(body).toMatchObject({ name: 'Renamed', required: true });
    expect(body.domains.map((domain) => [domain.domain, domain.verified])).toEqual([
      ['keep.test', true],
      ['new.test', false],
    ]);
    const [stored] = await t.app.db.select().from(ssoConnections).where(eq(ssoConnections.id, connection.id));
    expect(decryptSecret(t.env.ENCRYPTION_KEY, stored!.clientSecretEnc, `sso-connection:${connection.id}`)).toBe('rotated-secret-value');

    const deleted = await call('DELETE', ssoUrl(owner.homeOrganizationId, `/${connection.id}`), owner.cookie);
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.db.select().from(ssoConnections).where(eq(ssoConnections.id, connection.id))).toHaveLength(0);
    const actions = (await t.app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.organizationId, owner.homeOrganizationId))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['sso.connection_created', 'sso.domain_verified', 'sso.connection_updated', 'sso.connection_deleted']));
  });
});

describe('who may see and change them', () => {
  test('a member who is not an owner gets 404 on every SSO route of the organisation', async () => {
    const owner = await createCaller(t);
    const connection = await createConnection(t, owner, connectionInput(provider.issuer, ['member-check.test']));
    const member = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'member' });
    const domainId = connection.domains[0]!.id;
    const attempts = [
      await call('GET', ssoUrl(owner.homeOrganizationId), member.cookie),
      await call('POST', ssoUrl(owner.homeOrganizationId), member.cookie, connectionInput(provider.issuer, ['sneaky.test'])),
      await call('PATCH', ssoUrl(owner.homeOrganizationId, `/${connection.id}`), member.cookie, { required: true }),
      await call('DELETE', ssoUrl(owner.homeOrganizationId, `/${connection.id}`), member.cookie),
      await call('POST', ssoUrl(owner.homeOrganizationId, `/${connection.id}/domains/${domainId}/verify`), member.cookie),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const [stored] = await t.app.db.select().from(ssoConnections).where(eq(ssoConnections.id, connection.id));
    expect(stored?.required).toBe(false);
  });

  test("the owner of organisation B can neither read nor change A's connections (404), through A's path or B's", async () => {
    const ownerA = await createCaller(t);
    const ownerB = await createCaller(t);
    const connectionA = await createConnection(t, ownerA, connectionInput(provider.issuer, ['a-owned.test']));
    const domainId = connectionA.domains[0]!.id;
    const attempts = [
      await call('GET', ssoUrl(ownerA.homeOrganizationId), ownerB.cookie),
      await call('PATCH', ssoUrl(ownerA.homeOrganizationId, `/${connectionA.id}`), ownerB.cookie, { name: 'Taken over' }),
      await call('PATCH', ssoUrl(ownerB.homeOrganizationId, `/${connectionA.id}`), ownerB.cookie, { name: 'Taken over' }),
      await call('DELETE', ssoUrl(ownerB.homeOrganizationId, `/${connectionA.id}`), ownerB.cookie),
      await call('POST', ssoUrl(ownerB.homeOrganizationId, `/${connectionA.id}/domains/${domainId}/verify`), ownerB.cookie),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const list = await call('GET', ssoUrl(ownerB.homeOrganizationId), ownerB.cookie);
    expect(list.json<SsoConnectionList>().connections).toEqual([]);
    const [stored] = await t.app.db.select().from(ssoConnections).where(eq(ssoConnections.id, connectionA.id));
    expect(stored?.name).toBe('Company directory');
  });
});

describe('domain verification', () => {
  test('DNS: the right TXT record verifies the domain; a missing or wrong one is a 400 naming exactly what to publish', async () => {
    const owner = await createCaller(t);
    const connection = await createConnection(t, owner, connectionInput(provider.issuer, ['dns-proof.test']));
    const domain = connection.domains[0]!;
    const verifyUrl = ssoUrl(owner.homeOrganizationId, `/${connection.id}/domains/${domain.id}/verify`);

    const missing = await call('POST', verifyUrl, owner.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain(`No TXT record was found at _cifer-verification.dns-proof.test`);
    expect(missing.json<{ message: string }>().message).toContain(`Publish a TXT record named _cifer-verification.dns-proof.test with the value ${domain.txtRecordValue}`);

    t.dns.publish(domain.txtRecordName, 'cifer-verification=someone-elses-token');
    const wrong = await call('POST', verifyUrl, owner.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toContain('does not hold the expected value');

    t.dns.publish(domain.txtRecordName, domain.txtRecordValue);
    const right = await call('POST', verifyUrl, owner.cookie);
    expect(right.statusCode).toBe(200);
    expect(right.json<SsoDomain>()).toMatchObject({ domain: 'dns-proof.test', verified: true, verifiedBy: 'dns' });
  });

  test('a domain verified by one organisation is refused to another: at save (409) and at verification (409)', async () => {
    const ownerA = await createCaller(t);
    const ownerB = await createCaller(t);
    // B adds it first (unverified), then A proves it.
    const connectionB = await createConnection(t, ownerB, connectionInput(provider.issuer, ['contested.test']));
    const connectionA = await createConnection(t, ownerA, connectionInput(provider.issuer, ['contested.test']));
    await verifyAllDomains(t, ownerA, connectionA);

    // Even with B's own record published, the domain stays with A.
    t.dns.publish(connectionB.domains[0]!.txtRecordName, connectionB.domains[0]!.txtRecordValue);
    const lateB = await call('POST', ssoUrl(ownerB.homeOrganizationId, `/${connectionB.id}/domains/${connectionB.domains[0]!.id}/verify`), ownerB.cookie);
    expect(lateB.statusCode).toBe(409);
    expect(lateB.json<{ message: string }>().message).toBe('contested.test is already verified by another organisation, so it cannot be added here. If your organisation owns it, contact CIFER support.');
    const newC = await createCaller(t);
    const save = await call('POST', ssoUrl(newC.homeOrganizationId), newC.cookie, connectionInput(provider.issuer, ['contested.test']));
    expect(save.statusCode).toBe(409);
    expect(save.json<{ message: string }>().message).toContain('already verified by another organisation');
  });

  test('CIFER support approves a pending domain: super_admin only (admin 403), listed while pending, 409 when another organisation holds it', async () => {
    const owner = await createCaller(t);
    const connection = await createConnection(t, owner, connectionInput(provider.issuer, ['approve-me.test', 'contested-too.test']));
    const holder = await createCaller(t);
    await verifyAllDomains(t, holder, await createConnection(t, holder, connectionInput(provider.issuer, ['contested-too.test'])));
    const admin = await createCaller(t, { role: 'admin' });
    const superAdmin = await createCaller(t, { role: 'super_admin' });
    const approveMe = connection.domains.find((domain) => domain.domain === 'approve-me.test')!;
    const contested = connection.domains.find((domain) => domain.domain === 'contested-too.test')!;

    expect((await call('GET', '/api/admin/sso-domains', admin.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/sso-domains/${approveMe.id}/approve`, admin.cookie, { reason: 'Ticket 1' })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/sso-domains', owner.cookie)).statusCode).toBe(403);

    const pending = (await call('GET', '/api/admin/sso-domains', superAdmin.cookie)).json<{ domains: PendingSsoDomain[] }>().domains;
    expect(pending.find((domain) => domain.id === approveMe.id)).toMatchObject({ organizationId: owner.homeOrganizationId, connectionName: 'Company directory', verified: false });

    const approved = await call('POST', `/api/admin/sso-domains/${approveMe.id}/approve`, superAdmin.cookie, { reason: 'Ticket 4711: owner wrote from it@approve-me.test' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<SsoDomain>()).toMatchObject({ verified: true, verifiedBy: 'admin' });
    const after = (await call('GET', '/api/admin/sso-domains', superAdmin.cookie)).json<{ domains: PendingSsoDomain[] }>().domains;
    expect(after.some((domain) => domain.id === approveMe.id)).toBe(false);

    const audits = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'sso.domain_verified'), eq(auditLog.organizationId, owner.homeOrganizationId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({ domain: 'approve-me.test', verifiedBy: 'admin', reason: 'Ticket 4711: owner wrote from it@approve-me.test' });

    const refused = await call('POST', `/api/admin/sso-domains/${contested.id}/approve`, superAdmin.cookie, { reason: 'Ticket 2' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('already verified by another organisation');
  });

  test('approval needs a reason and a fresh code of the super admin; refused, the domain stays unproven', async () => {
    const owner = await createCaller(t);
    const connection = await createConnection(t, owner, connectionInput(provider.issuer, ['fresh-code.test']));
    const superAdmin = await createCaller(t, { role: 'super_admin' });
    const approveUrl = `/api/admin/sso-domains/${connection.domains[0]!.id}/approve`;
    for (const body of [undefined, {}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', verifiedBy: 'dns' }]) {
      const invalid = await call('POST', approveUrl, superAdmin.cookie, body);
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ code: 'bad_request' });
    }
    await verifiedAgo(t, superAdmin.cookie, STEP_UP_WINDOW_MS + 1_000);
    const stale = await call('POST', approveUrl, superAdmin.cookie, { reason: 'Ticket 4712' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'step_up_required' });
    const [domain] = await t.app.db.select().from(ssoDomains).where(eq(ssoDomains.id, connection.domains[0]!.id));
    expect(domain?.verifiedAt).toBeNull();
  });
});

describe('a new client secret asks for a fresh code', () => {
  test('with a code older than the step-up window the secret is refused and kept; other changes go through', async () => {
    const owner = await createCaller(t);
    const connection = await createConnection(t, owner, connectionInput(provider.issuer, ['stale-secret.test']));
    await verifiedAgo(t, owner.cookie, STEP_UP_WINDOW_MS + 1_000);
    const url = ssoUrl(owner.homeOrganizationId, `/${connection.id}`);
    const refused = await call('PATCH', url, owner.cookie, { clientSecret: 'stolen-session-secret' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'step_up_required' });
    const [stored] = await t.app.db.select().from(ssoConnections).where(eq(ssoConnections.id, connection.id));
    expect(decryptSecret(t.env.ENCRYPTION_KEY, stored!.clientSecretEnc, `sso-connection:${connection.id}`)).toBe(CLIENT_SECRET);
    expect((await call('PATCH', url, owner.cookie, { name: 'Renamed without a code' })).statusCode).toBe(200);
    await verifiedAgo(t, owner.cookie, 0);
    expect((await call('PATCH', url, owner.cookie, { clientSecret: 'fresh-code-secret' })).statusCode).toBe(200);
  });
});

describe('the client secret', () => {
  test('never appears in an answer or in the logs', () => {
    expect(responses.length).toBeGreaterThan(20);
    for (const body of responses) {
      expect(body).not.toContain(CLIENT_SECRET);
      expect(body).not.toContain('rotated-secret-value');
      expect(body).not.toContain('fresh-code-secret');
    }
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(CLIENT_SECRET);
    expect(logs).not.toContain('rotated-secret-value');
  });
});
