import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIFT_SSO_REASON_MAX_LENGTH, type AdminOrganizationDetail } from '@/contracts/admin.ts';
import { SSO_REQUIRED_MESSAGE } from '@/contracts/sso.ts';
import { auditLog, emailOutbox, ssoConnections, ssoDomains, users } from '../../db/schema.ts';
import { createUser, enrolTotp, freshIps, logIn, outboxFor, post, totpAt } from '../../test/helpers.ts';
import { addMembership, createCaller, send, verifiedAgo, type Caller } from '../../test/organization-members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Support lifts "SSO required" for an organisation locked out of its identity provider (ADR 227). */

let t: TestApp;
let superAdmin: Caller;
const freshIp = freshIps('10.74');
const CLIENT_SECRET_ENC = 'sealed-client-secret-must-never-reach-a-mail';

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await createCaller(t, { role: 'super_admin' });
});
afterAll(async () => {
  await t.close();
});

interface LockedOrganization {
  organizationId: string;
  connectionId: string;
  owner: { email: string; password: string; totpSecret: string };
  memberEmail: string;
}

/**
 * An organisation whose owner has a password and TOTP, then turned "SSO required" on for its
 * verified domain: the state of a customer whose provider connection broke.
 */
async function lockedOrganization(options: { required?: boolean } = {}): Promise<LockedOrganization> {
  const domain = `locked-${randomBytes(4).toString('hex')}.test`;
  const owner = await createUser(t, { email: `owner@${domain}` });
  const [row] = await t.app.db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, owner.userId));
  const organizationId = row!.organizationId;
  const { cookie } = await logIn(t, owner.email, owner.password, { ip: freshIp() });
  const { secret } = await enrolTotp(t, cookie!);
  const member = await createUser(t, { email: `member@${domain}` });
  await addMembership(t, member.userId, organizationId, 'member');
  const connectionId = randomUUID();
  await t.app.db.insert(ssoConnections).values({ id: connectionId, organizationId, name: 'Company directory', issuer: 'https://idp.example.test', clientId: 'cifer-client', clientSecretEnc: CLIENT_SECRET_ENC, required: options.required ?? true });
  await t.app.db.insert(ssoDomains).values({ connectionId, organizationId, domain, verificationToken: 'token', verifiedAt: t.clock.now(), verifiedBy: 'admin' });
  return { organizationId, connectionId, owner: { email: owner.email, password: owner.password, totpSecret: secret }, memberEmail: member.email };
}

const liftUrl = (organizationId: string) => `/api/admin/organizations/${organizationId}/sso/lift-requirement`;

/** The call with a just-confirmed second factor (the step-up has its own test). */
async function lift(cookie: string, organizationId: string, body: unknown = { reason: 'Client secret expired; ticket 4711' }) {
  await verifiedAgo(t, cookie, 0);
  return send(t, 'POST', liftUrl(organizationId), cookie, body);
}

/** The lift notices sent to this address (the owner also got the two-factor notice of their enrolment). */
async function liftNoticesTo(email: string) {
  return (await outboxFor(t, email)).filter((mail) => mail.subject.startsWith('Single sign-on is no longer required'));
}

async function isRequired(connectionId: string): Promise<boolean> {
  const [row] = await t.app.db.select({ required: ssoConnections.required }).from(ssoConnections).where(eq(ssoConnections.id, connectionId));
  return row!.required;
}

async function liftAudits(organizationId: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'admin.sso_requirement_lifted'), eq(auditLog.organizationId, organizationId)));
}

/** Password, then the authenticator code: true when the session reaches a `user` route. */
async function signInWithPasswordAndTotp(owner: LockedOrganization['owner']): Promise<{ status: number; reachesApp: boolean }> {
  const { response, cookie } = await logIn(t, owner.email, owner.password, { ip: freshIp() });
  if (!cookie) return { status: response.statusCode, reachesApp: false };
  t.clock.advance(30_000);
  const verified = await post(t, '/api/mfa/verify', { type: 'totp', code: totpAt(owner.totpSecret, t.clock.now()) }, { cookie });
  const verifiedCookie = verified.cookies.length > 0 ? `${t.app.sessionCookieName}=${verified.cookies[0]!.value}` : cookie;
  const app = await send(t, 'GET', '/api/assessments', verifiedCookie);
  return { status: response.statusCode, reachesApp: app.statusCode === 200 };
}

