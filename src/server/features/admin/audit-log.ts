import type { z } from 'zod';
import type { AdminAuditPage, AuditQuerySchema } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { countAuditEvents, listAuditEvents, toAuditEvent } from './audit-repository.ts';

/** The filters and page of /admin/audit, as AuditQuerySchema parses them. */
export type AuditFilters = z.output<typeof AuditQuerySchema>;

/** GET /api/admin/audit: newest first, paginated. */
export async function queryAudit(options: { db: Database; query: AuditFilters }): Promise<AdminAuditPage> {
  const { db, query } = options;
  const total = await countAuditEvents(db, query);
  const rows = await listAuditEvents(db, query, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  return { events: rows.map(toAuditEvent), total, page: query.page, pageSize: query.pageSize };
}
