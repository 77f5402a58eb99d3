import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client.ts';
import { ORGANIZATIONS_PATH } from './get-my-organizations.ts';
import { refreshMembership } from './get-organization-members.ts';

function revokeInvitation(organizationId: string, invitationId: string) {
  return apiRequest('DELETE', `${ORGANIZATIONS_PATH}/${organizationId}/invitations/${invitationId}`);
}

/** DELETE /api/organizations/:id/invitations/:invitationId */
export function useRevokeInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(organizationId, invitationId),
    onSuccess: () => refreshMembership(queryClient, organizationId),
  });
}
