import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuditQuerySchema, type AdminAuditEvent, type AdminAuditPage } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, organizations, users } from '../../db/schema.ts';
import { auditRequest } from '../../lib/audit.ts';
import { toCsv } from '../../lib/csv.ts';
import { parseInput } from '../../lib/validation.ts';

const actor = alias(users, 'actor');
const target = alias(users, 'target');
const DAY_MS = 24 * 60 * 60_000;
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Filters: actor and target by e-mail (substring), action by prefix, dates inclusive in UTC. */
function auditConditions(query: { actor?: string | undefined; target?: string | undefined; action?: string | undefined; from?: string | undefined; to?: string | undefined }): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(ilike(actor.email, `%${escapeLike(query.actor)}%`));
  if (query.target) conditions.push(ilike(target.email, `%${escapeLike(query.target)}%`));
  if (query.action) conditions.push(or(eq(auditLog.action, query.action), ilike(auditLog.action, `${escapeLike(query.action)}%`))!);
  if (query.from) conditions.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(auditLog.at, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function selectEvents(db: Database, where: SQL | undefined) {
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
export async function queryAudit(request: FastifyRequest): Promise<AdminAuditPage> {
  const query = parseInput(AuditQuerySchema, request.query);
  const db = request.server.db;
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

/** GET /api/admin/audit.csv: the same filters, every matching row (up to 50,000), formula-safe. */
export async function exportAuditCsv(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const query = parseInput(AuditQuerySchema, request.query);
  const rows = await selectEvents(request.server.db, auditConditions(query)).limit(AUDIT_EXPORT_MAX_ROWS);
  await auditRequest(request, { action: 'admin.audit_exported', details: { rows: rows.length, filters: { ...query, page: undefined, pageSize: undefined } } });
  const date = request.server.now().toISOString().slice(0, 10);
  void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="cifer-audit-${date}.csv"`);
  return toCsv(
    ['time_utc', 'action', 'actor', 'target', 'organisation', 'ip', 'details'],
    rows.map((row) => [row.at.toISOString(), row.action, row.actorEmail, row.targetEmail, row.organizationName, row.ip, row.details]),
  );
}
