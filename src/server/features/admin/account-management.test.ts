import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdminAuditPage, AdminUserDetail, AdminUserList } from '@/contracts/admin.ts';
import { auditLog, emailOutbox, passkeys, sessions, userMfa, users } from '../../db/schema.ts';
import { setUserRole } from '../../sessions/revocation.ts';
import { createCaller, send, verifiedAgo } from '../../test/organization-members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('account actions', () => {
  test('disabling a user ends their open session at once; enabling lets them back; both audited with before and after', async () => {
    const superAdmin = await createCaller(t, { role: 'super_admin' });
    const user = await createCaller(t);
    expect((await send(t, 'GET', '/api/assessments', user.cookie)).statusCode).toBe(200);
    const disabled = await send(t, 'POST', `/api/admin/users/${user.userId}/disable`, superAdmin.cookie, {});
    expect(disabled.statusCode).toBe(200);
    expect((await send(t, 'GET', '/api/assessments', user.cookie)).statusCode).toBe(401);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toHaveLength(0);
    expect((await send(t, 'POST', `/api/admin/users/${user.userId}/disable`, superAdmin.cookie, {})).statusCode).toBe(409);
    expect((await send(t, 'POST', `/api/admin/users/${user.userId}/enable`, superAdmin.cookie, {})).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.status).toBe('active');
    const events = await t.app.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.userId));
    expect(events.find((e) => e.action === 'admin.user_disabled')).toMatchObject({
      actorUserId: superAdmin.userId,
      details: expect.objectContaining({ before: { status: 'active' }, after: { status: 'disabled' } }),
    });
    expect(events.some((e) => e.action === 'admin.user_enabled')).toBe(true);
  });

  test('resetting two-factor needs the admin’s own fresh code; the user must enrol again and is e-mailed', async () => {
    const admin = await createCaller(t, { role: 'admin' });
    const user = await createCaller(t);
    await verifiedAgo(t, admin.cookie, 6 * 60_000);
    const stale = await send(t, 'POST', `/api/admin/users/${user.userId}/reset-mfa`, admin.cookie, {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'step_up_required' });
    await verifiedAgo(t, admin.cookie, 0);
    await t.app.db.insert(passkeys).values({ userId: user.userId, credentialId: `lost-device-${user.userId}`, publicKey: 'key', deviceType: 'multiDevice', name: 'Lost phone' });
    expect((await send(t, 'POST', `/api/admin/users/${user.userId}/reset-mfa`, admin.cookie, {})).statusCode).toBe(200);
    // The lost device's passkey goes with the authenticator (ADR 226).
    expect(await t.app.db.select().from(passkeys).where(eq(passkeys.userId, user.userId))).toEqual([]);
    const [mfa] = await t.app.db.select().from(userMfa).where(eq(userMfa.userId, user.userId));
    expect(mfa!.totpEnabledAt).toBeNull();
    expect(mfa!.totpSecretEnc).toBeNull();
    expect((await send(t, 'GET', '/api/assessments', user.cookie)).statusCode).toBe(401);
    const mail = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(mail.map((m) => m.subject)).toContain('Your CIFER two-factor authentication was reset');
  });

  test('revoking sessions ends them all; unlocking clears the two-factor and password locks', async () => {
    const admin = await createCaller(t, { role: 'admin' });
    const user = await createCaller(t);
    const revoke = await send(t, 'POST', `/api/admin/users/${user.userId}/revoke-sessions`, admin.cookie, {});
    expect(revoke.json()).toEqual({ message: '1 session ended' });
    expect((await send(t, 'GET', '/api/assessments', user.cookie)).statusCode).toBe(401);
    await t.app.db.update(userMfa).set({ hardLocked: true, lockedUntil: t.clock.now(), consecutiveFailures: 20 }).where(eq(userMfa.userId, user.userId));
    await t.app.db.update(users).set({ failedLoginCount: 100, lockedUntil: t.clock.now() }).where(eq(users.id, user.userId));
    const before = (await send(t, 'GET', `/api/admin/users/${user.userId}`, admin.cookie)).json<AdminUserDetail>();
    expect(before).toMatchObject({ mfaLocked: true, passwordLocked: true });
    expect((await send(t, 'POST', `/api/admin/users/${user.userId}/unlock`, admin.cookie, {})).statusCode).toBe(200);
    const after = (await send(t, 'GET', `/api/admin/users/${user.userId}`, admin.cookie)).json<AdminUserDetail>();
    expect(after).toMatchObject({ mfaLocked: false, passwordLocked: false, failedLoginCount: 0 });
  });
});

