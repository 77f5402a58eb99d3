import { desc, eq, or, type SQL } from 'drizzle-orm';
import type { AdminAuditEvent } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { auditConditions, countAuditEntries, selectAuditEvents, type AuditEventFilters } from '../../db/repositories/audit-events.ts';
import { auditLog, organizations } from '../../db/schema.ts';

/** The audit log as /admin/audit, its CSV export and an account's detail read it, with actor, target and organisation named. */

function selectEvents(db: Database, where: SQL | undefined) {
  return selectAuditEvents(db, { organizationName: organizations.name, ip: auditLog.ip, details: auditLog.details })
    .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id));
}

/** One stored event, as read (the CSV export writes these). */
export type AuditEventRow = Awaited<ReturnType<typeof selectEvents>>[number];

export function toAuditEvent(row: AuditEventRow): AdminAuditEvent {
  return { ...row, at: row.at.toISOString() };
}

/** The matching events, newest first: `limit` of them after skipping `offset`. */
export async function listAuditEvents(db: Database, filters: AuditEventFilters, page: { limit: number; offset?: number }): Promise<AuditEventRow[]> {
  const query = selectEvents(db, auditConditions(filters)).limit(page.limit);
  return page.offset === undefined ? query : query.offset(page.offset);
}

export function countAuditEvents(db: Database, filters: AuditEventFilters): Promise<number> {
  return countAuditEntries(db, auditConditions(filters));
}

/** The latest events an account did or underwent. */
export async function listRecentEventsFor(db: Database, userId: string, limit: number): Promise<AdminAuditEvent[]> {
  const rows = await selectEvents(db, or(eq(auditLog.targetUserId, userId), eq(auditLog.actorUserId, userId))).limit(limit);
  return rows.map(toAuditEvent);
}
