import { setPriority } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';

/** A pool of worker threads for one kind of job; `close()` stops its threads, a later job starts new ones. */
export interface ThreadPool<Job, Answer> {
  run(job: Job): Promise<Answer>;
  close(): Promise<void>;
}

/** One kind of pool, next to its runner (engine-worker/, report-worker/). */
export interface ThreadPoolKind {
  /** Named in the log lines: "engine", "report". */
  readonly name: string;
  /**
   * The thread's first module, plain JavaScript that registers tsx and loads the kind's TypeScript
   * task module, whose default export handles one job (ADR 276, ADR 323).
   */
  readonly entryUrl: URL;
}

/** A runner's pool as configured: its size (ENGINE_THREADS or REPORT_THREADS, env.ts) and, for tests, a stand-in task module for the entry to load instead of its own. */
export interface PoolSettings {
  readonly threads: number;
  readonly workerUrl?: URL;
}

/** An idle thread is kept this long for the next job (starting one loads its modules through tsx, about a second). */
const IDLE_THREAD_MS = 60_000;

/**
 * A piscina pool (ADR 269) started on its first job, of at most `threads` threads: jobs beyond them
 * wait in piscina's first-come queue, none is refused. Idle threads end after a minute and do not
 * keep the process alive. A thread that dies fails the job it had, and only that one, with an
 * error (logged here); piscina starts another for the next.
 */
export function createThreadPool<Job, Answer>(log: FastifyBaseLogger, kind: ThreadPoolKind, settings: PoolSettings): ThreadPool<Job, Answer> {
  let pool: Piscina<Job, Answer> | null = null;
  const start = (): Piscina<Job, Answer> => {
    const started = new Piscina<Job, Answer>({
      filename: kind.entryUrl.href,
      workerData: { script: settings.workerUrl?.href },
      execArgv: [],
      minThreads: 0,
      maxThreads: settings.threads,
      idleTimeout: IDLE_THREAD_MS,
      maxQueue: Number.POSITIVE_INFINITY,
    });
    started.on('error', (error: unknown) => log.error({ err: error }, `${kind.name} worker pool failed`));
    return started;
  };
  return {
    async run(job) {
      try {
        return await (pool ??= start()).run(job);
      } catch (error) {
        // The thread died under this job, or the task threw (piscina replaces a dead thread for the next job).
        log.error({ err: error }, `${kind.name} worker failed`);
        throw error instanceof Error ? error : new Error(String(error));
      }
    },
    async close() {
      const stopping = pool;
      pool = null;
      if (stopping) await stopping.destroy();
    },
  };
}

/**
 * For a pool's task module, once: the lowest CPU priority, for the calling thread only (on Linux a
 * thread has its own nice value), so the requests the server answers meanwhile, and on a shared
 * machine the browser, go first.
 */
export function lowerThisThreadsPriority(): void {
  try {
    setPriority(19);
  } catch {
    // Not permitted here: the jobs still leave the event loop free.
  }
}