describe('role rules', () => {
  test('an admin cannot grant admin, nor act on an administrator; a super admin can; nobody changes their own role', async () => {
    const admin = await createCaller(t, { role: 'admin' });
    const superAdmin = await createCaller(t, { role: 'super_admin' });
    const user = await createCaller(t);
    expect((await send(t, 'POST', `/api/admin/users/${user.userId}/role`, admin.cookie, { role: 'admin' })).statusCode).toBe(403);
    expect((await send(t, 'POST', `/api/admin/users/${superAdmin.userId}/disable`, admin.cookie, {})).statusCode).toBe(403);
    expect((await send(t, 'POST', `/api/admin/users/${superAdmin.userId}/reset-mfa`, admin.cookie, {})).statusCode).toBe(403);
    const [unchanged] = await t.app.db.select().from(users).where(eq(users.id, user.userId));
    expect(unchanged!.role).toBe('user');
    expect((await send(t, 'POST', `/api/admin/users/${user.userId}/role`, superAdmin.cookie, { role: 'admin' })).statusCode).toBe(200);
    const [granted] = await t.app.db.select().from(users).where(eq(users.id, user.userId));
    expect(granted!.role).toBe('admin');
    expect((await send(t, 'POST', `/api/admin/users/${superAdmin.userId}/role`, superAdmin.cookie, { role: 'user' })).statusCode).toBe(403);
    expect((await send(t, 'POST', `/api/admin/users/${superAdmin.userId}/disable`, superAdmin.cookie, {})).statusCode).toBe(403);
    const refused = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'admin.role_change_refused'));
    expect(refused.some((e) => e.actorUserId === admin.userId)).toBe(true);
    const changed = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'admin.role_changed'));
    expect(changed.find((e) => e.targetUserId === user.userId)?.details).toMatchObject({ before: { role: 'user' }, after: { role: 'admin' } });
  });

  test('a role change needs the super admin’s own fresh code, as a two-factor reset does', async () => {
    const superAdmin = await createCaller(t, { role: 'super_admin' });
    const user = await createCaller(t);
    await verifiedAgo(t, superAdmin.cookie, 6 * 60_000);
    const stale = await send(t, 'POST', `/api/admin/users/${user.userId}/role`, superAdmin.cookie, { role: 'admin' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'step_up_required' });
    const [unchanged] = await t.app.db.select().from(users).where(eq(users.id, user.userId));
    expect(unchanged!.role).toBe('user');
    await verifiedAgo(t, superAdmin.cookie, 0);
    expect((await send(t, 'POST', `/api/admin/users/${user.userId}/role`, superAdmin.cookie, { role: 'admin' })).statusCode).toBe(200);
  });

  test('the last active super admin cannot be demoted or disabled', async () => {
    const local = await createTestApp();
    try {
      const only = await createCaller(local, { role: 'super_admin' });
      const result = await setUserRole(local.app.db, only.userId, 'admin', local.clock.now());
      expect(result).toEqual({ ok: false, reason: 'last_super_admin' });
      const second = await createCaller(local, { role: 'super_admin' });
      expect((await send(local, 'POST', `/api/admin/users/${only.userId}/role`, second.cookie, { role: 'admin' })).statusCode).toBe(200);
      // `second` is now the only super admin: nobody may demote them.
      expect(await setUserRole(local.app.db, second.userId, 'user', local.clock.now())).toEqual({ ok: false, reason: 'last_super_admin' });
    } finally {
      await local.close();
    }
  });

  test.runIf(process.env.DATABASE_URL)('two super admins demoting each other at the same moment: exactly one succeeds', async () => {
    const local = await createTestApp();
    try {
      const a = await createCaller(local, { role: 'super_admin' });
      const b = await createCaller(local, { role: 'super_admin' });
      const results = await Promise.all([
        send(local, 'POST', `/api/admin/users/${b.userId}/role`, a.cookie, { role: 'user' }),
        send(local, 'POST', `/api/admin/users/${a.userId}/role`, b.cookie, { role: 'user' }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const supers = await local.app.db.select().from(users).where(eq(users.role, 'super_admin'));
      expect(supers).toHaveLength(1);
    } finally {
      await local.close();
    }
  });
});

describe('lists, search and the audit log', () => {
  test('users: search and filters by role, status, two-factor and last sign-in, paginated', async () => {
    const admin = await createCaller(t, { role: 'admin' });
    const target = await createCaller(t, { email: 'zelda.search@example.com' });
    await t.app.db.update(userMfa).set({ totpEnabledAt: null }).where(eq(userMfa.userId, target.userId));
    const found = (await send(t, 'GET', '/api/admin/users?q=zelda.search', admin.cookie)).json<AdminUserList>();
    expect(found.users.map((u) => u.email)).toEqual(['zelda.search@example.com']);
    expect(found.users[0]).toMatchObject({ mfaEnabled: false, lastSignInAt: null, status: 'active', role: 'user' });
    const mfaOff = (await send(t, 'GET', '/api/admin/users?mfa=off&pageSize=100', admin.cookie)).json<AdminUserList>();
    expect(mfaOff.users.every((u) => !u.mfaEnabled)).toBe(true);
    expect(mfaOff.users.map((u) => u.id)).toContain(target.userId);
    const admins = (await send(t, 'GET', '/api/admin/users?role=admin&pageSize=100', admin.cookie)).json<AdminUserList>();
    expect(admins.users.every((u) => u.role === 'admin')).toBe(true);
    await t.app.db.insert(auditLog).values({ action: 'login.success', targetUserId: target.userId, actorUserId: target.userId, at: t.clock.now() });
    const recent = (await send(t, 'GET', '/api/admin/users?lastSignIn=7d&pageSize=100', admin.cookie)).json<AdminUserList>();
    expect(recent.users.map((u) => u.id)).toContain(target.userId);
    const never = (await send(t, 'GET', '/api/admin/users?lastSignIn=never&pageSize=100', admin.cookie)).json<AdminUserList>();
    expect(never.users.map((u) => u.id)).not.toContain(target.userId);
    const page = (await send(t, 'GET', '/api/admin/users?pageSize=1&page=2', admin.cookie)).json<AdminUserList>();
    expect(page.users).toHaveLength(1);
    expect(page.total).toBeGreaterThan(2);
    expect((await send(t, 'GET', '/api/admin/users?role=owner', admin.cookie)).statusCode).toBe(400);
  });

  test('audit: filter by actor, target, action and dates; CSV export neutralises formulas', async () => {
    const admin = await createCaller(t, { role: 'super_admin' });
    const evil = await createCaller(t, { email: '+cmd@example.com' });
    await send(t, 'POST', `/api/admin/users/${evil.userId}/revoke-sessions`, admin.cookie, {});
    const filtered = (await send(t, 'GET', `/api/admin/audit?actor=${encodeURIComponent(admin.email)}&action=admin.sessions`, admin.cookie)).json<AdminAuditPage>();
    expect(filtered.events).toHaveLength(1);
    expect(filtered.events[0]).toMatchObject({ action: 'admin.sessions_revoked', actorEmail: admin.email, targetEmail: '+cmd@example.com' });
    const today = t.clock.now().toISOString().slice(0, 10);
    const byTarget = (await send(t, 'GET', `/api/admin/audit?target=%2Bcmd&from=${today}&to=${today}`, admin.cookie)).json<AdminAuditPage>();
    expect(byTarget.events.length).toBeGreaterThan(0);
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await send(t, 'GET', `/api/admin/audit?target=%2Bcmd&from=${tomorrow}`, admin.cookie)).json<AdminAuditPage>().events).toHaveLength(0);
    expect((await send(t, 'GET', '/api/admin/audit?from=yesterday', admin.cookie)).statusCode).toBe(400);

    const csv = await send(t, 'GET', '/api/admin/audit.csv?target=%2Bcmd', admin.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="cifer-audit-/);
    expect(csv.body.split('\r\n')[0]).toBe('time_utc,action,actor,target,organisation,ip,details');
    expect(csv.body).toContain(",'+cmd@example.com,");
    expect(csv.body).not.toMatch(/,\+cmd@example\.com/);
  });

  test('approving an access request as a partner marks the account a partner', async () => {
    const admin = await createCaller(t, { role: 'admin' });
    const body = { email: 'partner.firm@example.com', firstName: 'Pat', lastName: 'Partner', company: 'Partner Firm', phone: '', message: '', password: 'a long and memorable passphrase', confirmPassword: 'a long and memorable passphrase' };
    expect((await send(t, 'POST', '/api/auth/register', null, body, '10.77.0.1')).statusCode).toBe(200);
    const list = (await send(t, 'GET', '/api/admin/access-requests', admin.cookie)).json<Array<{ id: string; email: string }>>();
    const request = list.find((r) => r.email === body.email)!;
    expect((await send(t, 'POST', `/api/admin/access-requests/${request.id}/approve`, admin.cookie, { partner: true })).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.isPartner).toBe(true);
    const detail = (await send(t, 'GET', `/api/admin/users/${row!.id}`, admin.cookie)).json<AdminUserDetail>();
    expect(detail.organizations).toEqual([expect.objectContaining({ name: 'Partner Firm', role: 'owner', isHome: true })]);
  });
});
