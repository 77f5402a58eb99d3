import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { joinCaller } from '../../sessions/caller-query.ts';
import { memberships, oauthAuthorizationRequests, oauthClients, oauthCodes, oauthGrants, oauthTokens, organizations, users } from '../../db/schema.ts';

/**
 * The rows of the OAuth flow (ADR 294): authorization requests waiting on the consent page, codes,
 * grants and their tokens. Codes and tokens are stored as SHA-256 only. Revoking a grant is a
 * session writer's (sessions/revocation.ts), since the token lookup is cached with the sessions.
 */

export type AuthorizationRequestRow = typeof oauthAuthorizationRequests.$inferSelect;

export async function insertAuthorizationRequest(db: Database, request: typeof oauthAuthorizationRequests.$inferInsert): Promise<void> {
  await db.insert(oauthAuthorizationRequests).values(request);
}

/** A waiting request and its client, unexpired. */
export async function findAuthorizationRequest(db: Database, id: string, now: Date) {
  const [row] = await db
    .select({ request: oauthAuthorizationRequests, clientName: oauthClients.name })
    .from(oauthAuthorizationRequests)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthAuthorizationRequests.clientId))
    .where(and(eq(oauthAuthorizationRequests.id, id), gt(oauthAuthorizationRequests.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Takes the request off the table (it is answered once); null when it was answered or expired meanwhile. */
export async function claimAuthorizationRequest(db: Database, id: string, now: Date): Promise<AuthorizationRequestRow | null> {
  const [row] = await db
    .delete(oauthAuthorizationRequests)
    .where(and(eq(oauthAuthorizationRequests.id, id), gt(oauthAuthorizationRequests.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** The organisations a person may connect an assistant to: their memberships and their home, not those being deleted unless they own them. */
export async function readConnectableOrganizations(db: Database, userId: string) {
  const [account] = await db.select({ home: users.organizationId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!account) return [];
  return db
    .select({ id: organizations.id, name: organizations.name, membershipRole: memberships.role, deletionRequestedAt: organizations.deletionRequestedAt })
    .from(organizations)
    .leftJoin(memberships, and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, userId)))
    .where(or(isNotNull(memberships.userId), eq(organizations.id, account.home)))
    .orderBy(asc(organizations.name));
}

export async function insertGrant(db: Database, grant: typeof oauthGrants.$inferInsert) {
  const [row] = await db.insert(oauthGrants).values(grant).returning();
  if (!row) throw new Error('oauth grant insert returned no row');
  return row;
}

export async function insertCode(db: Database, code: typeof oauthCodes.$inferInsert): Promise<void> {
  await db.insert(oauthCodes).values(code);
}

/** Consumes a code once; null when it is unknown or was consumed already (then `findConsumedCode` tells which). */
export async function consumeCode(db: Database, codeHash: string, now: Date) {
  const [row] = await db
    .update(oauthCodes)
    .set({ consumedAt: now })
    .where(and(eq(oauthCodes.id, codeHash), isNull(oauthCodes.consumedAt)))
    .returning();
  return row ?? null;
}

export async function findConsumedCode(db: Database, codeHash: string) {
  const [row] = await db.select({ grantId: oauthCodes.grantId }).from(oauthCodes).where(and(eq(oauthCodes.id, codeHash), isNotNull(oauthCodes.consumedAt))).limit(1);
  return row ?? null;
}

/**
 * A grant with what a token request must check: its client, person and organisation still usable,
 * read through the same joins as every caller (sessions/caller-query.ts).
 */
export async function findGrant(db: Database, grantId: string) {
  const grant = db
    .select({
      grant: oauthGrants,
      userStatus: users.status,
      homeOrganizationId: users.organizationId,
      membershipRole: memberships.role,
      deletionRequestedAt: organizations.deletionRequestedAt,
    })
    .from(oauthGrants)
    .$dynamic();
  const [row] = await joinCaller(grant, { userId: oauthGrants.userId, organizationId: oauthGrants.organizationId })
    .where(eq(oauthGrants.id, grantId))
    .limit(1);
  return row ?? null;
}

export async function insertTokens(db: Database, tokens: (typeof oauthTokens.$inferInsert)[]): Promise<void> {
  await db.insert(oauthTokens).values(tokens);
}

/**
 * Consumes a refresh token of this client's unrevoked grant (rotation). It may be exchanged again
 * until `graceStart` has passed its first use: an assistant's concurrent requests each refresh
 * when they find the access token expired (ADR 294). Null when it is unknown, expired, consumed
 * before the grace, or another client's.
 */
export async function consumeRefreshToken(db: Database, tokenHash: string, clientId: string, now: Date, graceStart: Date) {
  const [row] = await db
    .update(oauthTokens)
    .set({ consumedAt: sql`coalesce(${oauthTokens.consumedAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(oauthTokens.id, tokenHash),
        eq(oauthTokens.kind, 'refresh'),
        or(isNull(oauthTokens.consumedAt), gt(oauthTokens.consumedAt, graceStart)),
        gt(oauthTokens.expiresAt, now),
        sql`${oauthTokens.grantId} in (select ${oauthGrants.id} from ${oauthGrants} where ${oauthGrants.clientId} = ${clientId} and ${oauthGrants.revokedAt} is null)`,
      ),
    )
    .returning({ grantId: oauthTokens.grantId });
  return row ?? null;
}

/** A token (either kind) with its grant's client: what reuse detection and revocation ask. */
export async function findTokenGrant(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ kind: oauthTokens.kind, consumedAt: oauthTokens.consumedAt, grantId: oauthTokens.grantId, clientId: oauthGrants.clientId, userId: oauthGrants.userId, organizationId: oauthGrants.organizationId })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .where(eq(oauthTokens.id, tokenHash))
    .limit(1);
  return row ?? null;
}

/** The person's connected assistants: unrevoked grants, newest first. */
export async function listActiveGrants(db: Database, userId: string) {
  return db
    .select({ grant: oauthGrants, clientName: oauthClients.name, redirectUris: oauthClients.redirectUris, organizationName: organizations.name })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .innerJoin(organizations, eq(organizations.id, oauthGrants.organizationId))
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
    .orderBy(sql`${oauthGrants.createdAt} desc`, oauthGrants.id);
}

export async function findOwnGrant(db: Database, userId: string, grantId: string) {
  const [row] = await db
    .select({ grant: oauthGrants, clientName: oauthClients.name })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Housekeeping: waiting requests past their time, and codes expired before `codesBefore` (kept a
 * while after their minute, so a late replay is still recognised; tokens: sessions/oauth-token-auth.ts).
 */
export async function deleteExpiredRequestsAndCodes(db: Database, now: Date, codesBefore: Date): Promise<void> {
  await db.delete(oauthAuthorizationRequests).where(lt(oauthAuthorizationRequests.expiresAt, now));
  await db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, codesBefore));
}
