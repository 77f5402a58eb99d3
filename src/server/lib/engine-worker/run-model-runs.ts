import type { ModelRunResults, ModelRuns } from '@/reports/model-runs.ts';
import type { EngineRunner } from './engine-runner.ts';

/**
 * The engine runs a report or the results API lists (the peer's, the priced options', model-runs.ts)
 * on the engine pool, side by side, off the event loop (ADR 323); the results go back to the
 * report model, which stays pure.
 */
export async function runModelRuns(engine: EngineRunner, runs: ModelRuns): Promise<ModelRunResults> {
  const entries = await Promise.all(Object.entries(runs).map(async ([key, run]) => [key, await engine.assess(run.input, run.options)] as const));
  return Object.fromEntries(entries);
}
