import { buildUrlFromQueryKey } from '@/client/lib/api-client.ts';
import { ADMIN_AUDIT_PATH, type AuditFilters } from './get-audit-log.ts';

/** GET /api/admin/audit.csv?...: the browser downloads it from a link (every page of the filtered log). */
export function auditCsvUrl(filters: AuditFilters): string {
  const { page: _page, ...rest } = filters;
  return buildUrlFromQueryKey([`${ADMIN_AUDIT_PATH}.csv`, rest]);
}
