import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import type { AdminOrganizationSso } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { memberships, ssoConnections, users } from '../../db/schema.ts';
import { effectiveOrganizationRole } from '../../sessions/organization-owner.ts';

/**
 * The organisation's "SSO required" flag as support reads and lifts it (ADR 227). The SSO feature
 * owns the connections; support only ever turns the flag off, so these two queries live here
 * rather than making the features import each other.
 */

/** None set up, set up, or required: required when any of its connections is. */
export async function findSsoState(db: Database, organizationId: string): Promise<AdminOrganizationSso> {
  const rows = await db.select({ required: ssoConnections.required }).from(ssoConnections).where(eq(ssoConnections.organizationId, organizationId));
  if (rows.length === 0) return 'none';
  return rows.some((row) => row.required) ? 'required' : 'optional';
}

/**
 * Turns `required` off for this organisation's connections that have it, and no other's. The
 * `required = true` condition makes it a compare-and-set: of two concurrent lifts, one changes
 * the rows and the other finds none.
 */
export async function clearRequiredSso(db: Database, organizationId: string, now: Date): Promise<Array<{ id: string; name: string }>> {
  return db
    .update(ssoConnections)
    .set({ required: false, updatedAt: now })
    .where(and(eq(ssoConnections.organizationId, organizationId), eq(ssoConnections.required, true)))
    .returning({ id: ssoConnections.id, name: ssoConnections.name });
}

/**
 * The active owners of the organisation, to be told: whoever has a membership there or has it as
 * home, kept when the one rule of a user's role in an organisation (`effectiveOrganizationRole`,
 * sessions/organization-owner.ts) makes them its owner.
 */
export async function listActiveOwners(db: Database, organizationId: string): Promise<Array<{ email: string; firstName: string }>> {
  const people = await db
    .select({ email: users.email, firstName: users.firstName, membershipRole: memberships.role, homeOrganizationId: users.organizationId })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)))
    .where(and(eq(users.status, 'active'), or(isNotNull(memberships.userId), eq(users.organizationId, organizationId))))
    .orderBy(asc(users.email));
  return people
    .filter((person) => effectiveOrganizationRole(person.membershipRole, organizationId, person.homeOrganizationId) === 'owner')
    .map(({ email, firstName }) => ({ email, firstName }));
}
