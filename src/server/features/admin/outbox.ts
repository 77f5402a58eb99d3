import { desc } from 'drizzle-orm';
import type { AdminOutboxEmail } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

/**
 * GET /api/admin/outbox: every e-mail the app wrote, newest first, with its full text, so an
 * installation without SMTP can still deliver reset links and approvals by hand (ADR 023).
 */
export async function listOutbox(options: { db: Database; limit: number }): Promise<AdminOutboxEmail[]> {
  const { db, limit } = options;
  const rows = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: new Date(row.createdAt).toISOString(),
    sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
  }));
}
