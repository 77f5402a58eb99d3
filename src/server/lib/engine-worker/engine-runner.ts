import type { FastifyBaseLogger } from 'fastify';
import type { AssessRiskOptions } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import type { EngineRun } from '@/reports/what-changed.ts';
import { createThreadPool, type PoolSettings, type ThreadPoolKind } from '../thread-pool.ts';
import { performEngineJob, type EngineJob, type EngineJobAnswer } from './engine-jobs.ts';

/** Runs the engine's long jobs for the whole app (ADR 263, ADR 269); `close()` stops its workers. */
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

/** The engine's pool: its entry registers tsx in the thread, then loads engine-worker.ts (ADR 276: Node 20 workers). */
const ENGINE_POOL: ThreadPoolKind = { name: 'engine', entryUrl: new URL('./engine-worker-entry.cjs', import.meta.url) };

/**
 * A pool of worker threads for the engine's runs (ADR 128, ADR 263, ADR 269; lib/thread-pool.ts),
 * sized to the machine (`ENGINE_THREADS`, default one per core): from a few hundred milliseconds to
 * seconds of computing that would otherwise hold up every request the process serves, and, with
 * one thread, one user's run behind another's. Threads load the engine through tsx, registered by
 * their plain-JavaScript entry (engine-worker-entry.cjs, ADR 276, so that Node 20 loads them too),
 * at the lowest CPU priority (engine-worker.ts). A thread that dies fails the job it had, and only
 * that one. `close()` ends the pool; a later job starts a new one.
 */
export function createWorkerRunner(log: FastifyBaseLogger, options: PoolSettings): EngineRunner {
  const pool = createThreadPool<EngineJob, EngineJobAnswer>(log, ENGINE_POOL, options);
  return runnerOf(
    async (job) => {
      const answer = await pool.run(job);
      if ('error' in answer) throw answer.rangeError ? new RangeError(answer.error) : new Error(answer.error);
      return answer.value;
    },
    () => pool.close(),
  );
}
