import { eq, ilike, inArray, or } from 'drizzle-orm';
import { organizations, users } from '../../db/schema.ts';
import type { Db } from './subscription-store.ts';

/** What billing reads of organisations and their members (names, addresses); their access is written by sessions (ADR 143). */

export async function findOrganizationRow(db: Db, organizationId: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row ?? null;
}

export async function findOrganizationName(db: Db, organizationId: string): Promise<string | null> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row?.name ?? null;
}

export async function organizationExists(db: Db, organizationId: string): Promise<boolean> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return Boolean(row);
}

/** Organisations whose name or a member's e-mail matches the LIKE pattern (all when `pattern` is null), oldest first, at most 20. */
export async function searchOrganizationsByNameOrMember(db: Db, pattern: string | null) {
  return db
    .selectDistinct({ id: organizations.id, name: organizations.name, createdAt: organizations.createdAt })
    .from(organizations)
    .leftJoin(users, eq(users.organizationId, organizations.id))
    .where(pattern ? or(ilike(organizations.name, pattern), ilike(users.email, pattern)) : undefined)
    .orderBy(organizations.createdAt)
    .limit(20);
}

/** The addresses of the accounts whose home is one of these organisations. */
export async function listHomeMemberEmails(db: Db, organizationIds: string[]): Promise<Array<{ organizationId: string; email: string }>> {
  return db.select({ organizationId: users.organizationId, email: users.email }).from(users).where(inArray(users.organizationId, organizationIds));
}

/** Up to `limit` addresses of accounts whose home is this organisation. */
export async function listSomeHomeMemberEmails(db: Db, organizationId: string, limit: number): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.organizationId, organizationId)).limit(limit);
  return rows.map((row) => row.email);
}
