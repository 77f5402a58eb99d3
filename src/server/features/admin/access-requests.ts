import { desc, eq } from 'drizzle-orm';
import type { AccessRequestStatus, AdminAccessRequest } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { accessRequests, users } from '../../db/schema.ts';

export const accessRequestColumns = {
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

/** GET /api/admin/access-requests: the requests in one status, newest first (at most 200). */
export async function listAccessRequests(options: { db: Database; status: AccessRequestStatus }): Promise<AdminAccessRequest[]> {
  const { db, status } = options;
  const rows = await db
    .select(accessRequestColumns)
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
