import { useQuery } from '@tanstack/react-query';
import type { OrganizationAuditEvent } from '@/contracts/organizations.ts';
import { ORGANIZATIONS_PATH } from './get-my-organizations.ts';

export function organizationAuditPath(organizationId: string) {
  return `${ORGANIZATIONS_PATH}/${organizationId}/audit`;
}

/** GET /api/organizations/:id/audit */
export function useOrganizationAudit(organizationId: string | null) {
  return useQuery<OrganizationAuditEvent[]>({ queryKey: [organizationAuditPath(organizationId ?? '')], enabled: organizationId !== null });
}
