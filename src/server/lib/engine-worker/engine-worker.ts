/**
 * The worker side of engine-runner.ts: the engine's long runs, off the server's event loop
 * (ADR 128, ADR 263). One message in, one answer out, in order.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { performEngineJob, type EngineJobAnswer, type EngineJobRequest } from './engine-jobs.ts';

const port = parentPort;
if (!port) throw new Error('engine-worker.ts runs only as a worker thread');
// The lowest CPU priority, for this thread only (on Linux a thread has its own nice value): the
// requests the server answers meanwhile, and on a shared machine the browser, go first.
try {
  setPriority(19);
} catch {
  // Not permitted here: the runs still leave the event loop free.
}
port.on('message', ({ id, job }: EngineJobRequest) => {
  let answer: EngineJobAnswer;
  try {
    answer = { id, value: performEngineJob(job) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error), rangeError: error instanceof RangeError };
  }
  port.postMessage(answer);
});
