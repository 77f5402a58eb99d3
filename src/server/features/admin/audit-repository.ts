import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { AdminAuditEvent } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { auditActor, auditTarget, countAuditEntries, selectAuditEvents } from '../../db/repositories/audit-events.ts';
import { auditLog, organizations } from '../../db/schema.ts';
import { escapeLike } from './escape-like.ts';

/** The audit log as /admin/audit, its CSV export and an account's detail read it, with actor, target and organisation named. */

const DAY_MS = 24 * 60 * 60_000;

/** Filters: actor and target by e-mail (substring), action by prefix, dates inclusive in UTC. */
export interface AuditEventFilters {
  actor?: string | undefined;
  target?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function auditConditions(query: AuditEventFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(ilike(auditActor.email, `%${escapeLike(query.actor)}%`));
  if (query.target) conditions.push(ilike(auditTarget.email, `%${escapeLike(query.target)}%`));
  if (query.action) conditions.push(or(eq(auditLog.action, query.action), ilike(auditLog.action, `${escapeLike(query.action)}%`))!);
  if (query.from) conditions.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(auditLog.at, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

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
