import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { AssessRiskOptions } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import type { EngineRun } from '@/reports/what-changed.ts';
import { performEngineJob, type EngineJob, type EngineJobAnswer, type EngineJobRequest } from './engine-jobs.ts';

/** Runs the engine's long jobs for the whole app (ADR 263); `close()` stops its worker. */
export interface EngineRunner {
  /** A full run of the model: what a completion, a saved what-if or a re-score stores. */
  assess(input: RiskInput, options: AssessRiskOptions): Promise<RiskResult>;
  /** One of the what-changed waterfall's re-runs (ADR 128): its expected annual loss. */
  expectedLoss(run: EngineRun): Promise<number>;
  close(): Promise<void>;
}

/** Lets requests that arrived meanwhile run before an engine run that blocks the event loop. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Both methods of a runner from one way of performing a job. */
function runnerOf(perform: (job: EngineJob) => Promise<RiskResult | number>, close: () => Promise<void>): EngineRunner {
  return {
    assess: (input, options) => perform({ kind: 'assess', input, options }) as Promise<RiskResult>,
    expectedLoss: (run) => perform({ kind: 'expectedLoss', run }) as Promise<number>,
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

/**
 * One worker thread, started on the first job, for the engine's runs (ADR 128, ADR 263): from a
 * few hundred milliseconds to seconds of computing that would otherwise hold up every request
 * and file the same process serves meanwhile. The worker loads the engine through tsx, as the
 * server does. A worker that fails or exits fails the jobs it had and is replaced on the next one.
 */
export function createWorkerRunner(log: FastifyBaseLogger): EngineRunner {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  // The worker keeps the process alive only while it has jobs to answer: an idle one does not
  // hold up an exit, and a job under way is not cut off by one (e.g. while the server closes).
  const settle = (started: Worker) => {
    if (pending.size === 0) started.unref();
  };
  const start = (): Worker => {
    const started = new Worker(new URL('./engine-worker.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
    started.on('message', (answer: EngineJobAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      settle(started);
      if ('error' in answer) waiting.reject(answer.rangeError ? new RangeError(answer.error) : new Error(answer.error));
      else waiting.resolve(answer.value);
    });
    started.on('error', (error) => {
      log.error({ err: error }, 'engine worker failed');
      worker = null;
      failAll(error instanceof Error ? error : new Error(String(error)));
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`The engine worker stopped (exit code ${code})`));
    });
    return started;
  };

  return runnerOf(
    (job) => {
      const target = (worker ??= start());
      const id = nextId++;
      const request: EngineJobRequest = { id, job };
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        target.ref();
        target.postMessage(request);
      });
    },
    async () => {
      const stopping = worker;
      worker = null;
      if (stopping) await stopping.terminate();
    },
  );
}
