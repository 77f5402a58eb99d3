import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AdminAuditEvent, AdminAuditPage, AuditQuerySchema } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, organizations, users } from '../../db/schema.ts';

const actor = alias(users, 'actor');
const target = alias(users, 'target');
const DAY_MS = 24 * 60 * 60_000;

/** The filters and page of /admin/audit, as AuditQuerySchema parses them. */
export type AuditFilters = z.output<typeof AuditQuerySchema>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Filters: actor and target by e-mail (substring), action by prefix, dates inclusive in UTC. */
export function auditConditions(query: { actor?: string | undefined; target?: string | undefined; action?: string | undefined; from?: string | undefined; to?: string | undefined }): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(ilike(actor.email, `%${escapeLike(query.actor)}%`));
  if (query.target) conditions.push(ilike(target.email, `%${escapeLike(query.target)}%`));
  if (query.action) conditions.push(or(eq(auditLog.action, query.action), ilike(auditLog.action, `${escapeLike(query.action)}%`))!);
  if (query.from) conditions.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(auditLog.at, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function selectEvents(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorEmail: actor.email,
      targetEmail: target.email,
      organizationName: organizations.name,
      ip: auditLog.ip,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .leftJoin(target, eq(target.id, auditLog.targetUserId))
    .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id));
}

function toEvent(row: Awaited<ReturnType<typeof selectEvents>>[number]): AdminAuditEvent {
  return { ...row, at: row.at.toISOString() };
}

export async function listRecentEventsFor(db: Database, userId: string, limit: number): Promise<AdminAuditEvent[]> {
  const rows = await selectEvents(db, or(eq(auditLog.targetUserId, userId), eq(auditLog.actorUserId, userId))).limit(limit);
  return rows.map(toEvent);
}

/** GET /api/admin/audit: newest first, paginated. */
export async function queryAudit(options: { db: Database; query: AuditFilters }): Promise<AdminAuditPage> {
  const { db, query } = options;
  const where = auditConditions(query);
  const [total] = await db
    .select({ value: count() })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .leftJoin(target, eq(target.id, auditLog.targetUserId))
    .where(where);
  const rows = await selectEvents(db, where)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { events: rows.map(toEvent), total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
}
