/**
 * The worker side of engine-runner.ts: one thread of the engine's pool (ADR 263, ADR 269). piscina
 * calls the default export once per job; the engine's long runs stay off the server's event loop.
 */
import { setPriority } from 'node:os';
import { answerEngineJob, type EngineJob, type EngineJobAnswer } from './engine-jobs.ts';

// The lowest CPU priority, for this thread only (on Linux a thread has its own nice value): the
// requests the server answers meanwhile, and on a shared machine the browser, go first.
try {
  setPriority(19);
} catch {
  // Not permitted here: the runs still leave the event loop free.
}

export default function runEngineJob(job: EngineJob): EngineJobAnswer {
  return answerEngineJob(job);
}
