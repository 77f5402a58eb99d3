import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { OAUTH_TOKEN_PREFIX } from '@/contracts/oauth.ts';
import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import { effectiveOrganizationRole, roleUnlessBeingDeleted } from '../../sessions/organization-owner.ts';
import { revokeOAuthGrantById } from '../../sessions/revocation.ts';
import { hashToken } from '../../sessions/session-store.ts';
import type { ClientRow } from './client-store.ts';
import { consumeCode, consumeRefreshToken, findConsumedCode, findGrant, findTokenGrant, insertTokens } from './grant-store.ts';
import { stringParam } from './form-body.ts';
import { OAuthError } from './oauth-error.ts';
import { OAUTH_LIFETIMES_MS, type OAuthSite } from './oauth-settings.ts';

/**
 * The token endpoint's two grants (ADR 294): an authorization code with its PKCE verifier, and a
 * refresh token, rotated on every use. A code presented a second time, or a refresh token after its
 * short grace (OAUTH_LIFETIMES_MS.refreshReuseGrace), means one of two parties holds a copy: the
 * whole grant is revoked (OAuth 2.1 sections 4.1.3 and 4.3.1), and the assistant must be connected again.
 */

/** RFC 7636 section 4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export interface TokenRequest {
  db: Database;
  client: ClientRow;
  body: unknown;
  site: OAuthSite;
  now: Date;
  audit: Audit;
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

const invalidGrant = (why: string) => new OAuthError('invalid_grant', why);

function pkceMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

function checkResource(body: unknown, resource: string): void {
  const asked = stringParam(body, 'resource');
  if (asked !== undefined && asked !== resource) throw new OAuthError('invalid_target', `Tokens of this grant are for ${resource} only.`);
}

/** Revokes a grant whose code or refresh token came back a second time, and says so in the audit log. */
async function revokeOnReplay(options: TokenRequest, grantId: string, reason: 'code_replayed' | 'refresh_token_reused'): Promise<never> {
  const revoked = await revokeOAuthGrantById(options.db, grantId, options.now);
  if (revoked) await options.audit({ action: 'oauth.grant_revoked', actorUserId: null, targetUserId: revoked.userId, organizationId: revoked.organizationId, details: { grantId, reason } });
  throw invalidGrant('This grant has been used twice and is now revoked: connect the assistant again.');
}

/** The grant, when it is this client's, unrevoked, and its person may still act in its organisation. */
async function usableGrant(db: Database, grantId: string, client: ClientRow) {
  const found = await findGrant(db, grantId);
  if (!found || found.grant.clientId !== client.id || found.grant.revokedAt) throw invalidGrant('The grant is unknown or revoked.');
  const role = roleUnlessBeingDeleted(effectiveOrganizationRole(found.membershipRole, found.grant.organizationId, found.homeOrganizationId), found.deletionRequestedAt);
  if (found.userStatus !== 'active' || !role) throw invalidGrant('The person who connected this assistant no longer has access.');
  return found.grant;
}

async function issueTokens(options: TokenRequest, grant: { id: string; scopes: string[]; userId: string; organizationId: string }, via: 'authorization_code' | 'refresh_token'): Promise<TokenAnswer> {
  const { db, client, now, audit } = options;
  const access = `${OAUTH_TOKEN_PREFIX.access}${randomBytes(32).toString('base64url')}`;
  const refresh = client.grantTypes.includes('refresh_token') ? `${OAUTH_TOKEN_PREFIX.refresh}${randomBytes(32).toString('base64url')}` : null;
  await insertTokens(db, [
    { id: hashToken(access), grantId: grant.id, kind: 'access', expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES_MS.accessToken), createdAt: now },
    ...(refresh ? [{ id: hashToken(refresh), grantId: grant.id, kind: 'refresh', expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES_MS.refreshToken), createdAt: now }] : []),
  ]);
  await audit({ action: 'oauth.token_issued', actorUserId: grant.userId, organizationId: grant.organizationId, details: { grantId: grant.id, clientId: client.id, via, refreshToken: refresh !== null } });
  return { access_token: access, token_type: 'Bearer', expires_in: OAUTH_LIFETIMES_MS.accessToken / 1000, scope: grant.scopes.join(' '), ...(refresh ? { refresh_token: refresh } : {}) };
}

