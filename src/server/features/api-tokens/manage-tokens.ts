import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { API_TOKEN_MESSAGES, API_TOKEN_SECRET_PREFIX, MAX_API_TOKENS_PER_OWNER, type ApiToken, type CreatedApiToken, type CreateApiTokenInputSchema } from '@/contracts/api-tokens.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { revokeApiTokenById } from '../../sessions/revocation.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import { countActiveTokens, findToken, insertToken, listTokens, type TokenOwner } from './token-store.ts';

/**
 * Creating, listing and revoking API tokens (ADR 228), the same for a user's personal tokens and an
 * organisation's tokens: the routes decide whose tokens (`owner`) and check the caller may manage them.
 */

const DAY_MS = 86_400_000;
/** The stored, visible start of a secret: the kind's prefix and four random characters. */
const VISIBLE_PREFIX_LENGTH = 14;
const TOKEN_NOT_FOUND = 'API token not found';

export interface TokenOperationOptions {
  db: Database;
  auth: AuthContext;
  now: Date;
  audit: Audit;
}

export type CreateTokenValues = z.output<typeof CreateApiTokenInputSchema>;

/** The whose-tokens of a personal or organisation request, with the organisation a new token acts in. */
export interface TokenScope {
  owner: TokenOwner;
  /** Where a new token acts: the session's current organisation (personal) or the managed one. */
  organizationId: string;
}

export function personalTokens(auth: AuthContext): TokenScope {
  return { owner: { kind: 'personal', userId: auth.user.id }, organizationId: auth.user.organizationId };
}

export function organizationTokens(organizationId: string): TokenScope {
  return { owner: { kind: 'organization', organizationId }, organizationId };
}

export async function listApiTokens(db: Database, scope: TokenScope): Promise<{ tokens: ApiToken[] }> {
  return { tokens: await listTokens(db, scope.owner) };
}

/**
 * A new token: only its hash is stored, and the secret is in this one answer. A token is a lasting
 * key to the account, so it needs a second factor verified within the step-up window.
 */
export async function createApiToken(options: TokenOperationOptions & { scope: TokenScope; input: CreateTokenValues }): Promise<CreatedApiToken> {
  const { db, auth, now, audit, scope, input } = options;
  requireFreshVerification(auth, now);
  if ((await countActiveTokens(db, scope.owner, now)) >= MAX_API_TOKENS_PER_OWNER) throw new AppError('conflict', API_TOKEN_MESSAGES.tooMany);
  const kind = scope.owner.kind;
  const secret = `${API_TOKEN_SECRET_PREFIX[kind]}${randomBytes(32).toString('base64url')}`;
  const token = await insertToken(db, {
    kind,
    userId: auth.user.id,
    organizationId: scope.organizationId,
    name: input.name,
    tokenHash: hashToken(secret),
    prefix: secret.slice(0, VISIBLE_PREFIX_LENGTH),
    scopes: input.scopes,
    expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
    createdAt: now,
  });
  await audit({ action: 'api_token.created', organizationId: token.organizationId, details: { tokenId: token.id, name: token.name, kind, scopes: token.scopes, expiresAt: token.expiresAt } });
  return { token, secret };
}

/** Revokes one token of the owner at once on every instance (its cached entries go with it, ADR 243); another owner's is not found. */
export async function revokeApiToken(options: TokenOperationOptions & { scope: TokenScope; tokenId: string }): Promise<{ message: string }> {
  const { db, now, audit, scope, tokenId } = options;
  const token = await findToken(db, scope.owner, tokenId);
  if (!token) throw new AppError('not_found', TOKEN_NOT_FOUND);
  if (await revokeApiTokenById(db, token.id, now)) {
    await audit({ action: 'api_token.revoked', organizationId: token.organizationId, details: { tokenId, name: token.name, kind: token.kind } });
  }
  return { message: `The token “${token.name}” has been revoked. Calls made with it are refused from now on.` };
}
