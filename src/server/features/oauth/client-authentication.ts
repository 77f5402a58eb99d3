import { timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { findClient, type ClientRow } from './client-store.ts';
import { stringParam } from './form-body.ts';
import { OAuthError } from './oauth-error.ts';

/**
 * Who is calling the token or revocation endpoint (RFC 6749 section 2.3, ADR 294): a confidential
 * client by its secret, in an HTTP Basic header or in the form (one way only, section 2.3.1); a
 * public client by its client_id alone, its code being bound by PKCE instead.
 */

interface Presented {
  clientId: string;
  secret: string | undefined;
}

function fromBasic(header: string): Presented {
  const decoded = Buffer.from(header.slice('basic '.length).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'The Basic credentials are malformed.');
  try {
    // Both parts are form-encoded before they are joined (RFC 6749 section 2.3.1).
    return { clientId: decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' ')), secret: decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' ')) };
  } catch {
    throw new OAuthError('invalid_client', 'The Basic credentials are malformed.');
  }
}

function presentedCredentials(authorization: string | undefined, body: unknown): Presented {
  const bodySecret = stringParam(body, 'client_secret');
  const bodyClientId = stringParam(body, 'client_id');
  if (authorization && /^basic /i.test(authorization)) {
    if (bodySecret !== undefined) throw new OAuthError('invalid_request', 'Send the client credentials one way only (Basic or the form).');
    const basic = fromBasic(authorization);
    if (bodyClientId !== undefined && bodyClientId !== basic.clientId) throw new OAuthError('invalid_client', 'The client_id does not match the credentials.');
    return basic;
  }
  if (!bodyClientId) throw new OAuthError('invalid_client', 'Client authentication is required: send client_id (and the secret for a confidential client).');
  return { clientId: bodyClientId, secret: bodySecret };
}

function sameHash(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashToken(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

export async function authenticateClient(db: Database, authorization: string | undefined, body: unknown): Promise<ClientRow> {
  const presented = presentedCredentials(authorization, body);
  const client = await findClient(db, presented.clientId);
  if (!client) throw new OAuthError('invalid_client', 'Unknown client: register again.');
  if (client.clientSecretHash) {
    if (presented.secret === undefined || !sameHash(presented.secret, client.clientSecretHash)) throw new OAuthError('invalid_client', 'The client secret is missing or wrong.');
  } else if (presented.secret !== undefined && presented.secret !== '') {
    throw new OAuthError('invalid_client', 'This client was registered without a secret (token_endpoint_auth_method none).');
  }
  return client;
}
