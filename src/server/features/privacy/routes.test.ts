import { eq, inArray, or, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ORGANIZATION_DELETION_GRACE_MS } from '@/contracts/privacy.ts';
import { assessments, auditLog, helpRequests, memberships, organizations, passkeys, sessions, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { STEP_UP_WINDOW_MS } from '../../sessions/step-up.ts';
import { call, createVerifiedUserSession, freshCookie } from '../../test/helpers.ts';
import { addMembership, createCaller, createOrganizationRow } from '../../test/organization-members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { pseudonymFor } from './erasure-repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function createDraft(cookie: string, title: string): Promise<string> {
  const created = await call(t, cookie, 'POST', '/api/assessments', { title });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: string }>().id;
}

function auditRowsOf(userId: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(or(eq(auditLog.actorUserId, userId), eq(auditLog.targetUserId, userId)));
}

describe('the copy of one person’s data (ADR 232)', () => {
  test('a zip with account, sessions, security log, memberships, assessments, tokens and passkeys, never a secret; audited', async () => {
    const owner = await createCaller(t, { email: 'ada@northmill.example' });
    const shared = await createOrganizationRow(t, 'Northmill Clinic');
    await addMembership(t, owner.userId, shared, 'member');
    await createDraft(owner.cookie, 'Ada’s draft');
    const token = await call(t, owner.cookie, 'POST', '/api/account/tokens', { name: 'Nightly sync', scopes: ['read'] });
    expect(token.statusCode).toBe(201);
    const secret = token.json<{ secret: string }>().secret;
    await t.app.db.insert(passkeys).values({ userId: owner.userId, credentialId: 'cred-ada', publicKey: 'pk-ada', deviceType: 'multiDevice', name: 'Work laptop' });

    const response = await call(t, owner.cookie, 'GET', '/api/account/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="cifer-personal-data-${t.clock.now().toISOString().slice(0, 10)}.zip"`);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const read = (name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', 'access-requests.json', 'account.json', 'api-tokens.json', 'assessments.json', 'help-requests.json', 'memberships.json', 'passkeys.json', 'security-log.json', 'sessions.json'].sort(),
    );
    expect(read('account.json')).toMatchObject({ id: owner.userId, email: 'ada@northmill.example', firstName: 'Test', twoFactorEnabledAt: expect.any(String) });
    expect(read('memberships.json')).toEqual(expect.arrayContaining([expect.objectContaining({ organization: 'Northmill Clinic', role: 'member' })]));
    expect(read('assessments.json')).toEqual([expect.objectContaining({ title: 'Ada’s draft', status: 'draft', answers: expect.any(Object) })]);
    expect(read('api-tokens.json')).toEqual([expect.objectContaining({ name: 'Nightly sync', scopes: ['read'] })]);
    expect(read('passkeys.json')).toEqual([expect.objectContaining({ name: 'Work laptop', deviceType: 'multiDevice' })]);
    expect(read('sessions.json')).toEqual([expect.objectContaining({ createdAt: expect.any(String), lastSeenAt: expect.any(String) })]);
    expect(read('security-log.json')).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'api_token.created' })]));

    const everything = Object.values(files).map((bytes) => strFromU8(bytes)).join('\n');
    const [session] = await t.app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, owner.userId));
    for (const forbidden of ['test-only-not-a-hash', 'passwordHash', 'totpSecret', 'tokenHash', 'pk-ada', secret, secret.slice(0, 14), session!.id]) {
      expect(everything).not.toContain(forbidden);
    }
    const [exported] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'privacy.data_exported'));
    expect(exported).toMatchObject({ actorUserId: owner.userId, targetUserId: owner.userId });
  });
});

