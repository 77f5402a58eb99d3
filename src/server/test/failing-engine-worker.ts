/**
 * A stand-in for lib/engine-worker/engine-worker.ts in lib/engine-worker/engine-runner.test.ts:
 * it answers every job with 42, except an expected loss asked with a negative seed, on which the
 * thread throws an uncaught error (so its Worker emits 'error' and then 'exit').
 */
import { parentPort } from 'node:worker_threads';
import type { EngineJobAnswer, EngineJobRequest } from '../lib/engine-worker/engine-jobs.ts';

const port = parentPort;
if (!port) throw new Error('failing-engine-worker.ts runs only as a worker thread');
port.on('message', ({ id, job }: EngineJobRequest) => {
  if (job.kind === 'expectedLoss' && job.run.seed < 0) throw new Error('the stand-in worker crashed on purpose');
  const answer: EngineJobAnswer = { id, value: 42 };
  port.postMessage(answer);
});
