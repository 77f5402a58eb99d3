import { randomBytes } from 'node:crypto';
import { MAX_ACTIVE_SCIM_TOKENS, SCIM_BASE_PATH, SCIM_MESSAGES, SCIM_TOKEN_PREFIX, type CreatedScimToken, type CreateScimTokenInput, type ScimSettings } from '@/contracts/scim.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import { countActiveScimTokens, insertScimToken, listScimTokens, revokeScimToken, verifiedDomainsOf } from './scim-token-store.ts';

/**
 * An owner's SCIM tokens (ADR 296), in the organisation's single sign-on settings: created with a
 * fresh second factor (a token lets a directory deactivate anyone of the organisation's domains),
 * shown once, revoked at once (each SCIM request reads the token, nothing is cached).
 */

/** The stored, visible start of a secret: the prefix and four random characters. */
const VISIBLE_PREFIX_LENGTH = SCIM_TOKEN_PREFIX.length + 4;

export interface ScimTokenOptions {
  db: Database;
  auth: AuthContext;
  organizationId: string;
  appUrl: string;
  now: Date;
  audit: Audit;
}

export async function readScimSettings(options: Pick<ScimTokenOptions, 'db' | 'organizationId' | 'appUrl'>): Promise<ScimSettings> {
  const { db, organizationId, appUrl } = options;
  return { baseUrl: `${new URL(appUrl).origin}${SCIM_BASE_PATH}`, verifiedDomains: await verifiedDomainsOf(db, organizationId), tokens: await listScimTokens(db, organizationId) };
}

export async function createScimToken(options: ScimTokenOptions & { input: CreateScimTokenInput }): Promise<CreatedScimToken> {
  const { db, auth, organizationId, now, audit, input } = options;
  requireFreshVerification(auth, now);
  if ((await verifiedDomainsOf(db, organizationId)).length === 0) throw new AppError('conflict', SCIM_MESSAGES.needsVerifiedDomain);
  if ((await countActiveScimTokens(db, organizationId)) >= MAX_ACTIVE_SCIM_TOKENS) throw new AppError('conflict', SCIM_MESSAGES.tooMany);
  const secret = `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const token = await insertScimToken(db, { organizationId, name: input.name, tokenHash: hashToken(secret), prefix: secret.slice(0, VISIBLE_PREFIX_LENGTH), createdById: auth.user.id, createdAt: now });
  await audit({ action: 'scim.token_created', organizationId, details: { tokenId: token.id, name: token.name } });
  return { token, secret };
}

export async function revokeOrganizationScimToken(options: ScimTokenOptions & { tokenId: string }): Promise<{ message: string }> {
  const { db, organizationId, now, audit, tokenId } = options;
  const revoked = await revokeScimToken(db, organizationId, tokenId, now);
  if (!revoked) throw new AppError('not_found', 'SCIM token not found');
  if (revoked.revokedNow) await audit({ action: 'scim.token_revoked', organizationId, details: { tokenId, name: revoked.name } });
  return { message: `The SCIM token “${revoked.name}” has been revoked. Your identity provider's requests with it are refused from now on.` };
}