describe('deleting one’s account (ADR 233)', () => {
  test('needs a fresh second factor and the e-mail typed again', async () => {
    const { cookie, user } = await createVerifiedUserSession(t);
    expect((await call(t, cookie, 'POST', '/api/account/delete', { confirmEmail: 'someone@else.example' })).statusCode).toBe(400);
    t.clock.advance(STEP_UP_WINDOW_MS + 1_000);
    const stale = await call(t, cookie, 'POST', '/api/account/delete', { confirmEmail: user.email });
    expect(stale.statusCode).toBe(403);
    expect(stale.json<{ code: string }>().code).toBe('step_up_required');
    expect(await t.app.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  test('erases the account, its home organisation and its sessions everywhere; the security log keeps a pseudonym only', async () => {
    const person = await createCaller(t, { email: 'grace@harbor.example' });
    const bystander = await createCaller(t);
    const draft = await createDraft(person.cookie, 'Harbor draft');
    const second = await freshCookie(t, person.userId);
    await t.app.db.insert(helpRequests).values({ userId: person.userId, category: 'other', subject: 's', message: 'm', userEmail: person.email, userName: 'Grace' });
    await recordAudit(t.app.db, t.clock.now(), { action: 'login.failure', targetUserId: person.userId, ip: '203.0.113.9', details: { email: person.email, reason: 'password' } });
    await recordAudit(t.app.db, t.clock.now(), { action: 'login.success', actorUserId: bystander.userId, ip: '198.51.100.1', details: { userAgent: 'Bystander' } });
    expect((await auditRowsOf(person.userId)).length).toBeGreaterThan(0);

    const response = await call(t, person.cookie, 'POST', '/api/account/delete', { confirmEmail: 'Grace@Harbor.example' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['set-cookie']).toBeDefined();

    expect(await t.app.db.select().from(users).where(eq(users.id, person.userId))).toEqual([]);
    expect(await t.app.db.select().from(organizations).where(eq(organizations.id, person.homeOrganizationId))).toEqual([]);
    expect(await t.app.db.select().from(assessments).where(eq(assessments.id, draft))).toEqual([]);
    expect(await t.app.db.select().from(helpRequests).where(eq(helpRequests.userId, person.userId))).toEqual([]);
    for (const cookie of [person.cookie, second]) expect((await call(t, cookie, 'GET', '/api/auth/user')).statusCode).toBe(401);

    const pseudonym = pseudonymFor('user', person.userId);
    const remaining = await t.app.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.details}::text like ${`%${pseudonym}%`}`);
    expect(remaining.map((row) => row.action)).toEqual(expect.arrayContaining(['login.failure', 'account.deleted']));
    const everything = JSON.stringify(remaining);
    for (const personal of [person.userId, person.email, '203.0.113.9']) expect(everything).not.toContain(personal);
    const [untouched] = await t.app.db.select().from(auditLog).where(eq(auditLog.actorUserId, bystander.userId));
    expect(untouched).toMatchObject({ ip: '198.51.100.1', details: { userAgent: 'Bystander' } });
  });

  test('the sole owner of an organisation with other members is refused (409) until they hand it over; the organisation stays', async () => {
    const owner = await createCaller(t);
    const colleague = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'member' });
    const draft = await createDraft(owner.cookie, 'Shared draft');
    const refused = await call(t, owner.cookie, 'POST', '/api/account/delete', { confirmEmail: owner.email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('only owner');

    await t.app.db.update(memberships).set({ role: 'owner' }).where(eq(memberships.userId, colleague.userId));
    expect((await call(t, owner.cookie, 'POST', '/api/account/delete', { confirmEmail: owner.email })).statusCode).toBe(200);
    const [kept] = await t.app.db.select().from(assessments).where(eq(assessments.id, draft));
    expect(kept).toMatchObject({ organizationId: owner.homeOrganizationId, authorId: null });
    expect((await call(t, colleague.cookie, 'GET', '/api/organizations')).statusCode).toBe(200);
  });
});

describe('deleting an organisation (ADR 233)', () => {
  test('owners only (404 for a member), a fresh second factor and the name typed again', async () => {
    const owner = await createCaller(t);
    const [home] = await t.app.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, owner.homeOrganizationId));
    const member = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'member' });
    const url = `/api/organizations/${owner.homeOrganizationId}/deletion`;
    expect((await call(t, member.cookie, 'POST', url, { confirmName: home!.name })).statusCode).toBe(404);
    expect((await call(t, member.cookie, 'GET', url)).statusCode).toBe(404);
    expect((await call(t, owner.cookie, 'POST', url, { confirmName: 'Something else' })).statusCode).toBe(400);
    t.clock.advance(STEP_UP_WINDOW_MS + 1_000);
    const stale = await call(t, owner.cookie, 'POST', url, { confirmName: home!.name });
    expect(stale.json<{ code: string }>().code).toBe('step_up_required');
    expect(await call(t, owner.cookie, 'GET', url).then((r) => r.json())).toEqual({ organizationId: owner.homeOrganizationId, requestedAt: null, scheduledFor: null });
  });

  test('pending: members lose it at once, the owner restores it, and after the grace period the sweep erases it', async () => {
    const organizationId = await createOrganizationRow(t, 'Riverside Dental');
    const owner = await createCaller(t, { organizationId, organizationRole: 'owner' });
    const member = await createCaller(t, { organizationId, organizationRole: 'member' });
    // An account whose home is this organisation: it must survive the purge with a new home.
    const resident = await createVerifiedUserSession(t, { organizationId });
    await addMembership(t, resident.user.id, organizationId, 'viewer');
    const draft = await createDraft(owner.cookie, 'Riverside draft');
    const url = `/api/organizations/${organizationId}/deletion`;
    const token = (await call(t, owner.cookie, 'POST', `/api/organizations/${organizationId}/tokens`, { name: 'Warehouse', scopes: ['read'] })).json<{ secret: string }>().secret;
    const withToken = () => t.app.inject({ method: 'GET', url: '/api/v1/assessments', headers: { authorization: `Bearer ${token}` } });
    expect((await withToken()).statusCode).toBe(200);

    const requested = await call(t, owner.cookie, 'POST', url, { confirmName: 'Riverside Dental' });
    expect(requested.statusCode, requested.body).toBe(200);
    const scheduledFor = new Date(requested.json<{ scheduledFor: string }>().scheduledFor);
    expect(scheduledFor.getTime()).toBe(t.clock.now().getTime() + ORGANIZATION_DELETION_GRACE_MS);
    // The member's session falls back to their home organisation and no longer lists it.
    const memberView = await call(t, member.cookie, 'GET', '/api/organizations');
    expect(memberView.json<{ currentOrganizationId: string }>().currentOrganizationId).toBe(member.homeOrganizationId);
    expect(memberView.json<{ organizations: { id: string }[] }>().organizations.map((o) => o.id)).not.toContain(organizationId);
    expect((await call(t, owner.cookie, 'GET', '/api/organizations')).json<{ currentOrganizationId: string }>().currentOrganizationId).toBe(organizationId);
    expect((await withToken()).statusCode).toBe(401);

    const restored = await call(t, owner.cookie, 'DELETE', url);
    expect(restored.json()).toEqual({ organizationId, requestedAt: null, scheduledFor: null });
    expect((await call(t, member.cookie, 'POST', '/api/organizations/current', { organizationId })).statusCode).toBe(200);
    expect((await call(t, member.cookie, 'GET', '/api/organizations')).json<{ currentOrganizationId: string }>().currentOrganizationId).toBe(organizationId);

    expect((await call(t, owner.cookie, 'POST', url, { confirmName: 'Riverside Dental' })).statusCode).toBe(200);
    t.clock.advance(ORGANIZATION_DELETION_GRACE_MS - 60_000);
    await t.app.jobs.runDue();
    expect(await t.app.db.select().from(organizations).where(eq(organizations.id, organizationId))).toHaveLength(1);

    t.clock.advance(2 * 60 * 60_000);
    await t.app.jobs.runDue();
    expect(await t.app.db.select().from(organizations).where(eq(organizations.id, organizationId))).toEqual([]);
    expect(await t.app.db.select().from(assessments).where(eq(assessments.id, draft))).toEqual([]);
    expect(await t.app.db.select().from(memberships).where(eq(memberships.organizationId, organizationId))).toEqual([]);
    const [moved] = await t.app.db.select().from(users).where(eq(users.id, resident.user.id));
    expect(moved?.organizationId).not.toBe(organizationId);
    expect(await t.app.db.select().from(memberships).where(eq(memberships.userId, resident.user.id))).toEqual([expect.objectContaining({ organizationId: moved?.organizationId, role: 'owner' })]);
    const pseudonymised = await t.app.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['organization.deletion_requested', 'organization.deletion_cancelled', 'organization.purged']));
    expect(pseudonymised.length).toBeGreaterThanOrEqual(4);
    for (const row of pseudonymised) expect(row).toMatchObject({ organizationId: null, ip: null, details: { organization: pseudonymFor('organization', organizationId) } });
    expect(await freshCookie(t, owner.userId).then((cookie) => call(t, cookie, 'GET', '/api/organizations')).then((r) => r.statusCode)).toBe(200);
  });
});
