import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationResponse } from '@/contracts/organizations.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { refetchForAnotherOrganization } from './switch-organization.ts';

function acceptInvitation(token: string) {
  return apiRequest<AcceptInvitationResponse>('POST', '/api/invitations/accept', { token });
}

/** POST /api/invitations/accept: the invitation's organisation becomes the current one. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: () => refetchForAnotherOrganization(queryClient) });
}
