import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;

/** A job whose handler is still running when this lease ends is taken to be lost (crashed instance) and claimed again. */
export const JOB_LEASE_MS = 10 * 60_000;
export const MAX_JOB_ATTEMPTS = 5;

/** Back-off after a failed attempt: 1, 2, 4, 8 minutes. */
export function jobRetryDelayMs(attempt: number): number {
  return 60_000 * 2 ** Math.max(0, attempt - 1);
}

export interface NewJob {
  name: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** At most one job ever exists per key (e.g. one scheduler pass per period, whichever instance asks first). */
  dedupeKey?: string;
}

/** Adds a job; returns its id, or null when a job with the same dedupe key already exists. */
export async function enqueueJob(db: Database, job: NewJob, now: Date): Promise<string | null> {
  const rows = await db
    .insert(jobs)
    .values({ name: job.name, payload: job.payload ?? {}, runAt: job.runAt, dedupeKey: job.dedupeKey ?? null, createdAt: now })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/**
 * Claims up to `limit` due jobs for one worker in one statement. The inner SELECT locks the rows
 * it picks and skips rows another instance has locked (`FOR UPDATE SKIP LOCKED`), and the UPDATE
 * moves them to 'running' with a lease before the transaction ends, so no two instances ever
 * get the same job. PGlite runs the same SQL (it has one connection, so nothing is ever skipped).
 */
export async function claimDueJobs(db: Database, options: { now: Date; limit: number; workerId: string; leaseMs?: number }): Promise<JobRow[]> {
  const { now, limit, workerId } = options;
  const leaseEnd = new Date(now.getTime() + (options.leaseMs ?? JOB_LEASE_MS));
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(or(eq(jobs.status, 'pending'), eq(jobs.status, 'running')), lte(jobs.runAt, now)))
    .orderBy(jobs.runAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, runAt: leaseEnd, lockedBy: workerId })
    .where(inArray(jobs.id, due))
    .returning();
}

/** Marks a claimed job done; false when this worker no longer holds it (its lease ran out and another took it). */
export async function completeJob(db: Database, job: JobRow, workerId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', finishedAt: now, lastError: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Records a failed attempt: retried with back-off, or 'failed' after the last attempt. */
export async function failJob(db: Database, job: JobRow, workerId: string, error: unknown, now: Date): Promise<'retry' | 'failed'> {
  const gaveUp = job.attempts >= MAX_JOB_ATTEMPTS;
  await db
    .update(jobs)
    .set({
      status: gaveUp ? 'failed' : 'pending',
      runAt: new Date(now.getTime() + jobRetryDelayMs(job.attempts)),
      lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      finishedAt: gaveUp ? now : null,
      lockedBy: null,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
  return gaveUp ? 'failed' : 'retry';
}

/** Finished jobs are kept a week for the ops panel, then deleted. */
export async function deleteFinishedJobs(db: Database, before: Date): Promise<void> {
  await db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)));
}

export interface JobCounts {
  pending: number;
  running: number;
  done: number;
  failed: number;
}

export async function countJobs(db: Database): Promise<JobCounts> {
  const rows = await db.select({ status: jobs.status, count: sql<number>`count(*)::int` }).from(jobs).groupBy(jobs.status);
  const counts: JobCounts = { pending: 0, running: 0, done: 0, failed: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as keyof JobCounts] = Number(row.count);
  return counts;
}
