import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { memberships, organizations } from '../../db/schema.ts';
import { can } from '@/contracts/permissions.ts';
import { actsInOneOrganization, toOrganizationRole, type AuthContext, type OrganizationRole } from '../../sessions/auth-context.ts';

export interface ImportTarget {
  id: string;
  name: string;
  role: OrganizationRole;
  /** The organisation's billing, for the payment rule each row must pass (ADR 231). */
  subscriptionStatus: string;
  subscriptionAccessUntil: Date | null;
}

const TARGET_COLUMNS = {
  id: organizations.id,
  name: organizations.name,
  subscriptionStatus: organizations.subscriptionStatus,
  subscriptionAccessUntil: organizations.subscriptionAccessUntil,
};

/**
 * The organisations a partner import may write into: those where the caller is a member or owner
 * (their home organisation counts as owned, as sessions treat it). An organisation token reaches
 * only its own organisation, as it does for every other call (ADR 228).
 */
export async function listImportTargets(db: Database, auth: AuthContext): Promise<ImportTarget[]> {
  const rows = await db
    .select({ ...TARGET_COLUMNS, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, auth.user.id));
  const targets = rows.map((row) => ({ ...row, role: toOrganizationRole(row.role) ?? 'viewer' }));
  if (!targets.some((target) => target.id === auth.user.homeOrganizationId)) {
    const [home] = await db.select(TARGET_COLUMNS).from(organizations).where(eq(organizations.id, auth.user.homeOrganizationId));
    if (home) targets.push({ ...home, role: 'owner' });
  }
  const reachable = actsInOneOrganization(auth) ? targets.filter((target) => target.id === auth.user.organizationId) : targets;
  return reachable.filter((target) => can({ platformRole: auth.user.role, organizationRole: target.role }, 'organization.write'));
}
