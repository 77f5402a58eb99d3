import { desc, eq, type Column, type SelectedFields } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { emailOutbox, jobs } from '../../db/schema.ts';

/** A table of work that can fail for good: the outbox and the job queue. */
type FailingTable = PgTable & { status: Column };

/** The last few rows that failed for good, newest first by `at`. */
function listRecentFailed<Fields extends SelectedFields<Column, PgTable>>(db: Database, table: FailingTable, fields: Fields, at: Column, limit: number) {
  return db.select(fields).from(table).where(eq(table.status, 'failed')).orderBy(desc(at)).limit(limit);
}

/** The last few messages the outbox gave up on, newest first (no recipient, no body). */
export async function listRecentFailedMail(db: Database, limit = 5) {
  const { id, subject, attempts, lastError, createdAt } = emailOutbox;
  return listRecentFailed(db, emailOutbox, { id, subject, attempts, lastError, createdAt }, createdAt, limit);
}

/** The last few jobs that failed for good, newest first. */
export async function listRecentFailedJobs(db: Database, limit = 5) {
  const { id, name, attempts, lastError, finishedAt } = jobs;
  return listRecentFailed(db, jobs, { id, name, attempts, lastError, finishedAt }, finishedAt, limit);
}
