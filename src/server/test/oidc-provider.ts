import { generateKeyPairSync, randomBytes, type webcrypto } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type InteractionDetails } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider 9) on loopback, for the SSO tests (API and e2e).
 * Its issuer is plain http://127.0.0.1:<port>, which CIFER accepts only outside production.
 *
 *   const provider = await startOidcProvider({
 *     clientId: 'cifer', clientSecret: 's3cret',
 *     redirectUris: [`${APP_URL}/api/auth/sso/callback`],
 *     accounts: { alice: { email: 'alice@example.com', emailVerified: true, name: 'Alice Smith' } },
 *   });
 *
 * - `accounts`: a record of account id (the ID token's `sub`) → account, or an array (ids are
 *   `account-<index>`). Each account has `email`, `emailVerified` and optionally `name`, `givenName`,
 *   `familyName`; the provider hands them out as the standard claims in the ID token.
 * - Signing in needs no UI: the provider signs in the account of the authorization request's
 *   `login_hint` (CIFER sends the e-mail typed in), or the one named by `signInAs(...)`, else the
 *   first, and grants `openid email profile` at once. A browser following the redirects goes
 *   straight back to CIFER; `authorize(url)` does the same with fetch (keeping the provider's
 *   cookies) and returns the redirect-URI URL CIFER would receive. A browser keeps its provider
 *   session: use one browser context per person. With `interactive: true` the provider shows its
 *   own development login form (any password) and consent page instead.
 * - `denyNext(error?)`: the next authorization comes back as `?error=access_denied` (or `error`).
 * - `publishForeignKeys(true)`: the JWKS endpoint publishes a key the provider does not sign with,
 *   so every ID token fails signature verification at the client.
 * - `close()` stops it (open connections too), so a client sees "connection refused" at once.
 */

export interface OidcTestAccount {
  email: string;
  emailVerified: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
}

export interface OidcProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: Record<string, OidcTestAccount> | OidcTestAccount[];
  /** 0 (default) picks a free port. */
  port?: number;
  /** Show oidc-provider's development login and consent pages instead of signing in at once. */
  interactive?: boolean;
  /** How the client authenticates at the token endpoint (default client_secret_basic, the OpenID default). */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post';
}

export interface OidcTestProvider {
  issuer: string;
  /** The account (id or e-mail) the next sign-ins pick; null: the login_hint's account, else the first. */
  signInAs(accountIdOrEmail: string | null): void;
  /** The next authorization ends with this OAuth error (default access_denied) instead of a sign-in. */
  denyNext(error?: string): void;
  /** While on, the JWKS endpoint publishes a key other than the signing key. */
  publishForeignKeys(on: boolean): void;
  /** Follows the redirects from an authorization URL (cookies kept) until one goes to a redirect URI; returns that URL. */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

type Jwk = webcrypto.JsonWebKey & { kid: string };

function signingKey(kid: string): { privateJwk: Jwk; publicJwk: Jwk } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const meta = { kid, alg: 'RS256', use: 'sig' };
  return { privateJwk: { ...privateKey.export({ format: 'jwk' }), ...meta }, publicJwk: { ...publicKey.export({ format: 'jwk' }), ...meta } };
}

function accountsById(accounts: OidcProviderOptions['accounts']): Map<string, OidcTestAccount> {
  const entries = Array.isArray(accounts) ? accounts.map((account, index) => [`account-${index}`, account] as const) : Object.entries(accounts);
  return new Map(entries);
}

function claimsOf(sub: string, account: OidcTestAccount): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub, email: account.email, email_verified: account.emailVerified };
  if (account.name) claims.name = account.name;
  if (account.givenName) claims.given_name = account.givenName;
  if (account.familyName) claims.family_name = account.familyName;
  return claims;
}

/** A tiny cookie jar for `authorize`: the provider's interaction and session cookies between hops. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=thu, 01 jan 1970/i.test(attribute) || /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The provider's settings: one client, the signing key, lifetimes, claims, and the accounts to find. */
function providerConfiguration(options: OidcProviderOptions, privateJwk: Jwk, accounts: Map<string, OidcTestAccount>) {
  return {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: options.tokenEndpointAuthMethod ?? 'client_secret_basic',
      },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Explicit lifetimes (seconds): the ID token's hour is what the clock-skew test outruns.
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // The standard claims of the granted scopes go into the ID token, as Entra ID, Google and Okta do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: options.interactive === true } },
    ...(options.interactive ? {} : { interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` } }),
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => claimsOf(sub, account) } : undefined;
    },
  };
}

/** Grants the client every scope and claim it asked for, as a person clicking "allow" would. */
async function grantEverythingAsked(provider: Provider, details: InteractionDetails): Promise<string> {
  const accountId = details.session?.accountId;
  if (!accountId) throw new Error('consent without a signed-in account');
  const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId: details.params.client_id });
  if (!grant) throw new Error('grant not found');
  const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
  return grant.save();
}

/** A browser's walk through the provider's redirects, cookies kept, until the redirect back to the client. */
async function followToRedirect(redirectUris: string[], authorizationUrl: string): Promise<URL> {
  const jar = new CookieJar();
  let next = new URL(authorizationUrl);
  for (let hop = 0; hop < 20; hop += 1) {
    if (redirectUris.some((uri) => next.href.startsWith(uri))) return next;
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`the test provider answered ${response.status} at ${next.pathname}: ${(await response.text()).slice(0, 300)}`);
    }
    next = new URL(location, next);
  }
  throw new Error('too many redirects at the test provider');
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcTestProvider> {
  const accounts = accountsById(options.accounts);
  const signing = signingKey('cifer-test-signing');
  const foreign = signingKey('someone-else');
  let chosenAccount: string | null = null;
  let nextDenial: string | null = null;
  let foreignKeys = false;

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, providerConfiguration(options, signing.privateJwk, accounts));

  function accountFor(loginHint: string | undefined): string {
    const wanted = chosenAccount ?? loginHint?.toLowerCase();
    for (const [id, account] of accounts) if (id === wanted || account.email.toLowerCase() === wanted) return id;
    const [first] = accounts.keys();
    if (!first) throw new Error('the test provider has no accounts');
    return first;
  }

  /** The interaction without a UI: sign in (or refuse) at once, then grant what the client asked. */
  async function interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (nextDenial) {
      const error = nextDenial;
      nextDenial = null;
      await provider.interactionFinished(req, res, { error, error_description: 'Refused by the test provider' }, { mergeWithLastSubmission: false });
      return;
    }
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: accountFor(details.params.login_hint) } }, { mergeWithLastSubmission: false });
      return;
    }
    await provider.interactionFinished(req, res, { consent: { grantId: await grantEverythingAsked(provider, details) } }, { mergeWithLastSubmission: true });
  }

  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (foreignKeys && path === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [foreign.publicJwk] }));
      return;
    }
    if (!options.interactive && path.startsWith('/interaction/')) {
      interact(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`test provider interaction failed: ${String(error)}`);
      });
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    signInAs: (accountIdOrEmail) => {
      chosenAccount = accountIdOrEmail?.toLowerCase() ?? null;
    },
    denyNext: (error = 'access_denied') => {
      nextDenial = error;
    },
    publishForeignKeys: (on) => {
      foreignKeys = on;
    },
    authorize: (authorizationUrl) => followToRedirect(options.redirectUris, authorizationUrl),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
