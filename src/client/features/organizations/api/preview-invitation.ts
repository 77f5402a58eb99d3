import { useMutation } from '@tanstack/react-query';
import type { InvitationPreview } from '@/contracts/organizations.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

function previewInvitation(token: string) {
  return apiRequest<InvitationPreview>('POST', '/api/invitations/preview', { token });
}

/** POST /api/invitations/preview: which organisation and role the link is for. */
export function useInvitationPreview() {
  return useMutation({ mutationFn: previewInvitation });
}
