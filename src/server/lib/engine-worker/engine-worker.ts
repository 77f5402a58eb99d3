/**
 * The worker side of engine-runner.ts: one thread of the engine's pool (ADR 263, ADR 269). piscina
 * calls the default export once per job; the engine's long runs stay off the server's event loop.
 */
import { lowerThisThreadsPriority } from '../thread-pool.ts';
import { answerEngineJob, type EngineJob, type EngineJobAnswer } from './engine-jobs.ts';

lowerThisThreadsPriority();

export default function runEngineJob(job: EngineJob): EngineJobAnswer {
  return answerEngineJob(job);
}
