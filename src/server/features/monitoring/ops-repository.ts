import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailOutbox, jobs } from '../../db/schema.ts';

/** The last few messages the outbox gave up on, newest first (no recipient, no body). */
export async function listRecentFailedMail(db: Database, limit = 5) {
  return db
    .select({ id: emailOutbox.id, subject: emailOutbox.subject, attempts: emailOutbox.attempts, lastError: emailOutbox.lastError, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'failed'))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
}

/** The last few jobs that failed for good, newest first. */
export async function listRecentFailedJobs(db: Database, limit = 5) {
  return db
    .select({ id: jobs.id, name: jobs.name, attempts: jobs.attempts, lastError: jobs.lastError, finishedAt: jobs.finishedAt })
    .from(jobs)
    .where(eq(jobs.status, 'failed'))
    .orderBy(desc(jobs.finishedAt))
    .limit(limit);
}
