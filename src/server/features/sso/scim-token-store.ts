import { and, count, desc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { ScimToken } from '@/contracts/scim.ts';
import type { Database } from '../../db/client.ts';
import { organizations, scimTokens, ssoDomains, users } from '../../db/schema.ts';

/** An organisation's SCIM tokens (ADR 296): only the SHA-256 of a secret is stored. */

const tokenColumns = {
  id: scimTokens.id,
  name: scimTokens.name,
  prefix: scimTokens.prefix,
  createdByEmail: users.email,
  createdAt: scimTokens.createdAt,
  lastUsedAt: scimTokens.lastUsedAt,
  revokedAt: scimTokens.revokedAt,
};

type TokenRow = { id: string; name: string; prefix: string; createdByEmail: string | null; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

function toScimToken(row: TokenRow): ScimToken {
  return { ...row, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null, revokedAt: row.revokedAt?.toISOString() ?? null };
}

export async function listScimTokens(db: Database, organizationId: string): Promise<ScimToken[]> {
  const rows = await db.select(tokenColumns).from(scimTokens).leftJoin(users, eq(users.id, scimTokens.createdById)).where(eq(scimTokens.organizationId, organizationId)).orderBy(desc(scimTokens.createdAt), scimTokens.id);
  return rows.map(toScimToken);
}

export async function countActiveScimTokens(db: Database, organizationId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(scimTokens).where(and(eq(scimTokens.organizationId, organizationId), isNull(scimTokens.revokedAt)));
  return row?.value ?? 0;
}

export async function insertScimToken(db: Database, token: typeof scimTokens.$inferInsert): Promise<ScimToken> {
  const [row] = await db.insert(scimTokens).values(token).returning({ id: scimTokens.id });
  if (!row) throw new Error('scim token insert returned no row');
  const [created] = await db.select(tokenColumns).from(scimTokens).leftJoin(users, eq(users.id, scimTokens.createdById)).where(eq(scimTokens.id, row.id));
  return toScimToken(created!);
}

/** Revokes one of the organisation's tokens: its name and whether this call revoked it, or null when the organisation has no such token. */
export async function revokeScimToken(db: Database, organizationId: string, tokenId: string, now: Date): Promise<{ name: string; revokedNow: boolean } | null> {
  const [token] = await db.select({ name: scimTokens.name, revokedAt: scimTokens.revokedAt }).from(scimTokens).where(and(eq(scimTokens.id, tokenId), eq(scimTokens.organizationId, organizationId)));
  if (!token) return null;
  if (token.revokedAt) return { name: token.name, revokedNow: false };
  const revoked = await db.update(scimTokens).set({ revokedAt: now }).where(and(eq(scimTokens.id, tokenId), isNull(scimTokens.revokedAt))).returning({ id: scimTokens.id });
  return { name: token.name, revokedNow: revoked.length === 1 };
}

/** The organisation's verified SSO domains: the only addresses SCIM may provision (ADR 296). */
export async function verifiedDomainsOf(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(and(eq(ssoDomains.organizationId, organizationId), isNotNull(ssoDomains.verifiedAt))).orderBy(ssoDomains.domain);
  return rows.map((row) => row.domain);
}

/** The token behind a secret's hash, usable: unrevoked, of an organisation not being deleted. */
export async function findUsableScimToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ id: scimTokens.id, name: scimTokens.name, organizationId: scimTokens.organizationId, lastUsedAt: scimTokens.lastUsedAt })
    .from(scimTokens)
    .innerJoin(organizations, eq(organizations.id, scimTokens.organizationId))
    .where(and(eq(scimTokens.tokenHash, tokenHash), isNull(scimTokens.revokedAt), isNull(organizations.deletionRequestedAt)))
    .limit(1);
  return row ?? null;
}

/** lastUsedAt at most once a minute (an identity provider's sync is many calls). */
export async function touchScimToken(db: Database, tokenId: string, now: Date): Promise<void> {
  const dueBefore = new Date(now.getTime() - 60_000);
  await db
    .update(scimTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(scimTokens.id, tokenId), or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, dueBefore))));
}
