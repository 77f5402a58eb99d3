import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { memberships, users } from '../../db/schema.ts';

export interface Colleague {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The colleague's membership role in the organisation; null for a home organisation without a membership row. */
  membershipRole: string | null;
}

/**
 * The active account with that e-mail address (lower case) that belongs to the organisation:
 * through a membership, or as the home organisation of an account that predates memberships.
 */
export async function findColleague(db: Database, organizationId: string, email: string): Promise<Colleague | null> {
  const [colleague] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, membershipRole: memberships.role })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)))
    .where(and(eq(sql`lower(${users.email})`, email), eq(users.status, 'active'), or(isNotNull(memberships.userId), eq(users.organizationId, organizationId))))
    .limit(1);
  return colleague ?? null;
}
