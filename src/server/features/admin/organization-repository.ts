import { asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { AdminOrganizationSummary } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { memberships, organizations, users } from '../../db/schema.ts';
import { escapeLike } from '../../db/repositories/escape-like.ts';

/** Organisations as /account-management lists them, with their members. */

const memberCount = count(memberships.userId);

/** One page of organisations whose name contains `q`, newest first, and how many match in all. */
export async function findOrganizationPage(db: Database, query: { q?: string | undefined; page: number; pageSize: number }): Promise<{ organizations: AdminOrganizationSummary[]; total: number }> {
  const where = query.q ? ilike(organizations.name, `%${escapeLike(query.q)}%`) : undefined;
  const [total] = await db.select({ value: count() }).from(organizations).where(where);
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, subscriptionStatus: organizations.subscriptionStatus, createdAt: organizations.createdAt, memberCount })
    .from(organizations)
    .leftJoin(memberships, eq(memberships.organizationId, organizations.id))
    .where(where)
    .groupBy(organizations.id)
    .orderBy(desc(organizations.createdAt), asc(organizations.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { organizations: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total: total?.value ?? 0 };
}

export async function findOrganization(db: Database, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row ?? null;
}

/** An organisation's members with their roles and account status, by e-mail. */
export async function listOrganizationMembers(db: Database, organizationId: string) {
  return db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: memberships.role, status: users.status })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(users.email));
}
