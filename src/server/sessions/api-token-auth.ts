import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { API_TOKEN_SECRET_PREFIX, type ApiTokenKind, type ApiTokenScope } from '@/contracts/api-tokens.ts';
import { OAUTH_TOKEN_PREFIX } from '@/contracts/oauth.ts';
import type { Database } from '../db/client.ts';
import { apiTokens } from '../db/schema.ts';
import type { AuthContext, OrganizationRole, PaymentRule } from './auth-context.ts';
import { effectiveOrganizationRole } from './organization-owner.ts';
import { callerFactColumns, findBearerCaller } from './caller-query.ts';
import { bearerAuthContext, loadCachedToken, notTouchedSince, touchLastUsed, type LoadedToken } from './cached-token.ts';
import { hashToken } from './session-store.ts';

/** The Authorization header's bearer secret when it looks like a CIFER token (an API token or an assistant's OAuth access token); anything else is not one of ours. */
export function readBearerSecret(authorization: string | undefined): string | null {
  // The scheme name is case-insensitive (RFC 9110 section 11.1).
  if (!authorization || !/^bearer /i.test(authorization)) return null;
  const secret = authorization.slice('Bearer '.length).trim();
  const known = [...Object.values(API_TOKEN_SECRET_PREFIX), OAUTH_TOKEN_PREFIX.access].some((prefix) => secret.startsWith(prefix));
  return known && secret.length <= 200 ? secret : null;
}

/** The header a personal token names another of its owner's organisations with (ADR 228). */
export const ORGANIZATION_HEADER = 'cifer-organization';

/**
 * The token, its owner and the organisation it acts in, in one prepared query (ADR 239). A personal
 * token may act in any organisation its owner belongs to (the requested one, when given); an
 * organisation token only in its own, which findApiTokenAuth then compares with the request.
 */
const tokenRowQuery = (db: Database) => {
  const requested = sql.placeholder('requestedOrganizationId');
  const actingOrganization = sql<string>`coalesce(case when ${apiTokens.kind} = 'personal' then ${requested}::uuid end, ${apiTokens.organizationId})`;
  const token = db
    .select({
      id: apiTokens.id,
      kind: apiTokens.kind,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      ...callerFactColumns,
    })
    .from(apiTokens)
    .$dynamic();
  // An organisation pending deletion takes no token calls at all: its integrations stop with the request (ADR 233).
  return findBearerCaller(
    token,
    { userId: apiTokens.userId, organizationId: actingOrganization },
    eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
    isNull(apiTokens.revokedAt),
    gt(apiTokens.expiresAt, sql.placeholder('now')),
  ).prepare('api_token_auth');
};

type TokenRow = NonNullable<Awaited<ReturnType<typeof readTokenRow>>>;

async function readTokenRow(db: Database, tokenHash: string, now: Date, requestedOrganizationId: string | null) {
  const [row] = await tokenRowQuery(db).execute({ tokenHash, now: now.toISOString(), requestedOrganizationId });
  return row ?? null;
}

/** A usable token's row with the role it acts with; only these are ever cached. */
interface UsableToken {
  row: TokenRow;
  organizationRole: OrganizationRole;
}

/** The role the token acts with, or null when it may not act in this request's organisation. */
function roleOf(row: TokenRow, requestedOrganizationId: string | null): OrganizationRole | null {
  if (row.kind === 'organization' && requestedOrganizationId && row.organizationId !== requestedOrganizationId) return null;
  const organizationRole = effectiveOrganizationRole(row.membershipRole, row.organizationId, row.user.homeOrganizationId);
  // An organisation token acts only while its creator is still an owner there.
  return organizationRole && (row.kind === 'personal' || organizationRole === 'owner') ? organizationRole : null;
}

/**
 * The token's key in the session cache (ADR 243): the secret's hash and the organisation the request
 * names, since a personal token answers differently per organisation. The prefix keeps these keys
 * apart from the sessions' (a bare SHA-256 hex), so neither reads the other's values.
 */
function cacheKey(tokenHash: string, requestedOrganizationId: string | null): string {
  return `api-token:${tokenHash}:${requestedOrganizationId ?? ''}`;
}

/**
 * The usable token behind the hash: from this instance's session cache (ADR 173, ADR 243), else read
 * and, when usable, cached under its owner and acting organisation, so every invalidation of either
 * (revoke, deactivation, erasure, membership, MFA, billing, deletion request) drops it on every instance.
 */
async function loadUsableToken(
  db: Database,
  tokenHash: string,
  now: Date,
  requestedOrganizationId: string | null,
): Promise<LoadedToken<UsableToken> | null> {
  return loadCachedToken<UsableToken>(db, cacheKey(tokenHash, requestedOrganizationId), now, async () => {
    const row = await readTokenRow(db, tokenHash, now, requestedOrganizationId);
    const organizationRole = row && roleOf(row, requestedOrganizationId);
    return row && organizationRole ? { row, organizationRole } : null;
  });
}

/**
 * The caller behind an API token (ADR 228), acting in its organisation or, for a personal token,
 * in the organisation the request names (CIFER-Organization header) when its owner belongs there.
 * Answered from the session cache when this instance has the token there (ADR 243), else read; a
 * revoke, the owner's deactivation or loss of role clears that cache here at once and on every other
 * instance within a second (ADR 173), and the expiry is checked on every call. A token carries its owner's rights in its organisation and
 * never more: an organisation token only while its creator is still an owner there. Null when the
 * token may not be used.
 */
export async function findApiTokenAuth(
  db: Database,
  secret: string,
  now: Date,
  paymentRule: PaymentRule,
  requestedOrganizationId: string | null = null,
): Promise<AuthContext | null> {
  const loaded = await loadUsableToken(db, hashToken(secret), now, requestedOrganizationId);
  if (!loaded) return null;
  const { row, organizationRole } = loaded.usable;
  await touchLastUsed(loaded, now, {
    lastUsedAt: row.lastUsedAt,
    touched: (usable) => ({ ...usable, row: { ...usable.row, lastUsedAt: now } }),
    write: (dueBefore) =>
      db.update(apiTokens).set({ lastUsedAt: now }).where(and(eq(apiTokens.id, row.id), notTouchedSince(apiTokens.lastUsedAt, dueBefore))),
  });
  const apiToken = { id: row.id, name: row.name, kind: row.kind as ApiTokenKind, scopes: row.scopes as ApiTokenScope[] };
  return bearerAuthContext(row, organizationRole, { session: { id: `api-token:${row.id}`, createdAt: row.createdAt }, apiToken }, now, paymentRule);
}
