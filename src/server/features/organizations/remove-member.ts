import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import { removeMembership } from '../../sessions/revocation.ts';
import type { ChangeableMember } from './organization-access.ts';
import { countOwners } from './organization-repository.ts';

/**
 * DELETE /api/organizations/:id/members/:userId (the caller passed requireChangeableMember): their
 * sessions leave the organisation at once; never their home organisation, never its last owner.
 */
export async function removeMember(options: { db: Database; member: ChangeableMember; audit: Audit }): Promise<{ message: string }> {
  const { db, member, audit } = options;
  const { organizationId, userId } = member;
  if (member.homeOrganizationId === organizationId) throw new AppError('conflict', 'This is the member’s home organisation; an administrator can disable the account instead.');
  if (member.role === 'owner' && (await countOwners(db, organizationId)) <= 1) throw new AppError('conflict', 'An organisation must keep at least one owner.');
  await removeMembership(db, userId, organizationId);
  await audit({ action: 'organization.member_removed', targetUserId: userId, organizationId, details: { before: member.role, after: null } });
  return { message: 'Member removed' };
}
