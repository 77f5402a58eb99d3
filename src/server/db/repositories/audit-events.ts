import { and, count, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../client.ts';
import { auditLog, users } from '../schema.ts';
import { escapeLike } from './escape-like.ts';

/** The two accounts an audit entry may name, each read under its own alias. */
export const auditActor = alias(users, 'actor');
export const auditTarget = alias(users, 'target');
/** How an entry's actor and target are joined, by every listing and count alike. */
const actorOfEntry = eq(auditActor.id, auditLog.actorUserId);
const targetOfEntry = eq(auditTarget.id, auditLog.targetUserId);

/**
 * Audit entries as every listing reads them (/admin/audit, an organisation's log): when, what, who
 * did it to whom by e-mail, plus the columns the caller adds. Filtering and order stay with it.
 */
export function selectAuditEvents<Extra extends SelectedFields>(db: Database, extra: Extra) {
  return db
    .select({ id: auditLog.id, at: auditLog.at, action: auditLog.action, actorEmail: auditActor.email, targetEmail: auditTarget.email, ...extra })
    .from(auditLog)
    .leftJoin(auditActor, actorOfEntry)
    .leftJoin(auditTarget, targetOfEntry);
}

/** How many entries match `where`, which may filter on the actor's or target's e-mail as a listing does. */
export async function countAuditEntries(db: Database, where: SQL | undefined): Promise<number> {
  const [total] = await db.select({ value: count() }).from(auditLog).leftJoin(auditActor, actorOfEntry).leftJoin(auditTarget, targetOfEntry).where(where);
  return total?.value ?? 0;
}

const DAY_MS = 24 * 60 * 60_000;

/** Filters shared by /admin/audit and an organisation's log: actor and target by e-mail (substring), action by prefix, dates inclusive in UTC. */
export interface AuditEventFilters {
  actor?: string | undefined;
  target?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function auditConditions(query: AuditEventFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(ilike(auditActor.email, `%${escapeLike(query.actor)}%`));
  if (query.target) conditions.push(ilike(auditTarget.email, `%${escapeLike(query.target)}%`));
  if (query.action) conditions.push(or(eq(auditLog.action, query.action), ilike(auditLog.action, `${escapeLike(query.action)}%`))!);
  if (query.from) conditions.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(auditLog.at, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}
