import type { OrganizationMembersResponse } from '@/contracts/organizations.ts';
import type { Database } from '../../db/client.ts';
import { listMembers, listPendingInvitations } from './organization-repository.ts';

/** GET /api/organizations/:id/members (the caller passed requireOwnerOf): the members and the open invitations. */
export async function readMembers(options: { db: Database; organization: { id: string; name: string }; now: Date }): Promise<OrganizationMembersResponse> {
  const { db, organization, now } = options;
  return { organization, members: await listMembers(db, organization.id), invitations: await listPendingInvitations(db, organization.id, now) };
}
