import { and, desc, eq } from 'drizzle-orm';
import type { AccessRequestStatus, AdminAccessRequest } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { accessRequests, users } from '../../db/schema.ts';

/** Access requests with their requester, as the admin console reads and decides them (AUTH-04). */

const accessRequestColumns = {
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

function toAccessRequest(row: Omit<AdminAccessRequest, 'status' | 'createdAt' | 'decidedAt'> & { status: string; createdAt: Date; decidedAt: Date | null }): AdminAccessRequest {
  return {
    ...row,
    status: row.status as AccessRequestStatus,
    createdAt: new Date(row.createdAt).toISOString(),
    decidedAt: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
  };
}

/** The requests in one status, newest first (at most 200). */
export async function listAccessRequestsIn(db: Database, status: AccessRequestStatus): Promise<AdminAccessRequest[]> {
  const rows = await db
    .select(accessRequestColumns)
    .from(accessRequests)
    .innerJoin(users, eq(users.id, accessRequests.userId))
    .where(eq(accessRequests.status, status))
    .orderBy(desc(accessRequests.createdAt))
    .limit(200);
  return rows.map(toAccessRequest);
}

export async function findAccessRequest(db: Database, id: string): Promise<AdminAccessRequest | null> {
  const [row] = await db.select(accessRequestColumns).from(accessRequests).innerJoin(users, eq(users.id, accessRequests.userId)).where(eq(accessRequests.id, id)).limit(1);
  return row ? toAccessRequest(row) : null;
}

/** Records the decision with one conditional update, so two admins deciding at once cannot both; false when it was no longer pending. */
export async function recordAccessDecision(db: Database, id: string, decision: { status: 'approved' | 'rejected'; decidedById: string; note: string | null }, now: Date): Promise<boolean> {
  const decided = await db
    .update(accessRequests)
    .set({ status: decision.status, decidedById: decision.decidedById, decidedAt: now, decisionNote: decision.note })
    .where(and(eq(accessRequests.id, id), eq(accessRequests.status, 'pending')))
    .returning({ id: accessRequests.id });
  return decided.length === 1;
}
