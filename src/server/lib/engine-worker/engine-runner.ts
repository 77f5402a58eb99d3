import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { AssessRiskOptions } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import type { EngineRun } from '@/reports/what-changed.ts';
import { performEngineJob, type EngineJob, type EngineJobAnswer, type EngineJobRequest } from './engine-jobs.ts';

/** Runs the engine's long jobs for the whole app (ADR 263); `close()` stops its worker. */
export interface EngineRunner {
  /** A full run of the model: a completion, a what-if (saved or the public API's), a re-score. */
  assess(input: RiskInput, options: AssessRiskOptions): Promise<RiskResult>;
  /** An expected annual loss alone: the what-changed waterfall's re-runs (ADR 128), the action plan's estimates. */
  expectedLoss(run: EngineRun): Promise<number>;
  close(): Promise<void>;
}

/** Lets requests that arrived meanwhile run before an engine run that blocks the event loop. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Both methods of a runner from one way of performing a job. An answer of the other job's kind
 * (a number for a full run, a result for an expected loss) fails the job rather than pass as one.
 */
function runnerOf(perform: (job: EngineJob) => Promise<RiskResult | number>, close: () => Promise<void>): EngineRunner {
  return {
    async assess(input, options) {
      const value = await perform({ kind: 'assess', input, options });
      if (typeof value === 'number') throw new Error('The engine answered a full run with a number');
      return value;
    },
    async expectedLoss(run) {
      const value = await perform({ kind: 'expectedLoss', run });
      if (typeof value !== 'number') throw new Error('The engine answered an expected loss with a full run');
      return value;
    },
    close,
  };
}

/** In the server's own thread, one job per turn of the event loop (ADR 125): for the API tests. */
export function createInProcessRunner(): EngineRunner {
  return runnerOf(
    async (job) => {
      await nextTurn();
      return performEngineJob(job);
    },
    async () => {},
  );
}

interface Pending {
  resolve: (value: RiskResult | number) => void;
  reject: (error: Error) => void;
}

/** A started worker and the jobs it has yet to answer: its end fails these and no others. */
interface EngineThread {
  readonly thread: Worker;
  readonly pending: Map<number, Pending>;
}

/** The worker's own script: the engine's jobs (engine-worker.ts). */
const ENGINE_WORKER_URL = new URL('./engine-worker.ts', import.meta.url);
/** Plain JavaScript that registers tsx in the thread, then loads the script (ADR 276: Node 20 workers). */
const WORKER_ENTRY_URL = new URL('./engine-worker-entry.cjs', import.meta.url);

/**
 * One worker thread, started on the first job, for the engine's runs (ADR 128, ADR 263): from a
 * few hundred milliseconds to seconds of computing that would otherwise hold up every request
 * and file the same process serves meanwhile. The worker loads the engine through tsx, registered
 * by its plain-JavaScript entry (engine-worker-entry.cjs, ADR 276), so that it works on Node 20
 * too. A worker that fails or exits fails the jobs it had, and only those: the next job
 * starts a new worker, whose jobs the old one's exit cannot touch. `workerUrl` is for tests.
 */
export function createWorkerRunner(log: FastifyBaseLogger, workerUrl: URL = ENGINE_WORKER_URL): EngineRunner {
  let current: EngineThread | null = null;
  let nextId = 1;

  const start = (): EngineThread => {
    const started: EngineThread = { thread: new Worker(WORKER_ENTRY_URL, { argv: [workerUrl.href], execArgv: [] }), pending: new Map() };
    const { thread, pending } = started;
    let failure: Error | undefined;
    thread.on('message', (answer: EngineJobAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      // The worker keeps the process alive only while it has jobs to answer: an idle one does not
      // hold up an exit, and a job under way is not cut off by one (e.g. while the server closes).
      if (pending.size === 0) thread.unref();
      if ('error' in answer) waiting.reject(answer.rangeError ? new RangeError(answer.error) : new Error(answer.error));
      else waiting.resolve(answer.value);
    });
    // An uncaught error in the worker comes first, then its exit; new jobs go to a new worker at once.
    thread.on('error', (error) => {
      if (current === started) current = null;
      failure = error instanceof Error ? error : new Error(String(error));
      log.error({ err: error }, 'engine worker failed');
    });
    thread.on('exit', (code) => {
      if (current === started) current = null;
      const reason = failure ?? new Error(`The engine worker stopped (exit code ${code})`);
      for (const { reject } of pending.values()) reject(reason);
      pending.clear();
    });
    return started;
  };

  return runnerOf(
    (job) => {
      const { thread, pending } = (current ??= start());
      const id = nextId++;
      const request: EngineJobRequest = { id, job };
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.ref();
        thread.postMessage(request);
      });
    },
    async () => {
      const stopping = current;
      current = null;
      if (stopping) await stopping.thread.terminate();
    },
  );
}
