import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { expectedLossOf, type EngineRun } from '@/reports/what-changed.ts';
import type { EngineRunAnswer, EngineRunRequest } from './expected-loss-worker.ts';

/** Runs the what-changed waterfall's engine re-runs; `close()` stops its worker. */
export interface ExpectedLossRunner {
  expectedLoss(run: EngineRun): Promise<number>;
  close(): Promise<void>;
}

/** Lets requests that arrived meanwhile run before an engine run that blocks the event loop. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** In the server's own thread, one run per turn of the event loop (ADR 125): for the reports routes' tests. */
export function createInProcessRunner(): ExpectedLossRunner {
  return {
    async expectedLoss(run) {
      await nextTurn();
      return expectedLossOf(run);
    },
    async close() {},
  };
}

interface Pending {
  resolve: (value: number) => void;
  reject: (error: Error) => void;
}

/**
 * One worker thread, started on the first run, for the engine re-runs of the what-changed
 * waterfall (ADR 128): a few hundred milliseconds of computing that would otherwise hold up every
 * request and file the same process serves meanwhile (the page asking for that very report). The
 * worker loads the engine through tsx, as the server does. A worker that fails or exits fails the
 * runs it had (the waterfall is not cached then, ADR 125) and is replaced on the next run.
 */
export function createWorkerRunner(log: FastifyBaseLogger): ExpectedLossRunner {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  // The worker keeps the process alive only while it has runs to answer: an idle one does not
  // hold up an exit, and a run under way is not cut off by one (e.g. while the server closes).
  const settle = (started: Worker) => {
    if (pending.size === 0) started.unref();
  };
  const start = (): Worker => {
    const started = new Worker(new URL('./expected-loss-worker.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
    started.on('message', (answer: EngineRunAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      settle(started);
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else waiting.resolve(answer.expectedUsd);
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

  return {
    expectedLoss(run) {
      const target = (worker ??= start());
      const id = nextId++;
      const request: EngineRunRequest = { id, run };
      return new Promise<number>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        target.ref();
        target.postMessage(request);
      });
    },
    async close() {
      const stopping = worker;
      worker = null;
      if (stopping) await stopping.terminate();
    },
  };
}
