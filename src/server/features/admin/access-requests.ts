import type { AccessRequestStatus, AdminAccessRequest } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { listAccessRequestsIn } from './access-request-repository.ts';

/** GET /api/admin/access-requests: the requests in one status, newest first (at most 200). */
export async function listAccessRequests(options: { db: Database; status: AccessRequestStatus }): Promise<AdminAccessRequest[]> {
  return listAccessRequestsIn(options.db, options.status);
}
