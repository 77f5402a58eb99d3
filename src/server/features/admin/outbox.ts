import { desc } from 'drizzle-orm';
import type { AdminOutboxEmail } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

/**
 * GET /api/admin/outbox: every e-mail the app wrote, newest first, as stored: a secret link or
 * code meant for one person (reset, claim, invitation, unlock) is replaced by a note, so no web
 * role can use another person's link (ADR 190). The sealed deliverable text is never selected;
 * an operator on the server reads it with `npm run mail:show`.
 */
export async function listOutbox(options: { db: Database; limit: number }): Promise<AdminOutboxEmail[]> {
  const { db, limit } = options;
  const rows = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
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
