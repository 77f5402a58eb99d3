import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Every message is written to the outbox first, so a slow or broken SMTP server never blocks
 * or changes an HTTP answer; the mailer delivers from there.
 */
export async function enqueueEmail(db: Database, email: OutgoingEmail, now: Date): Promise<string> {
  // Due at the app's clock, not the database's, so tests that move time see the message as due.
  const [row] = await db.insert(emailOutbox).values({ ...email, createdAt: now, nextAttemptAt: now }).returning({ id: emailOutbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

export async function findDueEmails(db: Database, now: Date, limit: number) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit);
}
