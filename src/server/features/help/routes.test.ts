import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { emailOutbox, helpRequests, sessions } from '../../db/schema.ts';
import { createVerifiedUserSession } from '../../test/helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { HELP_LIMIT_PER_USER, HELP_WINDOW_MS } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'support@cifer.test' });
});
afterAll(async () => {
  await t.close();
});

const body = {
  category: 'login',
  subject: 'Cannot reach the history page',
  message: 'After signing in, History keeps asking for my code.',
  userEmail: 'someone-else@evil.example',
  userName: 'Mallory',
};

function submit(cookie: string | undefined, payload: unknown = body) {
  return t.app.inject({
    method: 'POST',
    url: '/api/help/submit',
    headers: { origin: t.env.APP_URL, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });
}

test('a verified user sends a help request: stored under the session identity, not the body, and e-mailed to support', async () => {
  const { cookie, user } = await createVerifiedUserSession(t, { firstName: 'Priya', lastName: 'Raman', email: 'priya@northmill.example' });
  const response = await submit(cookie);
  expect(response.statusCode).toBe(201);
  const { id } = response.json<{ id: string }>();
  const [row] = await t.app.db.select().from(helpRequests).where(eq(helpRequests.id, id));
  expect(row).toMatchObject({
    userId: user.id,
    userEmail: 'priya@northmill.example',
    userName: 'Priya Raman',
    category: 'login',
    status: 'open',
  });
  const [mail] = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'support@cifer.test'));
  expect(mail?.subject).toBe('[CIFER Help] Login Issues: Cannot reach the history page');
  expect(mail?.text).toContain('From: Priya Raman <priya@northmill.example>');
  expect(mail?.text).not.toContain('Mallory');
  await t.app.mailer.deliverDue();
});

test('userName falls back to the e-mail when the user has no name (spec section 3)', async () => {
  const { cookie } = await createVerifiedUserSession(t, { firstName: '', lastName: '', email: 'noname@northmill.example' });
  const response = await submit(cookie, { ...body, category: 'other' });
  const [row] = await t.app.db.select().from(helpRequests).where(eq(helpRequests.id, response.json<{ id: string }>().id));
  expect(row?.userName).toBe('noname@northmill.example');
});

test('a subject with a line break cannot add mail headers', async () => {
  const { cookie } = await createVerifiedUserSession(t);
  const response = await submit(cookie, { ...body, subject: 'Hello\r\nBcc: victim@example.com' });
  expect(response.statusCode).toBe(201);
  const mails = await t.app.db.select().from(emailOutbox);
  const mail = mails.find((m) => m.text.includes(response.json<{ id: string }>().id));
  expect(mail?.subject).toBe('[CIFER Help] Login Issues: Hello Bcc: victim@example.com');
});

test('category, subject and message are required; unknown categories and fields are refused', async () => {
  const { cookie } = await createVerifiedUserSession(t);
  for (const payload of [
    { ...body, subject: '   ' },
    { ...body, message: '' },
    { ...body, category: '' },
    { ...body, category: 'billing' },
    { ...body, extra: true },
    { ...body, message: 'x'.repeat(5001) },
  ]) {
    expect((await submit(cookie, payload)).statusCode).toBe(400);
  }
});

test('AC-02 help submit needs a signed-in, MFA-complete user', async () => {
  expect((await submit(undefined)).statusCode).toBe(401);
  const { cookie, user } = await createVerifiedUserSession(t);
  await t.app.db.update(sessions).set({ mfaVerifiedAt: null }).where(eq(sessions.userId, user.id));
  expect((await submit(cookie)).statusCode).toBe(403);
});

test('RL help requests are limited per user', async () => {
  const { cookie } = await createVerifiedUserSession(t);
  for (let i = 0; i < HELP_LIMIT_PER_USER; i += 1) expect((await submit(cookie)).statusCode).toBe(201);
  expect((await submit(cookie)).statusCode).toBe(429);
  t.clock.advance(HELP_WINDOW_MS + 1000);
  // The session has gone idle by now; a fresh one for the same kind of user works again.
  const fresh = await createVerifiedUserSession(t);
  expect((await submit(fresh.cookie)).statusCode).toBe(201);
});
