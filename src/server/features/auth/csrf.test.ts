import { describe, expect, test } from 'vitest';
import { useSharedTestApp } from '../../test/test-app-hooks.ts';
import { createUser, uniqueEmail } from '../../test/helpers.ts';

const t = useSharedTestApp();

const loginBody = () => JSON.stringify({ email: uniqueEmail('csrf'), password: 'Wrong-Password-123456' });

describe('CSRF', () => {
  test('CSRF-02 same-origin requests pass; cross-site, same-site, foreign Origin, null Origin and no header at all are refused with 403', async () => {
    let n = 0;
    const send = (headers: Record<string, string>) => {
      n += 1;
      return t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: `10.6.0.${n}`, headers: { 'content-type': 'application/json', ...headers }, payload: loginBody() });
    };
    expect((await send({ origin: t.env.APP_URL })).statusCode).toBe(401);
    expect((await send({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(401);
    const refused: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site', origin: t.env.APP_URL },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      {},
    ];
    for (const headers of refused) {
      const response = await send(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().message).toBe('Cross-site request refused');
    }
  });

  test('CSRF-02 the Origin is parsed strictly and decides: user-info, paths and look-alikes are refused, and Sec-Fetch-Site cannot overrule a foreign Origin', async () => {
    let n = 0;
    const send = (headers: Record<string, string>) => {
      n += 1;
      return t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: `10.6.2.${n}`, headers: { 'content-type': 'application/json', ...headers }, payload: loginBody() });
    };
    const app = new URL(t.env.APP_URL);
    // The Host it was sent to is accepted as an origin (a reverse proxy without APP_URL set right)...
    expect((await send({ host: '127.0.0.1:5999', origin: 'http://127.0.0.1:5999' })).statusCode).toBe(401);
    const refused: Array<Record<string, string>> = [
      // ...but not when user-info hides a foreign origin in front of it (the URL parser drops it).
      { host: '127.0.0.1:5999', origin: 'http://evil@127.0.0.1:5999' },
      { origin: `${app.protocol}//evil@${app.host}` },
      { origin: `${app.protocol}//evil:pw@${app.host}` },
      { origin: `${t.env.APP_URL}/` },
      { origin: `${t.env.APP_URL}/path` },
      { origin: `${t.env.APP_URL}?x=1` },
      { origin: `ftp://${app.host}` },
      { origin: `${app.protocol}//${app.host}.evil.example` },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      { origin: `${app.protocol}//evil@${app.host}`, 'sec-fetch-site': 'same-origin' },
      { origin: '' },
    ];
    for (const headers of refused) {
      const response = await send(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().message).toBe('Cross-site request refused');
    }
    // A matching Origin with Sec-Fetch-Site: same-origin is what a browser sends: it passes.
    expect((await send({ origin: t.env.APP_URL, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(401);
  });

  test('CSRF-03 unsafe requests must be JSON: form, text and disguised content types answer 415 and the handler never runs', async () => {
    const user = await createUser(t);
    let n = 0;
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
      'text/plain; application/json',
      'text/plain;charset=application/json',
      'application/jsonx',
    ]) {
      n += 1;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.6.1.${n}`,
        headers: { origin: t.env.APP_URL, 'content-type': contentType },
        payload: JSON.stringify({ email: user.email, password: user.password }),
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  test('CSRF-04 login, sign-up and logout are covered: a cross-site login with the right password is refused and sets no cookie', async () => {
    const user = await createUser(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.6.2.1',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.6.2.2',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: JSON.stringify({ email: uniqueEmail('x'), password: 'Correct-Horse-Battery-Staple-42', firstName: 'a', lastName: 'b', company: 'c' }),
    });
    expect(register.statusCode).toBe(403);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://evil.example' } });
    expect(logout.statusCode).toBe(403);
  });

  test('CSRF-05 no CORS headers are granted to a foreign origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { origin: 'https://evil.example' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/auth/login', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('CSRF-01 GET /api/login has no side effect beyond the redirect', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
