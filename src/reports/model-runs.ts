import { assessRisk, type AssessRiskOptions } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';

/**
 * The engine runs a report needs beyond the stored result: the typical peer (ADR 207) and the
 * priced options (ADR 270), each named by a key. The reports only list them (reportRunsOf,
 * report-model.ts) and read their results: the server runs them on its engine pool, off the event
 * loop, and hands the results to buildReportModel (ADR 323), so building a report is pure and quick.
 */
export interface ModelRun {
  readonly input: RiskInput;
  readonly options: AssessRiskOptions;
}

export type ModelRuns = Readonly<Record<string, ModelRun>>;
export type ModelRunResults = Readonly<Record<string, RiskResult>>;

/** The result of the run `key`; a run listed but not handed back is a bug of the caller, not bad input. */
export function resultOfRun(results: ModelRunResults, key: string): RiskResult {
  const result = results[key];
  if (result === undefined) throw new Error(`The report's engine run "${key}" was not given`);
  return result;
}

/**
 * Every run on this thread: for tests, the report bench and scripts. Never on a server request,
 * where the engine pool runs them (features/reports/load-report.ts).
 */
export function runModelRunsHere(runs: ModelRuns): ModelRunResults {
  return Object.fromEntries(Object.entries(runs).map(([key, run]) => [key, assessRisk(run.input, run.options)]));
}
