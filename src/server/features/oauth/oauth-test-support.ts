import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * What the OAuth tests share (tests only, API and end-to-end): an assistant's side of the flow as
 * the official MCP SDK drives it. The provider keeps in memory what a real assistant would store
 * (its registration, tokens, PKCE verifier) and, instead of opening a browser, keeps the
 * authorization URL for the test to visit as a signed-in person.
 */
export class MemoryOAuthProvider implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  private information: OAuthClientInformationMixed | undefined;
  private savedTokens: OAuthTokens | undefined;
  private verifier: string | undefined;

  constructor(
    readonly redirectUrl: string,
    private readonly metadata: Partial<OAuthClientMetadata> = {},
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Test Assistant',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...this.metadata,
    };
  }

  clientInformation() {
    return this.information;
  }

  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }

  tokens() {
    return this.savedTokens;
  }

  saveTokens(tokens: OAuthTokens) {
    this.savedTokens = tokens;
  }

  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }

  codeVerifier() {
    if (!this.verifier) throw new Error('no code verifier saved');
    return this.verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.information = undefined;
    if (scope === 'all' || scope === 'tokens') this.savedTokens = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
  }
}

/** A free loopback port, found by listening on port 0 and letting it go. */
export async function freeLoopbackPort(): Promise<number> {
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A test app listening on loopback at the address its APP_URL names: the MCP SDK checks that the
 * protected-resource metadata names the very URL it connects to (RFC 9728 section 3.3).
 */
export async function createListeningTestApp(): Promise<TestApp & { baseUrl: string }> {
  const port = await freeLoopbackPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ APP_URL: baseUrl });
  await t.app.listen({ port, host: '127.0.0.1' });
  return Object.assign(t, { baseUrl });
}

/** The code and state in the address the consent page sends the browser back to. */
export function answerOf(redirectTo: string): { code: string | null; state: string | null; error: string | null; iss: string | null } {
  const url = new URL(redirectTo);
  const get = (name: string) => url.searchParams.get(name);
  return { code: get('code'), state: get('state'), error: get('error'), iss: get('iss') };
}
