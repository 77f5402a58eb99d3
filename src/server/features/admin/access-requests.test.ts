import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AdminAccessRequest, AdminOutboxEmail } from '@/contracts/admin.ts';
import { accessRequests, auditLog, users } from '../../db/schema.ts';
import { useSharedSmtpServer, useSharedTestApp } from '../../test/test-app-hooks.ts';
import { completeMfa, createSignedInUser, createUser, freshIps, get, logIn, post, uniqueEmail } from '../../test/helpers.ts';

const smtp = useSharedSmtpServer();
const t = useSharedTestApp(() => ({ SMTP_URL: smtp.url }));
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  admin = await createSignedInUser(t, { role: 'super_admin' });
});

const freshIp = freshIps('10.4');

async function submitAccessRequest(overrides: Record<string, string> = {}) {
  const body = {
    email: uniqueEmail('requester'),
    firstName: 'Alan',
    lastName: 'Turing',
    company: 'Bletchley Consulting',
    phone: '',
    message: '<script>alert(1)</script> please',
    password: 'a long and memorable passphrase',
    confirmPassword: 'a long and memorable passphrase',
    ...overrides,
  };
  const response = await post(t, '/api/auth/register', body, { ip: freshIp() });
  expect(response.statusCode).toBe(200);
  const pending = await get(t, '/api/admin/access-requests', { cookie: admin.cookie });
  const request = pending.json<AdminAccessRequest[]>().find((row) => row.email === body.email);
  if (!request) throw new Error('request not listed');
  return { body, request };
}

async function deliverMail() {
  // Outbox rows are due from the database's own now(); move the app clock past it.
  t.clock.advance(5_000);
  await t.app.mailer.deliverDue();
}

describe('access requests in /admin', () => {
  test('AUTH-04 the admin lists the pending request, approves it; the requester gets the approval over SMTP and can sign in', async () => {
    const { body, request } = await submitAccessRequest();
    expect(request).toMatchObject({ firstName: 'Alan', lastName: 'Turing', company: 'Bletchley Consulting', phone: null, status: 'pending' });
    expect(request.message).toBe('<script>alert(1)</script> please');

    // Pending: no sign-in.
    expect((await logIn(t, body.email, body.password, { ip: freshIp() })).response.statusCode).toBe(401);

    const approve = await post(t, `/api/admin/access-requests/${request.id}/approve`, { note: 'Welcome aboard' }, { cookie: admin.cookie });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toEqual({ message: 'Access approved', status: 'approved' });

    await deliverMail();
    const mail = smtp.messages.find((message) => message.to.includes(body.email) && message.decoded.includes('Subject: Your CIFER access has been granted'));
    expect(mail).toBeDefined();
    expect(mail!.decoded).toContain(`${t.env.APP_URL}/auth`);
    expect(mail!.decoded).toContain('Welcome aboard');

    const login = await logIn(t, body.email, body.password, { ip: freshIp() });
    expect(login.response.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.status).toBe('active');
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.targetUserId, row!.id));
    expect(audit.find((entry) => entry.action === 'access.approved')).toMatchObject({ actorUserId: admin.userId, details: expect.objectContaining({ note: 'Welcome aboard' }) });

    const again = await post(t, `/api/admin/access-requests/${request.id}/approve`, {}, { cookie: admin.cookie });
    expect(again.statusCode).toBe(409);
  });

  test('AUTH-04 a rejected requester gets a polite notice and still cannot sign in', async () => {
    const { body, request } = await submitAccessRequest();
    const reject = await post(t, `/api/admin/access-requests/${request.id}/reject`, {}, { cookie: admin.cookie });
    expect(reject.statusCode).toBe(200);
    await deliverMail();
    const mail = smtp.messages.find((message) => message.to.includes(body.email) && message.decoded.includes('Subject: Your CIFER access request'));
    expect(mail?.decoded).toContain('unable to grant access');
    expect((await logIn(t, body.email, body.password, { ip: freshIp() })).response.statusCode).toBe(401);
    const rejected = await get(t, '/api/admin/access-requests?status=rejected', { cookie: admin.cookie });
    expect(rejected.json<AdminAccessRequest[]>().map((row) => row.id)).toContain(request.id);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'access.rejected'));
    expect(audit.length).toBeGreaterThan(0);
  });

  test('AC-08 an admin cannot decide on their own access request; the attempt is audited', async () => {
    const [own] = await t.app.db.insert(accessRequests).values({ userId: admin.userId, company: 'Self' }).returning({ id: accessRequests.id });
    const response = await post(t, `/api/admin/access-requests/${own!.id}/approve`, {}, { cookie: admin.cookie });
    expect(response.statusCode).toBe(403);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'access.self_decision_refused'));
    expect(audit.some((row) => row.actorUserId === admin.userId)).toBe(true);
    const [row] = await t.app.db.select().from(accessRequests).where(eq(accessRequests.id, own!.id));
    expect(row!.status).toBe('pending');
  });

  test('AC-02 MFA-08 admin routes refuse visitors (401), plain users (403) and admins with a password-only session (403)', async () => {
    const { request } = await submitAccessRequest();
    const plain = await createSignedInUser(t);
    const passwordOnlyAdmin = await createUser(t, { role: 'admin' });
    const { cookie: passwordOnly } = await logIn(t, passwordOnlyAdmin.email, passwordOnlyAdmin.password, { ip: freshIp() });
    for (const [cookie, status] of [
      [null, 401],
      [plain.cookie, 403],
      [passwordOnly, 403],
    ] as const) {
      expect((await get(t, '/api/admin/access-requests', { cookie })).statusCode).toBe(status);
      expect((await get(t, '/api/admin/outbox', { cookie })).statusCode).toBe(status);
      expect((await post(t, `/api/admin/access-requests/${request.id}/approve`, {}, { cookie })).statusCode).toBe(status);
    }
    await completeMfa(t, passwordOnlyAdmin.userId);
    expect((await get(t, '/api/admin/access-requests', { cookie: passwordOnly })).statusCode).toBe(200);
  });

  test('the decision note is limited and unknown fields are refused', async () => {
    const { request } = await submitAccessRequest();
    expect((await post(t, `/api/admin/access-requests/${request.id}/approve`, { note: 'x'.repeat(1001) }, { cookie: admin.cookie })).statusCode).toBe(400);
    expect((await post(t, `/api/admin/access-requests/${request.id}/approve`, { role: 'admin' }, { cookie: admin.cookie })).statusCode).toBe(400);
    expect((await post(t, '/api/admin/access-requests/not-a-uuid/approve', {}, { cookie: admin.cookie })).statusCode).toBe(400);
  });
});

describe('e-mail outbox in /admin', () => {
  test('lists every message with recipient, subject, status, dates and its text, newest first, with the secret link replaced by a note (ADR 190)', async () => {
    const user = await createUser(t);
    await post(t, '/api/request-password-reset', { email: user.email }, { ip: freshIp() });
    const response = await get(t, '/api/admin/outbox', { cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const rows = response.json<AdminOutboxEmail[]>();
    const reset = rows.find((row) => row.to === user.email)!;
    expect(reset).toMatchObject({ subject: 'Reset your CIFER password', status: expect.any(String), createdAt: expect.any(String) });
    expect(reset.text).toContain('[password-reset link: only the recipient can use it]');
    expect(reset.text).not.toContain('#token=');
    expect(Object.keys(reset)).not.toContain('sealedText');
  });
});
