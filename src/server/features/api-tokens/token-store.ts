import { and, count, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { ApiToken, ApiTokenKind, ApiTokenScope } from '@/contracts/api-tokens.ts';
import type { Database } from '../../db/client.ts';
import { apiTokens, organizations, users } from '../../db/schema.ts';

/**
 * The api_tokens table's rows as records (ADR 201). Reads are always scoped: a user's personal
 * tokens, or one organisation's organisation tokens. The hash never leaves this module.
 */

/** Which tokens a list, a count or a revoke may touch (the revoke itself is sessions' revokeApiTokenById, ADR 243). */
export type TokenOwner = { kind: 'personal'; userId: string } | { kind: 'organization'; organizationId: string };

function ownedBy(owner: TokenOwner): SQL {
  return owner.kind === 'personal'
    ? (and(eq(apiTokens.kind, 'personal'), eq(apiTokens.userId, owner.userId)) as SQL)
    : (and(eq(apiTokens.kind, 'organization'), eq(apiTokens.organizationId, owner.organizationId)) as SQL);
}

const listedColumns = {
  id: apiTokens.id,
  kind: apiTokens.kind,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  scopes: apiTokens.scopes,
  organizationId: apiTokens.organizationId,
  organizationName: organizations.name,
  createdByEmail: users.email,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
};

type ListedRow = Awaited<ReturnType<typeof selectListed>>[number];

function toApiToken(row: ListedRow): ApiToken {
  return {
    id: row.id,
    kind: row.kind as ApiTokenKind,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiTokenScope[],
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

function selectListed(db: Database, condition: SQL) {
  return db
    .select(listedColumns)
    .from(apiTokens)
    .innerJoin(organizations, eq(organizations.id, apiTokens.organizationId))
    .leftJoin(users, eq(users.id, apiTokens.userId))
    .where(condition);
}

/** The owner's tokens, revoked and expired ones too, newest first. */
export async function listTokens(db: Database, owner: TokenOwner): Promise<ApiToken[]> {
  const rows = await selectListed(db, ownedBy(owner)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiToken);
}

/** Tokens of the owner that still work (not revoked, not expired): what the per-owner ceiling counts. */
export async function countActiveTokens(db: Database, owner: TokenOwner, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(apiTokens)
    .where(and(ownedBy(owner), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)));
  return row?.value ?? 0;
}

export interface NewToken {
  kind: ApiTokenKind;
  userId: string;
  organizationId: string;
  name: string;
  tokenHash: string;
  prefix: string;
  scopes: ApiTokenScope[];
  expiresAt: Date;
  createdAt: Date;
}

export async function insertToken(db: Database, token: NewToken): Promise<ApiToken> {
  const [inserted] = await db.insert(apiTokens).values(token).returning({ id: apiTokens.id });
  if (!inserted) throw new Error('api token insert returned no row');
  const [row] = await selectListed(db, eq(apiTokens.id, inserted.id));
  if (!row) throw new Error('inserted api token not found');
  return toApiToken(row);
}

/** One token of the owner (revoked or not), or null: another owner's token is not found. */
export async function findToken(db: Database, owner: TokenOwner, tokenId: string): Promise<ApiToken | null> {
  const [row] = await selectListed(db, and(ownedBy(owner), eq(apiTokens.id, tokenId)) as SQL).limit(1);
  return row ? toApiToken(row) : null;
}
