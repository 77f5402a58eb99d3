import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminActionResponse, LiftSsoRequirementInput } from '@/contracts/admin.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { ADMIN_ORGANIZATIONS_PATH } from './get-admin-organizations.ts';

function liftSsoRequirement({ organizationId, reason }: LiftSsoRequirementInput & { organizationId: string }) {
  return apiRequest<AdminActionResponse>('POST', `${ADMIN_ORGANIZATIONS_PATH}/${encodeURIComponent(organizationId)}/sso/lift-requirement`, { reason });
}

/** POST /api/admin/organizations/:id/sso/lift-requirement (super admins, ADR 227): the organisation's detail, the outbox (the owners' notice) and the audit log refresh. */
export function useLiftSsoRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftSsoRequirement,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin/') });
    },
  });
}
