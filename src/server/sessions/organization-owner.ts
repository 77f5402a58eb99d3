import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { memberships } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { can } from '@/contracts/permissions.ts';
import { toOrganizationRole, type AuthContext, type OrganizationRole } from './auth-context.ts';

/**
 * A user's role in an organisation: their membership's, else owner of their home organisation (an
 * account made before memberships existed keeps the owner rights it always had), else none.
 */
export function effectiveOrganizationRole(
  membershipRole: string | null,
  organizationId: string,
  homeOrganizationId: string,
): OrganizationRole | null {
  return toOrganizationRole(membershipRole) ?? (organizationId === homeOrganizationId ? 'owner' : null);
}

/** While an owner's deletion of the organisation is pending (ADR 233) it is its owners' alone: anyone else has no role there. */
export function roleUnlessBeingDeleted(role: OrganizationRole | null, deletionRequestedAt: Date | null): OrganizationRole | null {
  return deletionRequestedAt && role !== 'owner' ? null : role;
}

/**
 * An organisation's sign-in, token and webhook settings are its owners' business (ADRs 225, 228,
 * 229): anyone else, a member of it included, gets the 404 of an organisation that does not exist.
 * Shared here because the SSO, API-token and webhook features all ask it.
 */
export async function requireOwnerOrNotFound(db: Database, auth: AuthContext, organizationId: string): Promise<void> {
  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, auth.user.id), eq(memberships.organizationId, organizationId)))
    .limit(1);
  const organizationRole = effectiveOrganizationRole(membership?.role ?? null, organizationId, auth.user.homeOrganizationId);
  if (!can({ platformRole: auth.user.role, organizationRole }, 'organization.manage')) {
    throw new AppError('not_found', 'Organisation not found');
  }
}

/**
 * The public API's administration routes (ADR 293) act in the caller's acting organisation, which
 * the caller can name anyway: a member who is not its owner is told so (403), not sent a 404.
 */
export function requireActingOwner(auth: AuthContext): string {
  if (auth.user.organizationRole !== 'owner') throw new AppError('forbidden', 'Only an owner of this organisation can do this');
  return auth.user.organizationId;
}
