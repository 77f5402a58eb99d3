import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUTH_MESSAGES } from '@/contracts/auth.ts';
import { SSO_REQUIRED_MESSAGE, type SsoConnection } from '@/contracts/sso.ts';
import { auditLog } from '../../db/schema.ts';
import { createUser, extractResetToken, freshIps, logIn, outboxFor, post } from '../../test/helpers.ts';
import type { OidcTestProvider } from '../../test/oidc-provider.ts';
import { createCaller, send, type Caller } from '../../test/organization-members.ts';
import { BUILDS_AN_APP } from '../../test/test-app-hooks.ts';
import { connectionInput, createConnection, createSsoTestApp, startProviderFor, verifyAllDomains, type SsoTestApp } from './test-support.ts';

/** SSO required (ADR 227): no password log-in or reset for the people of its verified domains; super_admin break-glass. */

let t: SsoTestApp;
let provider: OidcTestProvider;
let owner: Caller;
let connection: SsoConnection;
const freshIp = freshIps('10.73');

async function setRequired(required: boolean) {
  const response = await send(t, 'PATCH', `/api/organizations/${owner.homeOrganizationId}/sso/${connection.id}`, owner.cookie, { required });
  expect(response.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createSsoTestApp();
  provider = await startProviderFor(t, { anyone: { email: 'anyone@required.test', emailVerified: true } });
  owner = await createCaller(t);
  connection = await createConnection(t, owner, connectionInput(provider.issuer, ['required.test', 'unproven.test'], { required: true }));
  await verifyAllDomains(t, owner, { ...connection, domains: connection.domains.filter((domain) => domain.domain === 'required.test') });
}, BUILDS_AN_APP.timeout);

afterAll(async () => {
  await provider.close();
  await t.close();
});

async function auditActions(userId: string): Promise<string[]> {
  return (await t.app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetUserId, userId))).map((row) => row.action);
}

describe('password log-in', () => {
  test('refused with the SSO message after a correct password; a wrong password still gets the usual answer', async () => {
    const user = await createUser(t, { email: 'bob@required.test' });
    const right = await logIn(t, user.email, user.password, { ip: freshIp() });
    expect(right.response.statusCode).toBe(403);
    expect(right.response.json<{ message: string }>().message).toBe(SSO_REQUIRED_MESSAGE);
    expect(right.cookie).toBeNull();
    const wrong = await logIn(t, user.email, 'Not-The-Password-123456', { ip: freshIp() });
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.response.json<{ message: string }>().message).toBe('Invalid email or password');
    const refusals = await t.app.db.select({ details: auditLog.details }).from(auditLog).where(and(eq(auditLog.action, 'login.failure'), eq(auditLog.targetUserId, user.userId)));
    expect(refusals.map((row) => (row.details as { reason?: string }).reason)).toEqual(expect.arrayContaining(['sso_required', 'password']));
  });

  test('a super_admin of that domain still logs in with a password (break-glass), audited', async () => {
    const admin = await createUser(t, { email: 'root@required.test', role: 'super_admin' });
    const answer = await logIn(t, admin.email, admin.password, { ip: freshIp() });
    expect(answer.response.statusCode).toBe(200);
    expect(answer.cookie).not.toBeNull();
    expect(await auditActions(admin.userId)).toEqual(expect.arrayContaining(['login.break_glass', 'login.success']));
  });

  test('an unverified domain requires nothing, and nor does a connection that is not required', async () => {
    const unproven = await createUser(t, { email: 'una@unproven.test' });
    expect((await logIn(t, unproven.email, unproven.password, { ip: freshIp() })).response.statusCode).toBe(200);
    const later = await createUser(t, { email: 'later@required.test' });
    await setRequired(false);
    try {
      expect((await logIn(t, later.email, later.password, { ip: freshIp() })).response.statusCode).toBe(200);
    } finally {
      await setRequired(true);
    }
    expect((await logIn(t, later.email, later.password, { ip: freshIp() })).response.statusCode).toBe(403);
  });
});

describe('password reset', () => {
  test('a request gets the same public answer but no link; a link mailed before SSO became required no longer sets a password', async () => {
    const user = await createUser(t, { email: 'carol@required.test' });
    const refused = await post(t, '/api/request-password-reset', { email: user.email }, { ip: freshIp() });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetSuccess });
    expect(await outboxFor(t, user.email)).toHaveLength(0);
    expect(await auditActions(user.userId)).toContain('password.reset_refused_sso');

    await setRequired(false);
    try {
      await post(t, '/api/request-password-reset', { email: user.email }, { ip: freshIp() });
    } finally {
      await setRequired(true);
    }
    const [mail] = await outboxFor(t, user.email);
    const finish = await post(t, '/api/reset-password', { token: extractResetToken(mail!.text), password: 'Brand-New-Password-Lantern-91' }, { ip: freshIp() });
    expect(finish.statusCode).toBe(403);
    expect(finish.json<{ message: string }>().message).toBe(SSO_REQUIRED_MESSAGE);
    // The old password is unchanged (and itself refused for SSO, not as wrong).
    expect((await logIn(t, user.email, user.password, { ip: freshIp() })).response.json<{ message: string }>().message).toBe(SSO_REQUIRED_MESSAGE);
  });
});
