import { afterAll, beforeAll, expect, test } from 'vitest';
import { createUser, createUserWithSession, get, logIn, post, STRONG_PASSWORD } from '../test/helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { SESSION_HINT_COOKIE } from './session-plugin.ts';
import { findSessionAuth, hashToken } from './session-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function setCookies(response: { headers: Record<string, unknown> }): string[] {
  const raw = response.headers['set-cookie'];
  return raw === undefined ? [] : [raw].flat().map(String);
}

test('login sets a readable session hint beside the HttpOnly session cookie; the hint holds no secret', async () => {
  const { email } = await createUser(t);
  const { response } = await logIn(t, email, STRONG_PASSWORD);
  expect(response.statusCode).toBe(200);
  const hint = setCookies(response).find((cookie) => cookie.startsWith(`${SESSION_HINT_COOKIE}=`));
  expect(hint).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
  expect(hint).not.toMatch(/HttpOnly/i);
  const session = setCookies(response).find((cookie) => cookie.startsWith(`${t.app.sessionCookieName}=`));
  expect(session).toMatch(/HttpOnly/i);
});

test('logout clears the hint with the session cookie', async () => {
  const { email } = await createUser(t);
  const { cookie } = await logIn(t, email, STRONG_PASSWORD);
  const response = await post(t, '/api/auth/logout', {}, { cookie });
  expect(setCookies(response).some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=;`) && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c))).toBe(
    true,
  );
});

test('a stale hint with no valid session is cleared, and the user call still answers 401', async () => {
  const response = await get(t, '/api/auth/user', {
    headers: { cookie: `${SESSION_HINT_COOKIE}=1; ${t.app.sessionCookieName}=forged-token` },
  });
  expect(response.statusCode).toBe(401);
  expect(setCookies(response).some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=;`))).toBe(true);
});

test('a session reads as exactly the caller the routes see, from the database and then from the cache', async () => {
  const { userId, email, cookie } = await createUserWithSession(t);
  const token = cookie.slice(cookie.indexOf('=') + 1);
  const read = () => findSessionAuth(t.app.db, token, t.clock.now(), t.app.paymentRule);
  const fromDatabase = await read();
  const fromCache = await read();
  for (const auth of [fromDatabase, fromCache]) {
    // Field by field (session-store.ts toAuthContext): the row's account status stays behind.
    expect(auth?.user).toEqual({
      id: userId,
      organizationId: auth?.user.homeOrganizationId,
      organizationRole: 'owner',
      homeOrganizationId: expect.any(String),
      isPartner: false,
      email,
      firstName: 'Test',
      lastName: 'User',
      role: 'user',
    });
    expect(auth?.session).toEqual({ id: hashToken(token), createdAt: t.clock.now(), mfaVerifiedAt: null });
    expect(auth).toMatchObject({ totpEnabled: false, backupCodesCount: 0 });
  }
});
