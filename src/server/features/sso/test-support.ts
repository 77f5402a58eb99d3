import type { LightMyRequestResponse } from 'fastify';
import { SSO_CALLBACK_PATH, type SsoConnection, type SsoConnectionInput } from '@/contracts/sso.ts';
import { sessionCookie } from '../../test/helpers.ts';
import { startOidcProvider, type OidcTestAccount, type OidcTestProvider } from '../../test/oidc-provider.ts';
import { send, type Caller } from '../../test/organization-members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Test-only helpers for the SSO API tests (not a test file itself). */

export const CLIENT_ID = 'cifer-api-tests';
export const CLIENT_SECRET = 'sso-client-secret-0f3c9a7e5d1b';

/** A DNS zone the app's TXT resolver reads: tests publish records in it. */
export class FakeDns {
  readonly records = new Map<string, string[][]>();

  publish(name: string, value: string): void {
    this.records.set(name, [...(this.records.get(name) ?? []), [value]]);
  }

  readonly resolveTxt = async (hostname: string): Promise<string[][]> => {
    const found = this.records.get(hostname);
    if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };
}

export interface SsoTestApp extends TestApp {
  dns: FakeDns;
}

export async function createSsoTestApp(): Promise<SsoTestApp> {
  const dns = new FakeDns();
  const t = await createTestApp({}, { resolveTxt: dns.resolveTxt });
  return Object.assign(t, { dns });
}

export function callbackUri(t: TestApp): string {
  return `${t.env.APP_URL}${SSO_CALLBACK_PATH}`;
}

export function startProviderFor(t: TestApp, accounts: Record<string, OidcTestAccount>, clientSecret = CLIENT_SECRET): Promise<OidcTestProvider> {
  return startOidcProvider({ clientId: CLIENT_ID, clientSecret, redirectUris: [callbackUri(t)], accounts });
}

export function connectionInput(issuer: string, domains: string[], overrides: Partial<SsoConnectionInput> = {}): SsoConnectionInput {
  return { name: 'Company directory', issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, domains, defaultRole: 'member', required: false, ...overrides };
}

/** Creates the connection through the API as its owner. */
export async function createConnection(t: TestApp, owner: Caller, input: SsoConnectionInput): Promise<SsoConnection> {
  const response = await send(t, 'POST', `/api/organizations/${owner.homeOrganizationId}/sso`, owner.cookie, input);
  if (response.statusCode !== 201) throw new Error(`create connection failed: ${response.statusCode} ${response.body}`);
  return response.json<SsoConnection>();
}

/** Verifies every domain of the connection through the owner's DNS route (the records published first). */
export async function verifyAllDomains(t: SsoTestApp, owner: Caller, connection: SsoConnection): Promise<void> {
  for (const domain of connection.domains) {
    t.dns.publish(domain.txtRecordName, domain.txtRecordValue);
    const response = await send(t, 'POST', `/api/organizations/${connection.organizationId}/sso/${connection.id}/domains/${domain.id}/verify`, owner.cookie);
    if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
  }
}

export interface SignInOutcome {
  /** The callback's answer (a 302). */
  response: LightMyRequestResponse;
  location: string;
  /** The session cookie it set, if any. */
  cookie: string | null;
}

/** POST /api/auth/sso/start, returning the provider URL (fails the test on any other answer). */
export async function startSignIn(t: TestApp, email: string, ip: string): Promise<string> {
  const response = await send(t, 'POST', '/api/auth/sso/start', null, { email }, ip);
  if (response.statusCode !== 200) throw new Error(`start failed: ${response.statusCode} ${response.body}`);
  return response.json<{ redirectUrl: string }>().redirectUrl;
}

/** Sends the browser's arrival at the callback (the URL the provider redirected to). */
export async function arriveAtCallback(t: TestApp, callback: URL, ip: string): Promise<SignInOutcome> {
  const response = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, remoteAddress: ip });
  return { response, location: String(response.headers.location ?? ''), cookie: sessionCookie(t, response) };
}

/** The whole browser journey: start, the provider's redirects, the callback. */
export async function signInWithSso(t: TestApp, provider: OidcTestProvider, email: string, ip: string): Promise<SignInOutcome> {
  const callback = await provider.authorize(await startSignIn(t, email, ip));
  return arriveAtCallback(t, callback, ip);
}
