import { AppError } from '../../errors.ts';
import type { Database } from '../../db/client.ts';
import { can } from '@/contracts/permissions.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { findMember, findMembershipRole, findOrganizationName } from './organization-repository.ts';

const NOT_FOUND = 'Organisation not found';

/**
 * The caller must own `organizationId`: an organisation they do not belong to answers 404 (ids
 * cannot be probed), one they belong to without owning answers 403. Returns its name.
 */
export async function requireOwnerOf(db: Database, auth: AuthContext, organizationId: string): Promise<string> {
  const role = await findMembershipRole(db, auth, organizationId);
  if (!role) throw new AppError('not_found', NOT_FOUND);
  if (!can({ platformRole: auth.user.role, organizationRole: role }, 'organization.manage')) throw new AppError('forbidden', 'Only an owner of this organisation can do this');
  const name = await findOrganizationName(db, organizationId);
  if (name === null) throw new AppError('not_found', NOT_FOUND);
  return name;
}

export async function requireMemberOf(db: Database, auth: AuthContext, organizationId: string) {
  const role = await findMembershipRole(db, auth, organizationId);
  if (!role) throw new AppError('not_found', NOT_FOUND);
  return role;
}


export type ChangeableMember = NonNullable<Awaited<ReturnType<typeof findMember>>> & { organizationId: string; userId: string };

/**
 * A member of an organisation the caller owns, for a role change or a removal: 404/403 as
 * requireOwnerOf, then 404 when the user is not a member.
 */
export async function requireChangeableMember(db: Database, auth: AuthContext, organizationId: string, userId: string): Promise<ChangeableMember> {
  await requireOwnerOf(db, auth, organizationId);
  const member = await findMember(db, organizationId, userId);
  if (!member) throw new AppError('not_found', 'Member not found');
  return { ...member, organizationId, userId };
}
