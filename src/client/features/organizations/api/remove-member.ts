import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client.ts';
import { ORGANIZATIONS_PATH } from './get-my-organizations.ts';
import { refreshMembership } from './get-organization-members.ts';

function removeMember(organizationId: string, userId: string) {
  return apiRequest('DELETE', `${ORGANIZATIONS_PATH}/${organizationId}/members/${userId}`);
}

/** DELETE /api/organizations/:id/members/:userId */
export function useRemoveMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(organizationId, userId),
    onSuccess: () => refreshMembership(queryClient, organizationId),
  });
}
