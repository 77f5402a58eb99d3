import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/**
 * Security events (LOG-01): logins, failures, lock-outs, resets, approvals, session revocations.
 * Rows carry time (UTC, from the app clock), actor, target, IP, user agent and request id; never
 * a password, token or cookie.
 */
export type AuditAction =
  | 'login.success'
  | 'login.failure'
  | 'login.locked'
  | 'login.throttled'
  | 'signup'
  | 'access.requested'
  | 'access.approved'
  | 'access.rejected'
  | 'access.self_decision_refused'
  | 'password.reset_requested'
  | 'password.reset'
  | 'password.changed'
  | 'password.change_failed'
  | 'session.logout'
  | 'session.revoked'
  | 'user.created'
  | (string & {});

export interface AuditEntry {
  action: AuditAction;
  actorUserId?: string | null;
  targetUserId?: string | null;
  /** The organisation the event belongs to; auditRequest defaults it to the caller's current organisation. */
  organizationId?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Database, at: Date, entry: AuditEntry & { ip?: string | null }): Promise<void> {
  await db.insert(auditLog).values({
    at,
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    targetUserId: entry.targetUserId ?? null,
    organizationId: entry.organizationId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}

/** Records an event for the request being handled, with its IP, user agent and request id. */
export async function auditRequest(request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const app = request.server;
  await recordAudit(app.db, app.now(), {
    ...entry,
    actorUserId: entry.actorUserId === undefined ? (request.auth?.user.id ?? null) : entry.actorUserId,
    organizationId: entry.organizationId === undefined ? (request.auth?.user.organizationId ?? null) : entry.organizationId,
    ip: request.ip,
    details: { ...entry.details, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null, requestId: request.id },
  });
}
