import { mcpResourceUrl, OAUTH_SCOPES } from '@/contracts/oauth.ts';

/**
 * The authorization server's fixed choices (ADR 294): its endpoints, beside the app's own routes
 * under /oauth, and how long each thing lives. CIFER is its own authorization server: the issuer
 * is APP_URL's origin, and the one resource it issues tokens for is the MCP endpoint.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const OAUTH_PATHS = {
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  register: '/oauth/register',
  revoke: '/oauth/revoke',
  protectedResource: '/.well-known/oauth-protected-resource',
  authorizationServer: '/.well-known/oauth-authorization-server',
} as const;

export const OAUTH_LIFETIMES_MS = {
  /** A consent page left open. */
  authorizationRequest: 10 * MINUTE_MS,
  /** An assistant exchanges its code at once; a minute covers a slow network. */
  code: MINUTE_MS,
  /** Short: a stolen access token is worth an hour at most, and each refresh checks the person again. */
  accessToken: 60 * MINUTE_MS,
  /** Each refresh gives a new one (rotation); an assistant unused for this long must be connected again. */
  refreshToken: 30 * DAY_MS,
  /**
   * After its first use a refresh token still works this long: an assistant whose requests run side
   * by side refreshes once per request, and refusing all but the first would sign it out. After
   * that, its return means a copy is in other hands, and the grant is revoked.
   */
  refreshReuseGrace: 30_000,
  /** A registered client nobody ever consented to is dropped after this (open registration cannot fill the table). */
  unusedClient: DAY_MS,
} as const;

export interface OAuthSite {
  /** The authorization server's issuer identifier (RFC 8414): APP_URL's origin, no trailing slash. */
  issuer: string;
  /** The MCP endpoint's resource indicator (RFC 8707). */
  resource: string;
}

export function oauthSiteOf(appUrl: string): OAuthSite {
  return { issuer: new URL(appUrl).origin, resource: mcpResourceUrl(appUrl) };
}

export const SUPPORTED_SCOPES: readonly string[] = OAUTH_SCOPES;
