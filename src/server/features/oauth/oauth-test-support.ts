import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

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

/** The code and state in the address the consent page sends the browser back to. */
export function answerOf(redirectTo: string): { code: string | null; state: string | null; error: string | null; iss: string | null } {
  const url = new URL(redirectTo);
  const get = (name: string) => url.searchParams.get(name);
  return { code: get('code'), state: get('state'), error: get('error'), iss: get('iss') };
}
