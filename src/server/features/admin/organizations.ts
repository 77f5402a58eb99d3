import { asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminOrganizationDetail, AdminOrganizationList, AdminOrganizationListQuerySchema } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { memberships, organizations, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

const memberCount = count(memberships.userId);

/** GET /api/admin/organizations: every organisation with its subscription state and member count. */
export async function listOrganizations(options: { db: Database; query: z.output<typeof AdminOrganizationListQuerySchema> }): Promise<AdminOrganizationList> {
  const { db, query } = options;
  const where = query.q ? ilike(organizations.name, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
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
  return { organizations: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
}

/** GET /api/admin/organizations/:id: members with their roles (the billing panel composes beside it). */
export async function getOrganization(options: { db: Database; id: string }): Promise<AdminOrganizationDetail> {
  const { db, id } = options;
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  if (!organization) throw new AppError('not_found', 'Organisation not found');
  const members = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: memberships.role, status: users.status })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, id))
    .orderBy(asc(users.email));
  return {
    id: organization.id,
    name: organization.name,
    subscriptionStatus: organization.subscriptionStatus,
    createdAt: organization.createdAt.toISOString(),
    memberCount: members.length,
    members,
  };
}
