/**
 * A stand-in for lib/engine-worker/engine-worker.ts in lib/engine-worker/engine-runner.test.ts:
 * it answers every job with 42, except an expected loss asked with a negative seed, on which its
 * thread dies of an uncaught error before answering (as a crash would end it).
 */
import type { EngineJob, EngineJobAnswer } from '../lib/engine-worker/engine-jobs.ts';

export default async function runEngineJob(job: EngineJob): Promise<EngineJobAnswer> {
  if (job.kind === 'expectedLoss' && job.run.seed < 0) {
    setImmediate(() => {
      throw new Error('the stand-in worker crashed on purpose');
    });
    return new Promise<EngineJobAnswer>(() => {});
  }
  return { value: 42 };
}
