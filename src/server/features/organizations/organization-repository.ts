import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { MyOrganization, OrganizationAuditEvent, OrganizationMember, PendingInvitation } from '@/contracts/organizations.ts';
import type { Database } from '../../db/client.ts';
import { auditConditions, selectAuditEvents, type AuditEventFilters } from '../../db/repositories/audit-events.ts';
import { auditLog, invitations, memberships, organizations, users } from '../../db/schema.ts';
import { toOrganizationRole, type AuthContext, type OrganizationRole } from '../../sessions/auth-context.ts';
import { roleUnlessBeingDeleted } from '../../sessions/organization-owner.ts';

/** Organisations and memberships as the organisations feature reads and writes them (ADR 140). */

export async function listMyOrganizations(db: Database, auth: AuthContext): Promise<MyOrganization[]> {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, role: memberships.role, deletionRequestedAt: organizations.deletionRequestedAt })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, auth.user.id))
    .orderBy(asc(organizations.name));
  // An organisation being deleted is listed to its owners only (ADR 233).
  const list = rows.filter((row) => roleUnlessBeingDeleted(toOrganizationRole(row.role) ?? 'viewer', row.deletionRequestedAt)).map((row) => ({
    id: row.id,
    name: row.name,
    role: toOrganizationRole(row.role) ?? 'viewer',
    isHome: row.id === auth.user.homeOrganizationId,
    isCurrent: row.id === auth.user.organizationId,
  }));
  // An account made before memberships: its home organisation is listed with its implicit owner role.
  if (!list.some((row) => row.isHome)) {
    const [home] = await db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(eq(organizations.id, auth.user.homeOrganizationId));
    if (home) list.unshift({ ...home, role: 'owner', isHome: true, isCurrent: home.id === auth.user.organizationId });
  }
  return list;
}

/** The caller's role in an organisation, or null when they are not a member (the home organisation counts). */
export async function findMembershipRole(db: Database, auth: AuthContext, organizationId: string): Promise<OrganizationRole | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, auth.user.id), eq(memberships.organizationId, organizationId)))
    .limit(1);
  if (row) return toOrganizationRole(row.role);
  return organizationId === auth.user.homeOrganizationId ? 'owner' : null;
}

export async function findOrganizationName(db: Database, organizationId: string): Promise<string | null> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row?.name ?? null;
}

/** The account of an address (stored lower-cased), or null. */
export async function findUserIdByEmail(db: Database, email: string): Promise<{ id: string } | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function countOwnedOrganizations(db: Database, userId: string): Promise<number> {
  const rows = await db.select({ id: memberships.organizationId }).from(memberships).where(and(eq(memberships.userId, userId), eq(memberships.role, 'owner')));
  return rows.length;
}

export async function insertClientOrganization(db: Database, ownerId: string, name: string, now: Date): Promise<{ id: string; name: string }> {
  return db.transaction(async (tx) => {
    const [organization] = await tx.insert(organizations).values({ name, createdAt: now }).returning({ id: organizations.id, name: organizations.name });
    if (!organization) throw new Error('organization insert returned no row');
    await tx.insert(memberships).values({ userId: ownerId, organizationId: organization.id, role: 'owner', createdAt: now });
    return organization;
  });
}

export async function listMembers(db: Database, organizationId: string): Promise<OrganizationMember[]> {
  const rows = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: memberships.role, joinedAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(users.email));
  return rows.map((row) => ({ ...row, role: toOrganizationRole(row.role) ?? 'viewer', joinedAt: row.joinedAt.toISOString() }));
}

export async function listPendingInvitations(db: Database, organizationId: string, now: Date): Promise<PendingInvitation[]> {
  const rows = await db
    .select({ id: invitations.id, email: invitations.email, role: invitations.role, expiresAt: invitations.expiresAt, createdAt: invitations.createdAt })
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)))
    .orderBy(desc(invitations.createdAt));
  return rows.map((row) => ({ ...row, role: toOrganizationRole(row.role) ?? 'viewer', expiresAt: row.expiresAt.toISOString(), createdAt: row.createdAt.toISOString() }));
}

export async function countOwners(db: Database, organizationId: string): Promise<number> {
  const rows = await db.select({ id: memberships.userId }).from(memberships).where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'owner')));
  return rows.length;
}

export async function findMember(db: Database, organizationId: string, userId: string) {
  const [row] = await db
    .select({ role: memberships.role, homeOrganizationId: users.organizationId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Which of the organisation's events to read: the same filters as /admin/audit, and the id of the last event already read. */
export interface OrganizationAuditQuery {
  filters?: AuditEventFilters;
  afterId?: number | undefined;
}

/**
 * Events strictly older than the one with id `afterId` in the (time, id) order. The position is read
 * from the row itself, so a cursor keeps the stored time to the microsecond; an id of another
 * organisation names no position here, so the page is empty.
 */
function olderThan(organizationId: string, afterId: number) {
  return sql`(${auditLog.at}, ${auditLog.id}) < (select a.at, a.id from audit_log a where a.id = ${afterId} and a.organization_id = ${organizationId})`;
}

/** The organisation's own events (ADR 144), newest first. */
export async function listOrganizationAudit(db: Database, organizationId: string, limit: number, query: OrganizationAuditQuery = {}): Promise<OrganizationAuditEvent[]> {
  const rows = await selectAuditEvents(db, {
    // A call made with an API token names the token (ADR 228).
    apiTokenName: sql<string | null>`${auditLog.details} -> 'apiToken' ->> 'name'`,
  })
    .where(and(eq(auditLog.organizationId, organizationId), auditConditions(query.filters ?? {}), query.afterId === undefined ? undefined : olderThan(organizationId, query.afterId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, apiTokenName: row.apiTokenName ?? null, at: row.at.toISOString() }));
}
