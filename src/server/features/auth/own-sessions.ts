import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SessionSummary } from '@/contracts/auth.ts';
import { AppError } from '../../errors.ts';
import { auditRequest } from '../../lib/audit.ts';
import { parseInput } from '../../lib/validation.ts';
import { deleteSession, deleteUserSessions, hashToken, listUserSessions } from '../../sessions/session-store.ts';
import { requireAuth } from '../../sessions/auth-context.ts';

/** The handle shown to the user: derived from the row id, so neither the token nor its hash leaves the server. */
function publicSessionId(sessionId: string): string {
  return hashToken(`session-handle:${sessionId}`).slice(0, 32);
}

export async function listOwnSessions(request: FastifyRequest): Promise<SessionSummary[]> {
  const auth = requireAuth(request);
  const rows = await listUserSessions(request.server.db, auth.user.id);
  return rows.map((row) => ({
    id: publicSessionId(row.id),
    createdAt: new Date(row.createdAt).toISOString(),
    lastSeenAt: new Date(row.lastSeenAt).toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    mfaVerified: row.mfaVerifiedAt !== null,
    current: row.id === auth.session.id,
  }));
}

const SessionParamsSchema = z.strictObject({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Unknown session') });

/** DELETE /api/auth/sessions/:id: ends one of your own sessions (SES-11); ending the current one signs you out. */
export async function revokeOwnSession(request: FastifyRequest, reply: FastifyReply): Promise<{ message: string }> {
  const app = request.server;
  const auth = requireAuth(request);
  const { id } = parseInput(SessionParamsSchema, request.params);
  const rows = await listUserSessions(app.db, auth.user.id);
  const target = rows.find((row) => publicSessionId(row.id) === id);
  if (!target) throw new AppError('not_found', 'Session not found');
  await deleteSession(app.db, target.id);
  await auditRequest(request, { action: 'session.revoked', targetUserId: auth.user.id, details: { current: target.id === auth.session.id } });
  if (target.id === auth.session.id) app.clearSessionCookie(reply);
  return { message: 'Session signed out' };
}

/** POST /api/auth/sessions/revoke-others: ends every session but this one. */
export async function revokeOtherSessions(request: FastifyRequest): Promise<{ message: string; revoked: number }> {
  const auth = requireAuth(request);
  const revoked = await deleteUserSessions(request.server.db, auth.user.id, auth.session.id);
  await auditRequest(request, { action: 'session.revoked', targetUserId: auth.user.id, details: { others: revoked } });
  return { message: revoked === 1 ? '1 other session signed out' : `${revoked} other sessions signed out`, revoked };
}
