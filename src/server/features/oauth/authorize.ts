import { randomBytes } from 'node:crypto';
import { CONSENT_PAGE_PATH, type ConsentErrorCode } from '@/contracts/oauth.ts';
import type { Database } from '../../db/client.ts';
import { findClient, type ClientRow } from './client-store.ts';
import { insertAuthorizationRequest } from './grant-store.ts';
import { stringParam } from './form-body.ts';
import { OAuthError } from './oauth-error.ts';
import { OAUTH_LIFETIMES_MS, SUPPORTED_SCOPES, type OAuthSite } from './oauth-settings.ts';
import { redirectUriMatches, redirectWith } from './redirect-uri.ts';

/**
 * The authorization endpoint (GET /oauth/authorize, ADR 294): checks the assistant's request and
 * keeps it for the consent page, where a signed-in person decides. Until the client and its
 * redirect URI are known to match, nothing is sent to that URI (the browser goes to the consent
 * page, which explains); after that, a bad request is answered to the assistant (RFC 6749 4.1.2.1).
 */

/** A PKCE S256 challenge: the base64url of a SHA-256, 43 characters (RFC 7636 section 4.2). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_STATE_LENGTH = 1000;

/** Where the browser goes: the consent page, or back to the assistant with an error. */
export type AuthorizeOutcome = { location: string };

function toConsentPage(parameters: Record<string, string>): AuthorizeOutcome {
  return { location: `${CONSENT_PAGE_PATH}?${new URLSearchParams(parameters).toString()}` };
}

function consentError(code: ConsentErrorCode): AuthorizeOutcome {
  return toConsentPage({ error: code });
}

/** The registered redirect URI the request names (or the only one), or null when it does not match. */
function chooseRedirectUri(client: ClientRow, requested: string | undefined): string | null {
  if (requested === undefined) return client.redirectUris.length === 1 ? (client.redirectUris[0] ?? null) : null;
  return client.redirectUris.some((registered) => redirectUriMatches(requested, registered)) ? requested : null;
}

/**
 * The scopes asked for, as CIFER grants them: unknown ones are left out rather than refused (an
 * assistant may ask for offline_access or its own), write brings read with it (ADR 228), and
 * nothing asked means read only.
 */
export function requestedScopes(scope: string | undefined): string[] {
  const asked = new Set((scope ?? '').split(' ').filter((name) => SUPPORTED_SCOPES.includes(name)));
  if (asked.has('write')) asked.add('read');
  return asked.size === 0 ? ['read'] : SUPPORTED_SCOPES.filter((name) => asked.has(name));
}

/** The request's own checks, whose failure goes back to the assistant. */
function checkRequest(query: unknown, site: OAuthSite) {
  if (stringParam(query, 'response_type') !== 'code') throw new OAuthError('invalid_request', 'response_type must be code.');
  const challenge = stringParam(query, 'code_challenge');
  if (stringParam(query, 'code_challenge_method') !== 'S256' || !challenge || !S256_CHALLENGE.test(challenge)) {
    throw new OAuthError('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method S256.');
  }
  const resource = stringParam(query, 'resource');
  if (resource !== undefined && resource !== site.resource) throw new OAuthError('invalid_target', `CIFER issues tokens for ${site.resource} only.`);
  const state = stringParam(query, 'state');
  if (state !== undefined && state.length > MAX_STATE_LENGTH) throw new OAuthError('invalid_request', 'state is too long.');
  return { challenge, state: state ?? null, scopes: requestedScopes(stringParam(query, 'scope')) };
}

export async function startAuthorization(options: { db: Database; query: unknown; site: OAuthSite; now: Date }): Promise<AuthorizeOutcome> {
  const { db, query, site, now } = options;
  let clientId: string | undefined;
  let requestedRedirect: string | undefined;
  try {
    clientId = stringParam(query, 'client_id');
    requestedRedirect = stringParam(query, 'redirect_uri');
  } catch {
    return consentError('invalid_request');
  }
  const client = clientId ? await findClient(db, clientId) : null;
  if (!client) return consentError('unknown_client');
  const redirectUri = chooseRedirectUri(client, requestedRedirect);
  if (!redirectUri) return consentError('invalid_redirect');

  let checked: ReturnType<typeof checkRequest>;
  try {
    checked = checkRequest(query, site);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    const state = typeof (query as Record<string, unknown>)['state'] === 'string' ? ((query as Record<string, string>)['state'] ?? null) : null;
    return { location: redirectWith(redirectUri, { error: error.error, error_description: error.description, state, iss: site.issuer }) };
  }
  const id = randomBytes(24).toString('base64url');
  await insertAuthorizationRequest(db, {
    id,
    clientId: client.id,
    redirectUri,
    state: checked.state,
    codeChallenge: checked.challenge,
    scopes: checked.scopes,
    resource: site.resource,
    expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES_MS.authorizationRequest),
    createdAt: now,
  });
  return toConsentPage({ request: id });
}
