import type { ModelComparison, ModelFigures } from '@/contracts/assessments.ts';
import { StoredRiskResultSchema } from '@/contracts/risk.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import { rerunOnCurrentModel, type StoredHeadline } from '@/engine/rerun-on-current-model.ts';
import type { AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import { AppError } from '../../errors.ts';

export const NOT_COMPLETED_MESSAGE = 'Only a completed assessment can be re-run on the current model.';
export const ALREADY_CURRENT_MESSAGE = 'This assessment was computed by the current model; there is nothing to compare.';
export const NOT_RERUNNABLE_MESSAGE = 'The answers stored with this assessment cannot be run on the current model; duplicate it and complete the copy.';

/** Why model 2.x gives other figures than 1.x for the same answers (ADR 100); the one place this text lives. */
const WHY_MODEL_2_DIFFERS =
  'Model 2.0.0 builds the cost of one incident from your own firm (its revenue, staff and the records it holds) and checks each applicable regime for fines, where model 1.0.0 used one typical incident for every firm in a revenue band; it also matches how often firms of your size have a second incident, and a certificate can no longer raise the figures.';

const WHY_A_LATER_MODEL_DIFFERS = 'The model was recalibrated since this assessment was completed; the methodology page describes the current one.';

function whyTheModelsDiffer(storedVersion: string): string {
  return Number(storedVersion.split('.')[0]) < 2 ? WHY_MODEL_2_DIFFERS : WHY_A_LATER_MODEL_DIFFERS;
}

function describeChange(stored: number, current: number): string {
  const ratio = current / stored;
  if (!Number.isFinite(ratio) || stored <= 0) return 'The figures differ';
  if (Math.abs(ratio - 1) < 0.005) return 'The expected annual loss is about the same on both models';
  const percent = Math.round(Math.abs(ratio - 1) * 100);
  return ratio < 1 ? `The expected annual loss is ${percent}% lower on the current model` : `The expected annual loss is ${percent}% higher on the current model`;
}

/** The headline figures of one stored or fresh result, under the version that computed it. */
function figuresOf(result: StoredHeadline & { iterations: number }): ModelFigures {
  return {
    engineVersion: result.engineVersion,
    iterations: result.iterations,
    expectedAnnualLossUsd: result.annualLoss.expectedUsd,
    oneInTwentyYearUsd: result.annualLoss.percentilesUsd.p95,
    oneInHundredYearUsd: result.annualLoss.percentilesUsd.p99,
    probabilityOfAnyEvent: result.probabilityOfAnyEvent,
    costIfItHappensUsd: result.costIfItHappens.percentilesUsd.p50,
  };
}

/**
 * Re-runs a completed assessment stored by an older engine version on the current model, with
 * its stored answers and seed, and returns both sets of headline figures (ADR 105). Nothing is
 * written: the stored result keeps the figures and version it was computed with (ADR 104).
 * Recomputed on every call (deterministic: same answers, seed and model give the same figures).
 * @throws AppError conflict for a draft, a result of the current model, or stored answers the
 *   current model no longer accepts.
 */
export function compareWithCurrentModel(assessment: AssessmentRecord): ModelComparison {
  if (assessment.status !== 'completed' || assessment.result === null) throw new AppError('conflict', NOT_COMPLETED_MESSAGE);
  // The record's completed input is null when the current model no longer accepts the stored answers;
  // the stored result is read as the figures of the version that computed it (ADR 104).
  const stored = StoredRiskResultSchema.safeParse(assessment.result);
  const input = assessment.completedInput;
  if (!stored.success || input === null) throw new AppError('conflict', NOT_RERUNNABLE_MESSAGE);
  if (stored.data.engineVersion === ENGINE_VERSION) throw new AppError('conflict', ALREADY_CURRENT_MESSAGE);
  // The headline figures do not depend on attribution (same draws); skipping it keeps the re-run cheap.
  let comparison: ReturnType<typeof rerunOnCurrentModel>;
  try {
    comparison = rerunOnCurrentModel(input, stored.data, { attribution: false });
  } catch (error) {
    if (error instanceof RangeError) throw new AppError('conflict', NOT_RERUNNABLE_MESSAGE);
    throw error;
  }
  const storedFigures = figuresOf(stored.data);
  const currentFigures = figuresOf(comparison.current);
  const change = describeChange(storedFigures.expectedAnnualLossUsd, currentFigures.expectedAnnualLossUsd);
  return {
    assessmentId: assessment.id,
    seed: comparison.current.seed,
    stored: storedFigures,
    current: currentFigures,
    explanation: `${change} with the same answers, because the model changed, not your answers. ${whyTheModelsDiffer(storedFigures.engineVersion)}`,
  };
}