export async function exchangeCode(options: TokenRequest): Promise<TokenAnswer> {
  const { db, client, body, site, now } = options;
  const code = stringParam(body, 'code');
  const verifier = stringParam(body, 'code_verifier');
  const redirectUri = stringParam(body, 'redirect_uri');
  if (!code || !verifier || !redirectUri) throw new OAuthError('invalid_request', 'code, code_verifier and redirect_uri are required.');
  if (!CODE_VERIFIER.test(verifier)) throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters (RFC 7636).');
  checkResource(body, site.resource);
  const codeHash = hashToken(code);
  const claimed = await consumeCode(db, codeHash, now);
  if (!claimed) {
    const replayed = await findConsumedCode(db, codeHash);
    if (replayed) return revokeOnReplay(options, replayed.grantId, 'code_replayed');
    throw invalidGrant('The code is unknown.');
  }
  if (claimed.expiresAt.getTime() <= now.getTime()) throw invalidGrant('The code has expired.');
  const grant = await usableGrant(db, claimed.grantId, client);
  if (claimed.redirectUri !== redirectUri) throw invalidGrant('redirect_uri does not match the authorization request.');
  if (!pkceMatches(verifier, claimed.codeChallenge)) throw invalidGrant('code_verifier does not match the code_challenge.');
  return issueTokens(options, grant, 'authorization_code');
}

export async function refreshTokens(options: TokenRequest): Promise<TokenAnswer> {
  const { db, client, body, site, now } = options;
  const refreshToken = stringParam(body, 'refresh_token');
  if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token is required.');
  checkResource(body, site.resource);
  const tokenHash = hashToken(refreshToken);
  const claimed = await consumeRefreshToken(db, tokenHash, client.id, now, new Date(now.getTime() - OAUTH_LIFETIMES_MS.refreshReuseGrace));
  if (!claimed) {
    const known = await findTokenGrant(db, tokenHash);
    if (known?.kind === 'refresh' && known.consumedAt && known.clientId === client.id) return revokeOnReplay(options, known.grantId, 'refresh_token_reused');
    throw invalidGrant('The refresh token is unknown, expired or revoked.');
  }
  const grant = await usableGrant(db, claimed.grantId, client);
  const scope = stringParam(body, 'scope');
  if (scope !== undefined && scope.split(' ').some((name) => !grant.scopes.includes(name))) throw new OAuthError('invalid_scope', 'A refresh cannot add scopes the person did not consent to.');
  return issueTokens(options, grant, 'refresh_token');
}

export async function answerTokenRequest(options: TokenRequest): Promise<TokenAnswer> {
  const grantType = stringParam(options.body, 'grant_type');
  if (grantType === 'authorization_code') return exchangeCode(options);
  if (grantType === 'refresh_token') return refreshTokens(options);
  throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
}

/**
 * RFC 7009: the client revokes one of its tokens; CIFER revokes the whole grant (a refresh token's
 * access tokens go with it, section 2.1). An unknown token, or another client's, is answered the
 * same 200 and changes nothing.
 */
export async function revokeByToken(options: Omit<TokenRequest, 'site'>): Promise<void> {
  const { db, client, body, now, audit } = options;
  const token = stringParam(body, 'token');
  if (!token) throw new OAuthError('invalid_request', 'token is required.');
  const known = await findTokenGrant(db, hashToken(token));
  if (!known || known.clientId !== client.id) return;
  const revoked = await revokeOAuthGrantById(db, known.grantId, now);
  if (revoked) await audit({ action: 'oauth.grant_revoked', actorUserId: null, targetUserId: revoked.userId, organizationId: revoked.organizationId, details: { grantId: known.grantId, reason: 'revoked_by_client', clientId: client.id } });
}
