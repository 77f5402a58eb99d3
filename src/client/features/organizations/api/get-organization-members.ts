import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { OrganizationMembersResponse } from '@/contracts/organizations.ts';
import { ORGANIZATIONS_PATH } from './get-my-organizations.ts';
import { organizationAuditPath } from './get-organization-audit.ts';

function organizationMembersPath(organizationId: string) {
  return `${ORGANIZATIONS_PATH}/${organizationId}/members`;
}

/** GET /api/organizations/:id/members: members and pending invitations. */
export function useOrganizationMembers(organizationId: string | null) {
  return useQuery<OrganizationMembersResponse>({ queryKey: [organizationMembersPath(organizationId ?? '')], enabled: organizationId !== null });
}

/** Every change to the membership shows in the member list and in the organisation's audit. */
export async function refreshMembership(queryClient: QueryClient, organizationId: string) {
  await queryClient.invalidateQueries({ queryKey: [organizationMembersPath(organizationId)] });
  await queryClient.invalidateQueries({ queryKey: [organizationAuditPath(organizationId)] });
}
