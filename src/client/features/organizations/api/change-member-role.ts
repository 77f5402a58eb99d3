import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationRole } from '@/contracts/organizations.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { ORGANIZATIONS_PATH } from './get-my-organizations.ts';
import { refreshMembership } from './get-organization-members.ts';

function changeMemberRole(organizationId: string, { userId, role }: { userId: string; role: OrganizationRole }) {
  return apiRequest('PATCH', `${ORGANIZATIONS_PATH}/${organizationId}/members/${userId}`, { role });
}

/** PATCH /api/organizations/:id/members/:userId */
export function useChangeMemberRole(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { userId: string; role: OrganizationRole }) => changeMemberRole(organizationId, change),
    onSuccess: () => refreshMembership(queryClient, organizationId),
  });
}
