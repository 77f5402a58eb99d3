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
  | 'login.break_glass'
  | 'password.reset_refused_sso'
  | 'sso.connection_created'
  | 'sso.connection_updated'
  | 'sso.connection_deleted'
  | 'sso.domain_verified'
  | 'sso.login'
  | 'sso.user_created'
  | 'sso.membership_created'
  | 'sso.failure'
  | 'passkey.registered'
  | 'passkey.used'
  | 'passkey.renamed'
  | 'passkey.removed'
  | 'passkey.failure'
  | 'passkey.clone_detected'
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

/**
 * Records an event of one request: what an operation takes as its `audit` option, so it stays free
 * of the request (routes.ts passes `auditFor(request)`).
 */
export type Audit = (entry: AuditEntry) => Promise<void>;

export function auditFor(request: FastifyRequest): Audit {
  return (entry) => auditRequest(request, entry);
}

/** A call made with an API token is recorded with the token's name (ADR 228). */
function apiTokenOf(request: FastifyRequest): { apiToken?: { id: string; name: string } } {
  const token = request.auth?.apiToken;
  return token ? { apiToken: { id: token.id, name: token.name } } : {};
}

/** Records an event for the request being handled, with its IP, user agent and request id. */
export async function auditRequest(request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const app = request.server;
  await recordAudit(app.db, app.now(), {
    ...entry,
    actorUserId: entry.actorUserId === undefined ? (request.auth?.user.id ?? null) : entry.actorUserId,
    organizationId: entry.organizationId === undefined ? (request.auth?.user.organizationId ?? null) : entry.organizationId,
    ip: request.ip,
    details: { ...entry.details, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null, requestId: request.id, ...apiTokenOf(request) },
  });
}

/** At most this many refusal rows per client address and minute (a flood cannot fill the audit log). */
export const REFUSAL_AUDIT_LIMIT_PER_MINUTE = 10;
const refusalCounts = new Map<string, { window: number; count: number }>();

/** True while the address is under its refusal-audit budget for the current minute (counted here). */
export function takeRefusalAuditSlot(ip: string, nowMs: number): boolean {
  const window = Math.floor(nowMs / 60_000);
  const current = refusalCounts.get(ip);
  if (!current || current.window !== window) {
    if (refusalCounts.size > 10_000) refusalCounts.clear();
    refusalCounts.set(ip, { window, count: 1 });
    return true;
  }
  current.count += 1;
  return current.count <= REFUSAL_AUDIT_LIMIT_PER_MINUTE;
}

/**
 * Records a refused request (403: cross-site request, role or ownership refusal, ADR 175)
 * as `request.refused`, queued so the answer does not wait, and capped per address and minute.
 */
export function auditRefusal(request: FastifyRequest, reason: { code: string; message: string }): void {
  const app = request.server;
  const at = app.now();
  if (!takeRefusalAuditSlot(request.ip, at.getTime())) return;
  const entry = {
    action: 'request.refused' as const,
    actorUserId: request.auth?.user.id ?? null,
    ip: request.ip,
    details: {
      method: request.method,
      route: request.routeOptions.url ?? null,
      code: reason.code,
      reason: reason.message,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      requestId: request.id,
    },
  };
  app.backgroundTasks.run('audit-refusal', () => recordAudit(app.db, at, entry));
}
