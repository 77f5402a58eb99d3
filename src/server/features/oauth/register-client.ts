import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { text } from '@/contracts/text.ts';
import type { Database } from '../../db/client.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { insertClient } from './client-store.ts';
import { OAuthError } from './oauth-error.ts';
import { redirectUriProblem } from './redirect-uri.ts';

/**
 * Dynamic client registration (RFC 7591, ADR 294): an assistant registers itself with no credential,
 * as the MCP authorization specification expects. Registration grants nothing: a client can only
 * send a person to the consent page, which names it and where it will send them back. What CIFER
 * does not use (logos, contacts, policies) is ignored rather than stored and shown.
 */

const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;
const UNNAMED_CLIENT = 'Unnamed assistant';

const RegistrationSchema = z.object({
  redirect_uris: z.array(text()).min(1, 'at least one redirect URI is required').max(10, 'at most 10 redirect URIs'),
  client_name: text().trim().max(100, 'client_name is at most 100 characters').optional(),
  token_endpoint_auth_method: z.enum(AUTH_METHODS, `token_endpoint_auth_method must be one of ${AUTH_METHODS.join(', ')}`).optional(),
  grant_types: z.array(z.enum(GRANT_TYPES, `grant_types may only be ${GRANT_TYPES.join(' and ')}`)).max(2).optional(),
  response_types: z.array(z.literal('code', 'response_types may only be code')).max(1).optional(),
});

function parseRegistration(body: unknown) {
  const parsed = RegistrationSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === undefined ? 'the registration' : String(issue.path[0]);
    const code = field === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    throw new OAuthError(code, `${field}: ${issue?.message ?? 'invalid'}`);
  }
  for (const uri of parsed.data.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', `The redirect URI ${uri.slice(0, 200)} ${problem}.`);
  }
  const grantTypes = [...new Set(parsed.data.grant_types ?? ['authorization_code'])];
  if (!grantTypes.includes('authorization_code')) throw new OAuthError('invalid_client_metadata', 'grant_types must include authorization_code (the only flow CIFER offers).');
  return { ...parsed.data, grantTypes };
}

export async function registerClient(db: Database, body: unknown, now: Date) {
  const registration = parseRegistration(body);
  // RFC 7591's default is client_secret_basic: a client that says nothing gets a secret.
  const authMethod = registration.token_endpoint_auth_method ?? 'client_secret_basic';
  const secret = authMethod === 'none' ? null : randomBytes(32).toString('base64url');
  const client = await insertClient(db, {
    id: `cifer_client_${randomBytes(16).toString('base64url')}`,
    name: registration.client_name || UNNAMED_CLIENT,
    redirectUris: registration.redirect_uris,
    tokenEndpointAuthMethod: authMethod,
    clientSecretHash: secret ? hashToken(secret) : null,
    grantTypes: registration.grantTypes,
    createdAt: now,
  });
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    grant_types: client.grantTypes,
    response_types: ['code'],
    token_endpoint_auth_method: authMethod,
  };
}
