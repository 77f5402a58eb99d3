import { desc } from 'drizzle-orm';
import type { AdminOutboxEmail } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

/** The latest stored e-mails, newest first, as written (redacted where they carry a secret, ADR 190); the sealed text is never selected. */
export async function listLatestMail(db: Database, limit: number): Promise<AdminOutboxEmail[]> {
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
