import { toCsv } from '@/contracts/csv.ts';
import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import type { AuditFilters } from './audit-log.ts';
import { listAuditEvents } from './audit-repository.ts';

export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** GET /api/admin/audit.csv: the same filters, every matching row (up to 50,000), formula-safe. */
export async function exportAuditCsv(options: { db: Database; query: AuditFilters; now: Date; audit: Audit }): Promise<{ csv: string; fileName: string }> {
  const { db, query, now, audit } = options;
  const rows = await listAuditEvents(db, query, { limit: AUDIT_EXPORT_MAX_ROWS });
  await audit({ action: 'admin.audit_exported', details: { rows: rows.length, filters: { ...query, page: undefined, pageSize: undefined } } });
  // One formula-safe CSV writer for the whole product: the assessment template's (contracts).
  const csv = toCsv([
    ['time_utc', 'action', 'actor', 'target', 'organisation', 'ip', 'details'],
    ...rows.map((row) => [row.at.toISOString(), row.action, row.actorEmail, row.targetEmail, row.organizationName, row.ip, row.details === null ? null : JSON.stringify(row.details)]),
  ]);
  return { csv, fileName: `cifer-audit-${now.toISOString().slice(0, 10)}.csv` };
}
