import type { AdminOutboxEmail } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { listLatestMail } from './outbox-repository.ts';

/**
 * GET /api/admin/outbox: every e-mail the app wrote, newest first, as stored: a secret link or
 * code meant for one person (reset, claim, invitation, unlock) is replaced by a note, so no web
 * role can use another person's link (ADR 190). The sealed deliverable text is never selected;
 * an operator on the server reads it with `npm run mail:show`.
 */
export async function listOutbox(options: { db: Database; limit: number }): Promise<AdminOutboxEmail[]> {
  return listLatestMail(options.db, options.limit);
}
