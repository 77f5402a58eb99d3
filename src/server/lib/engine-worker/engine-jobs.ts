import { assessRisk, type AssessRiskOptions } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { expectedLossOf, type EngineRun } from '@/reports/what-changed.ts';

/**
 * What a request asks of the engine (ADR 263): a full run (a completion, a what-if, a re-score) or
 * an expected loss alone (the what-changed waterfall's re-runs, ADR 128; the action plan's estimates).
 */
export type EngineJob = { readonly kind: 'assess'; readonly input: RiskInput; readonly options: AssessRiskOptions } | { readonly kind: 'expectedLoss'; readonly run: EngineRun };

/** The one place a job meets the engine, on the worker thread or, in tests, on the server's own. */
export function performEngineJob(job: EngineJob): RiskResult | number {
  return job.kind === 'assess' ? assessRisk(job.input, job.options) : expectedLossOf(job.run);
}

/**
 * A job's answer across the thread boundary. `rangeError` keeps the engine's way of naming a bad
 * parameter (a RangeError), which the server turns into a 400 (features/assessments/run-assessment.ts).
 */
export type EngineJobAnswer = { readonly value: RiskResult | number } | { readonly error: string; readonly rangeError: boolean };

/** Performs a job and wraps its outcome for the trip back from a worker thread (engine-worker.ts). */
export function answerEngineJob(job: EngineJob): EngineJobAnswer {
  try {
    return { value: performEngineJob(job) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), rangeError: error instanceof RangeError };
  }
}