describe('lifting "SSO required"', () => {
  test('a required-domain owner is refused before the lift and signs in with password and TOTP after it', async () => {
    const locked = await lockedOrganization();
    const before = await logIn(t, locked.owner.email, locked.owner.password, { ip: freshIp() });
    expect(before.response.statusCode).toBe(403);
    expect(before.response.json<{ message: string }>().message).toBe(SSO_REQUIRED_MESSAGE);

    const answer = await lift(superAdmin.cookie, locked.organizationId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ message: string }>().message).toMatch(/no longer required/);
    expect(await isRequired(locked.connectionId)).toBe(false);

    expect(await signInWithPasswordAndTotp(locked.owner)).toEqual({ status: 200, reachesApp: true });
  });

  test('it is audited with who, which organisation and why', async () => {
    const locked = await lockedOrganization();
    expect((await lift(superAdmin.cookie, locked.organizationId, { reason: '  Provider secret expired  ' })).statusCode).toBe(200);
    const [entry, ...others] = await liftAudits(locked.organizationId);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actorUserId: superAdmin.userId,
      organizationId: locked.organizationId,
      details: expect.objectContaining({
        reason: 'Provider secret expired',
        connections: [{ id: locked.connectionId, name: 'Company directory' }],
        before: { required: true },
        after: { required: false },
        ownersTold: 1,
      }),
    });
  });

  test('the owners are told by e-mail, members are not, and no secret is in it', async () => {
    const locked = await lockedOrganization();
    expect((await lift(superAdmin.cookie, locked.organizationId, { reason: 'Ticket 4711' })).statusCode).toBe(200);
    const [mail, ...more] = await liftNoticesTo(locked.owner.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^Single sign-on is no longer required for /);
    expect(mail!.text).toContain('Reason given by support: Ticket 4711');
    expect(mail!.text).not.toContain(CLIENT_SECRET_ENC);
    expect(mail!.text).not.toContain('cifer-client');
    expect(await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, locked.memberEmail))).toEqual([]);
  });

  test('only that organisation: another required organisation stays required', async () => {
    const target = await lockedOrganization();
    const bystander = await lockedOrganization();
    expect((await lift(superAdmin.cookie, target.organizationId)).statusCode).toBe(200);
    expect(await isRequired(bystander.connectionId)).toBe(true);
    expect((await logIn(t, bystander.owner.email, bystander.owner.password, { ip: freshIp() })).response.statusCode).toBe(403);
  });

  test('the organisation detail shows the state support acts on', async () => {
    const locked = await lockedOrganization();
    const detail = async () => (await send(t, 'GET', `/api/admin/organizations/${locked.organizationId}`, superAdmin.cookie)).json<AdminOrganizationDetail>().sso;
    expect(await detail()).toBe('required');
    await lift(superAdmin.cookie, locked.organizationId);
    expect(await detail()).toBe('optional');
    const withoutSso = await createCaller(t);
    expect((await send(t, 'GET', `/api/admin/organizations/${withoutSso.homeOrganizationId}`, superAdmin.cookie)).json<AdminOrganizationDetail>().sso).toBe('none');
  });
});

describe('who may lift it', () => {
  test('an admin who is not a super admin and a plain user are refused; nothing changes, no mail', async () => {
    const locked = await lockedOrganization();
    const admin = await createCaller(t, { role: 'admin' });
    const user = await createCaller(t);
    expect((await lift(admin.cookie, locked.organizationId)).statusCode).toBe(403);
    expect((await lift(user.cookie, locked.organizationId)).statusCode).toBe(403);
    expect((await send(t, 'POST', liftUrl(locked.organizationId), null, { reason: 'x' })).statusCode).toBe(401);
    expect(await isRequired(locked.connectionId)).toBe(true);
    expect(await liftAudits(locked.organizationId)).toEqual([]);
    expect(await liftNoticesTo(locked.owner.email)).toEqual([]);
  });

  test('a super admin whose last code is older than the step-up window confirms with a fresh one first', async () => {
    const locked = await lockedOrganization();
    await verifiedAgo(t, superAdmin.cookie, 6 * 60_000);
    const stale = await send(t, 'POST', liftUrl(locked.organizationId), superAdmin.cookie, { reason: 'Ticket 4711' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'step_up_required' });
    expect(await isRequired(locked.connectionId)).toBe(true);
    expect(await liftNoticesTo(locked.owner.email)).toEqual([]);
  });
});

describe('what it refuses', () => {
  test('404 for an unknown organisation and for one without single sign-on', async () => {
    const unknown = await lift(superAdmin.cookie, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found', message: 'Organisation not found' });
    const withoutSso = await createCaller(t);
    const none = await lift(superAdmin.cookie, withoutSso.homeOrganizationId);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'not_found', message: 'This organisation has no single sign-on connection' });
  });

  test('409 when single sign-on is not required, lifted already or never turned on', async () => {
    const locked = await lockedOrganization();
    expect((await lift(superAdmin.cookie, locked.organizationId)).statusCode).toBe(200);
    const again = await lift(superAdmin.cookie, locked.organizationId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict' });
    const optional = await lockedOrganization({ required: false });
    expect((await lift(superAdmin.cookie, optional.organizationId)).statusCode).toBe(409);
    expect(await liftAudits(optional.organizationId)).toEqual([]);
  });

  test('400 without a reason, with a blank or too long one, an unknown field or a malformed id', async () => {
    const locked = await lockedOrganization();
    const bodies = [{}, { reason: '   ' }, { reason: 'x'.repeat(LIFT_SSO_REASON_MAX_LENGTH + 1) }, { reason: 'ok', required: false }, { reason: 42 }];
    for (const body of bodies) {
      const answer = await lift(superAdmin.cookie, locked.organizationId, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json(), JSON.stringify(body)).toMatchObject({ code: 'bad_request' });
    }
    expect((await lift(superAdmin.cookie, 'not-a-uuid')).statusCode).toBe(400);
    expect((await lift(superAdmin.cookie, locked.organizationId, { reason: 'x'.repeat(LIFT_SSO_REASON_MAX_LENGTH) })).statusCode).toBe(200);
  });
});
