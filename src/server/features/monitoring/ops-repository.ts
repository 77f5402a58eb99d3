import { desc, eq, type Column } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { emailOutbox, jobs } from '../../db/schema.ts';

/** The last few rows of a select that failed for good (`status` 'failed'), newest first by `newest`. */
function newestFailures<Q extends PgSelect>(rows: Q, status: Column, newest: Column, limit: number) {
  return rows.where(eq(status, 'failed')).orderBy(desc(newest)).limit(limit);
}

/** The last few messages the outbox gave up on, newest first (no recipient, no body). */
export async function listRecentFailedMail(db: Database, limit = 5) {
  const { id, subject, attempts, lastError, createdAt, status } = emailOutbox;
  return newestFailures(db.select({ id, subject, attempts, lastError, createdAt }).from(emailOutbox).$dynamic(), status, createdAt, limit);
}

/** The last few jobs that failed for good, newest first. */
export async function listRecentFailedJobs(db: Database, limit = 5) {
  const { id, name, attempts, lastError, finishedAt, status } = jobs;
  return newestFailures(db.select({ id, name, attempts, lastError, finishedAt }).from(jobs).$dynamic(), status, finishedAt, limit);
}
