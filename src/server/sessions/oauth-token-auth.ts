import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { ApiTokenScope } from '@/contracts/api-tokens.ts';
import type { Database } from '../db/client.ts';
import { oauthClients, oauthGrants, oauthTokens } from '../db/schema.ts';
import type { AuthContext, OrganizationRole, PaymentRule } from './auth-context.ts';
import { effectiveOrganizationRole } from './organization-owner.ts';
import { callerFactColumns, findBearerCaller } from './caller-query.ts';
import { bearerAuthContext, loadCachedToken, notTouchedSince, touchLastUsed, type LoadedToken } from './cached-token.ts';
import { hashToken } from './session-store.ts';

/**
 * An assistant's access token (ADR 294) with its grant, client, person and the organisation the
 * grant was given for, in one prepared query: usable only while the token is unexpired, the grant
 * not revoked, the token bound to this resource (RFC 8707), the person active and the organisation
 * not being deleted.
 */
const accessTokenQuery = (db: Database) => {
  const grant = db
    .select({
      expiresAt: oauthTokens.expiresAt,
      grant: { id: oauthGrants.id, scopes: oauthGrants.scopes, createdAt: oauthGrants.createdAt, lastUsedAt: oauthGrants.lastUsedAt },
      clientName: oauthClients.name,
      ...callerFactColumns,
    })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .$dynamic();
  return findBearerCaller(
    grant,
    { userId: oauthGrants.userId, organizationId: oauthGrants.organizationId },
    eq(oauthTokens.id, sql.placeholder('tokenHash')),
    eq(oauthTokens.kind, 'access'),
    gt(oauthTokens.expiresAt, sql.placeholder('now')),
    isNull(oauthGrants.revokedAt),
    eq(oauthGrants.resource, sql.placeholder('resource')),
  ).prepare('oauth_access_token_auth');
};

type AccessRow = NonNullable<Awaited<ReturnType<ReturnType<typeof accessTokenQuery>['execute']>>[number]>;

interface UsableAccess {
  row: AccessRow;
  organizationRole: OrganizationRole;
}

/** The key in the session cache (ADR 243): apart from the sessions' bare hashes and the API tokens' keys. */
function cacheKey(tokenHash: string): string {
  return `oauth:${tokenHash}`;
}

async function loadUsableAccess(db: Database, tokenHash: string, resource: string, now: Date): Promise<LoadedToken<UsableAccess> | null> {
  return loadCachedToken<UsableAccess>(db, cacheKey(tokenHash), now, async () => {
    const [row] = await accessTokenQuery(db).execute({ tokenHash, now: now.toISOString(), resource });
    const organizationRole = row ? effectiveOrganizationRole(row.membershipRole, row.organizationId, row.user.homeOrganizationId) : null;
    return row && organizationRole ? { row, organizationRole } : null;
  });
}

/**
 * The caller behind an assistant's access token (ADR 294), acting in the organisation the grant was
 * given for with the person's role there, never more. Answered from the session cache like an API
 * token (ADR 243): revoking the grant, deactivating the person (SCIM included, ADR 296) or any
 * change of their membership clears it here at once and on every instance within a second. Null
 * when the token may not be used for `resource`.
 */
export async function findOAuthAccessAuth(
  db: Database,
  secret: string,
  resource: string,
  now: Date,
  paymentRule: PaymentRule,
): Promise<AuthContext | null> {
  const loaded = await loadUsableAccess(db, hashToken(secret), resource, now);
  if (!loaded) return null;
  const { row, organizationRole } = loaded.usable;
  const { grant } = row;
  await touchLastUsed(loaded, now, {
    lastUsedAt: grant.lastUsedAt,
    touched: (usable) => ({ ...usable, row: { ...usable.row, grant: { ...usable.row.grant, lastUsedAt: now } } }),
    write: (dueBefore) =>
      db.update(oauthGrants).set({ lastUsedAt: now }).where(and(eq(oauthGrants.id, grant.id), notTouchedSince(oauthGrants.lastUsedAt, dueBefore))),
  });
  const apiToken = { id: grant.id, name: row.clientName, kind: 'oauth' as const, scopes: grant.scopes as ApiTokenScope[] };
  return bearerAuthContext(row, organizationRole, { session: { id: `oauth-grant:${grant.id}`, createdAt: grant.createdAt }, apiToken }, now, paymentRule);
}

/**
 * Housekeeping of the table the lookup reads: tokens that expired before `before` (a consumed
 * refresh token is kept until then, so its reuse is still recognised). No cached answer changes:
 * an expired token is never answered from the cache.
 */
export async function deleteExpiredOAuthTokens(db: Database, before: Date): Promise<number> {
  const deleted = await db.delete(oauthTokens).where(lt(oauthTokens.expiresAt, before)).returning({ id: oauthTokens.id });
  return deleted.length;
}
