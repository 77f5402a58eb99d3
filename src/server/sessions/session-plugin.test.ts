import { afterAll, beforeAll, expect, test } from 'vitest';
import { createUser, get, logIn, post, STRONG_PASSWORD } from '../test/helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { SESSION_HINT_COOKIE } from './session-plugin.ts';

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
  expect(setCookies(response).some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=;`) && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c))).toBe(true);
});

test('a stale hint with no valid session is cleared, and the user call still answers 401', async () => {
  const response = await get(t, '/api/auth/user', { headers: { cookie: `${SESSION_HINT_COOKIE}=1; ${t.app.sessionCookieName}=forged-token` } });
  expect(response.statusCode).toBe(401);
  expect(setCookies(response).some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=;`))).toBe(true);
});
