import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptInvitationResponse,
  CreateOrganizationInput,
  InvitationPreview,
  InviteMemberInput,
  MyOrganization,
  MyOrganizationsResponse,
  OrganizationAuditEvent,
  OrganizationMembersResponse,
  OrganizationRole,
  PendingInvitation,
} from '@/contracts/organizations.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export const ORGANIZATIONS_PATH = '/api/organizations';

export function myOrganizationsQueryOptions() {
  return queryOptions<MyOrganizationsResponse>({ queryKey: [ORGANIZATIONS_PATH], staleTime: 30_000 });
}

/** GET /api/organizations: mine, the current one, and whether I may create client organisations. */
export function useMyOrganizations() {
  return useQuery(myOrganizationsQueryOptions());
}

/** Switching changes what every organisation-owned list shows: the whole cache is refetched. */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) => apiRequest<{ message: string }>('POST', `${ORGANIZATIONS_PATH}/current`, { organizationId }),
    onSuccess: async () => {
      // Another organisation's data must never show, even for a moment; the switcher's own list stays mounted.
      // resetQueries (not remove): mounted lists drop the old organisation's data and refetch at once.
      await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== '/api/auth/user' && query.queryKey[0] !== ORGANIZATIONS_PATH });
      await queryClient.invalidateQueries({ queryKey: [ORGANIZATIONS_PATH] });
    },
  });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrganizationInput) => apiRequest<MyOrganization>('POST', ORGANIZATIONS_PATH, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ORGANIZATIONS_PATH] }),
  });
}

export function useOrganizationMembers(organizationId: string | null) {
  return useQuery<OrganizationMembersResponse>({ queryKey: [`${ORGANIZATIONS_PATH}/${organizationId ?? ''}/members`], enabled: organizationId !== null });
}

export function useOrganizationAudit(organizationId: string | null) {
  return useQuery<OrganizationAuditEvent[]>({ queryKey: [`${ORGANIZATIONS_PATH}/${organizationId ?? ''}/audit`], enabled: organizationId !== null });
}

function useMemberMutation<TVariables>(organizationId: string, request: (variables: TVariables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [`${ORGANIZATIONS_PATH}/${organizationId}/members`] });
      await queryClient.invalidateQueries({ queryKey: [`${ORGANIZATIONS_PATH}/${organizationId}/audit`] });
    },
  });
}

export function useInviteMember(organizationId: string) {
  return useMemberMutation(organizationId, (input: InviteMemberInput) => apiRequest<PendingInvitation>('POST', `${ORGANIZATIONS_PATH}/${organizationId}/invitations`, input));
}

export function useRevokeInvitation(organizationId: string) {
  return useMemberMutation(organizationId, (invitationId: string) => apiRequest('DELETE', `${ORGANIZATIONS_PATH}/${organizationId}/invitations/${invitationId}`));
}

export function useChangeMemberRole(organizationId: string) {
  return useMemberMutation(organizationId, ({ userId, role }: { userId: string; role: OrganizationRole }) =>
    apiRequest('PATCH', `${ORGANIZATIONS_PATH}/${organizationId}/members/${userId}`, { role }),
  );
}

export function useRemoveMember(organizationId: string) {
  return useMemberMutation(organizationId, (userId: string) => apiRequest('DELETE', `${ORGANIZATIONS_PATH}/${organizationId}/members/${userId}`));
}

export function useInvitationPreview() {
  return useMutation({ mutationFn: (token: string) => apiRequest<InvitationPreview>('POST', '/api/invitations/preview', { token }) });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest<AcceptInvitationResponse>('POST', '/api/invitations/accept', { token }),
    onSuccess: async () => {
      await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== '/api/auth/user' && query.queryKey[0] !== ORGANIZATIONS_PATH });
      await queryClient.invalidateQueries({ queryKey: [ORGANIZATIONS_PATH] });
    },
  });
}
