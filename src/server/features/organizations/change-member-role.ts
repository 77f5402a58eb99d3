import type { OrganizationRole } from '@/contracts/organizations.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import { upsertMembership } from '../../sessions/revocation.ts';
import type { ChangeableMember } from './organization-access.ts';
import { countOwners } from './organization-repository.ts';

/** PATCH /api/organizations/:id/members/:userId (the caller passed requireChangeableMember): the organisation always keeps an owner. */
export async function changeMemberRole(options: { db: Database; member: ChangeableMember; role: OrganizationRole; now: Date; audit: Audit }): Promise<{ message: string }> {
  const { db, member, role, now, audit } = options;
  const { organizationId, userId } = member;
  if (member.role === 'owner' && role !== 'owner' && (await countOwners(db, organizationId)) <= 1) {
    throw new AppError('conflict', 'An organisation must keep at least one owner.');
  }
  await upsertMembership(db, userId, organizationId, role, now);
  await audit({ action: 'organization.member_role_changed', targetUserId: userId, organizationId, details: { before: member.role, after: role } });
  return { message: 'Role updated' };
}
