import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteMemberInput, PendingInvitation } from '@/contracts/organizations.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { ORGANIZATIONS_PATH } from './get-my-organizations.ts';
import { refreshMembership } from './get-organization-members.ts';

function inviteMember(organizationId: string, input: InviteMemberInput) {
  return apiRequest<PendingInvitation>('POST', `${ORGANIZATIONS_PATH}/${organizationId}/invitations`, input);
}

/** POST /api/organizations/:id/invitations */
export function useInviteMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteMemberInput) => inviteMember(organizationId, input),
    onSuccess: () => refreshMembership(queryClient, organizationId),
  });
}
