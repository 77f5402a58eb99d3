import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  AccessDecisionInputSchema,
  AccessRequestIdParamsSchema,
  AccessRequestListQuerySchema,
  type AccessDecisionResponse,
  type AccessRequestStatus,
  type AdminAccessRequest,
} from '@/contracts/admin.ts';
import { accessRequests, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { auditRequest } from '../../lib/audit.ts';
import { parseInput } from '../../lib/validation.ts';
import { accessApprovedEmail, accessRejectedEmail } from './admin-mail.ts';
import { deleteUserSessions } from '../../sessions/session-store.ts';
import { requireAuth } from '../../sessions/auth-context.ts';

const columns = {
  id: accessRequests.id,
  userId: accessRequests.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  company: accessRequests.company,
  phone: accessRequests.phone,
  message: accessRequests.message,
  status: accessRequests.status,
  createdAt: accessRequests.createdAt,
  decidedAt: accessRequests.decidedAt,
  decisionNote: accessRequests.decisionNote,
};

export async function listAccessRequests(request: FastifyRequest): Promise<AdminAccessRequest[]> {
  const { status } = parseInput(AccessRequestListQuerySchema, request.query);
  const rows = await request.server.db
    .select(columns)
    .from(accessRequests)
    .innerJoin(users, eq(users.id, accessRequests.userId))
    .where(eq(accessRequests.status, status))
    .orderBy(desc(accessRequests.createdAt))
    .limit(200);
  return rows.map((row) => ({
    ...row,
    status: row.status as AccessRequestStatus,
    createdAt: new Date(row.createdAt).toISOString(),
    decidedAt: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
  }));
}

/**
 * Approve or reject one pending request (AUTH-04, AC-08): never your own, each request decided
 * once (a conditional update, so two admins clicking at once cannot both decide), audited, and
 * the requester is told by e-mail.
 */
export async function decideAccessRequest(request: FastifyRequest, decision: 'approved' | 'rejected'): Promise<AccessDecisionResponse> {
  const app = request.server;
  const auth = requireAuth(request);
  const { id } = parseInput(AccessRequestIdParamsSchema, request.params);
  const { note, partner } = parseInput(AccessDecisionInputSchema, request.body ?? {});
  const [existing] = await app.db.select(columns).from(accessRequests).innerJoin(users, eq(users.id, accessRequests.userId)).where(eq(accessRequests.id, id)).limit(1);
  if (!existing) throw new AppError('not_found', 'Access request not found');
  if (existing.userId === auth.user.id) {
    await auditRequest(request, { action: 'access.self_decision_refused', targetUserId: existing.userId, details: { accessRequestId: id, decision } });
    throw new AppError('forbidden', 'You cannot decide on your own access request');
  }
  const now = app.now();
  const decided = await app.db
    .update(accessRequests)
    .set({ status: decision, decidedById: auth.user.id, decidedAt: now, decisionNote: note || null })
    .where(and(eq(accessRequests.id, id), eq(accessRequests.status, 'pending')))
    .returning({ id: accessRequests.id });
  if (decided.length !== 1) throw new AppError('conflict', 'This request has already been decided');

  await app.db
    .update(users)
    .set({ status: decision === 'approved' ? 'active' : 'rejected', ...(decision === 'approved' && partner ? { isPartner: true } : {}), updatedAt: now })
    .where(and(eq(users.id, existing.userId), eq(users.status, 'pending')));
  if (decision === 'rejected') await deleteUserSessions(app.db, existing.userId);
  await auditRequest(request, {
    action: decision === 'approved' ? 'access.approved' : 'access.rejected',
    targetUserId: existing.userId,
    details: { accessRequestId: id, note: note || null, partner: decision === 'approved' && partner === true },
  });
  await app.mailer.send(
    decision === 'approved'
      ? accessApprovedEmail(existing.email, app.env.APP_URL, existing.firstName, note)
      : accessRejectedEmail(existing.email, existing.firstName, note),
  );
  return { message: decision === 'approved' ? 'Access approved' : 'Access request rejected', status: decision };
}
