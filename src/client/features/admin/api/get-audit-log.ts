import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminAuditPage, AuditQuery } from '@/contracts/admin.ts';
import type { QueryParams } from '@/client/lib/api-client.ts';

export const ADMIN_AUDIT_PATH = '/api/admin/audit';

export type AuditFilters = Required<Pick<AuditQuery, 'page'>> & { actor: string; target: string; action: string; from: string; to: string } & QueryParams;

/** GET /api/admin/audit?...: the previous page stays on screen while the next one loads. */
export function useAuditLog(filters: AuditFilters) {
  return useQuery<AdminAuditPage>({ queryKey: [ADMIN_AUDIT_PATH, filters], placeholderData: keepPreviousData });
}
