import { OAUTH_SCOPES } from '@/contracts/oauth.ts';
import { OAUTH_PATHS, type OAuthSite } from './oauth-settings.ts';

/** The two discovery documents an MCP client reads before anything else (ADR 294). */

const CLIENT_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];

/** RFC 9728: what the MCP endpoint is and which authorization server issues its tokens. */
export function protectedResourceMetadata(site: OAuthSite) {
  return {
    resource: site.resource,
    authorization_servers: [site.issuer],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'CIFER',
  };
}

/** RFC 8414: the authorization server's endpoints and what it supports (code flow with PKCE S256 only). */
export function authorizationServerMetadata(site: OAuthSite) {
  const at = (path: string) => `${site.issuer}${path}`;
  return {
    issuer: site.issuer,
    authorization_endpoint: at(OAUTH_PATHS.authorize),
    token_endpoint: at(OAUTH_PATHS.token),
    registration_endpoint: at(OAUTH_PATHS.register),
    revocation_endpoint: at(OAUTH_PATHS.revoke),
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    // RFC 9207: the authorization response names its issuer, so a client talking to several cannot be mixed up.
    authorization_response_iss_parameter_supported: true,
  };
}
