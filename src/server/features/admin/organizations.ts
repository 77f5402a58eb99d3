import { asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AdminOrganizationIdParamsSchema, AdminOrganizationListQuerySchema, type AdminOrganizationDetail, type AdminOrganizationList } from '@/contracts/admin.ts';
import { memberships, organizations, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';

const memberCount = count(memberships.userId);

/** GET /api/admin/organizations: every organisation with its subscription state and member count. */
export async function listOrganizations(request: FastifyRequest): Promise<AdminOrganizationList> {
  const query = parseInput(AdminOrganizationListQuerySchema, request.query);
  const db = request.server.db;
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
export async function getOrganization(request: FastifyRequest): Promise<AdminOrganizationDetail> {
  const { id } = parseInput(AdminOrganizationIdParamsSchema, request.params);
  const db = request.server.db;
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
