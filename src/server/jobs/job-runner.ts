import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { claimDueJobs, completeJob, deleteFinishedJobs, enqueueJob, failJob, type JobRow } from './queue.ts';

export type JobHandler = (payload: Record<string, unknown>, context: { now: Date; jobId: string }) => Promise<void>;
export type JobOutcome = 'done' | 'retry' | 'failed' | 'lost';

export interface JobRunner {
  /** The handler of jobs of this name (one per name). */
  register(name: string, handler: JobHandler): void;
  /**
   * Runs `name` once per period of `everyMs` (aligned to the epoch, shifted by `offsetMs`: a daily
   * job at 03:00 UTC is every(name, day, 3 hours)); every instance may ask, one job per period exists.
   */
  every(name: string, everyMs: number, offsetMs?: number): void;
  enqueue(name: string, payload?: Record<string, unknown>, runAt?: Date): Promise<string | null>;
  /** One pass: enqueues the recurring jobs due by now, then runs every due job. Resolves when the pass is over (tests await it). */
  runDue(): Promise<void>;
  /** Starts the polling loop (the app does, outside tests). */
  start(): void;
  /** Stops the loop and waits for a running pass. */
  stop(): Promise<void>;
  readonly workerId: string;
}

export interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** The app clock: every due time is read from it, so fake-clock tests drive the scheduler. */
  now: () => Date;
  pollMs: number;
  onOutcome?: (name: string, outcome: JobOutcome) => void;
}

const CLAIM_BATCH = 10;
const KEEP_FINISHED_MS = 7 * 24 * 3_600_000;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log, now } = options;
  const workerId = randomUUID();
  const handlers = new Map<string, JobHandler>();
  const recurring = new Map<string, { everyMs: number; offsetMs: number }>();
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function enqueueRecurring(at: Date): Promise<void> {
    for (const [name, { everyMs, offsetMs }] of recurring) {
      const periodStart = new Date(Math.floor((at.getTime() - offsetMs) / everyMs) * everyMs + offsetMs);
      await enqueueJob(db, { name, runAt: periodStart, dedupeKey: `${name}@${periodStart.toISOString()}` }, at);
    }
  }

  async function runJob(job: JobRow): Promise<void> {
    const handler = handlers.get(job.name);
    let outcome: JobOutcome;
    try {
      if (!handler) throw new Error(`no handler registered for job "${job.name}"`);
      await handler(job.payload, { now: now(), jobId: job.id });
      outcome = (await completeJob(db, job, workerId, now())) ? 'done' : 'lost';
    } catch (error) {
      outcome = await failJob(db, job, workerId, error, now());
      log.warn({ jobId: job.id, job: job.name, attempts: job.attempts, outcome, err: error }, 'job failed');
    }
    options.onOutcome?.(job.name, outcome);
  }

  async function passOnce(): Promise<void> {
    const at = now();
    await enqueueRecurring(at);
    for (;;) {
      const claimed = await claimDueJobs(db, { now: now(), limit: CLAIM_BATCH, workerId });
      if (claimed.length === 0) break;
      for (const job of claimed) await runJob(job);
    }
    await deleteFinishedJobs(db, new Date(at.getTime() - KEEP_FINISHED_MS));
  }

  function runDue(): Promise<void> {
    // One pass at a time per instance; a call during a pass waits for it and runs again.
    const next = (running ?? Promise.resolve()).then(passOnce).catch((error: unknown) => {
      log.error({ err: error }, 'job pass failed');
    });
    running = next;
    return next;
  }

  return {
    workerId,
    register(name, handler) {
      if (handlers.has(name)) throw new Error(`job "${name}" already has a handler`);
      handlers.set(name, handler);
    },
    every(name, everyMs, offsetMs = 0) {
      if (!Number.isInteger(everyMs) || everyMs < 1_000) throw new RangeError('everyMs must be an integer of at least 1000');
      if (!Number.isInteger(offsetMs) || offsetMs < 0 || offsetMs >= everyMs) throw new RangeError('offsetMs must be an integer from 0 to everyMs');
      recurring.set(name, { everyMs, offsetMs });
    },
    enqueue: (name, payload, runAt) => enqueueJob(db, { name, payload: payload ?? {}, runAt: runAt ?? now() }, now()),
    runDue,
    start() {
      if (timer || stopped || options.pollMs <= 0) return;
      timer = setInterval(() => void runDue(), options.pollMs);
      timer.unref();
      void runDue();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
