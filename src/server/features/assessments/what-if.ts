import type { V1WhatIf, V1WhatIfBody } from '@/contracts/public-api.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { toV1Figures } from '@/reports/public-result.ts';
import type { AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import { AppError } from '../../errors.ts';
import type { EngineRunner } from '../../lib/engine-worker/engine-runner.ts';

const NOT_COMPLETED_MESSAGE = 'This assessment is a draft: complete it first, then ask what-if questions of its result.';
const OLD_ANSWERS_MESSAGE = 'The answers of this assessment were stored for an older model and cannot be re-run; duplicate it and complete the copy first.';

/**
 * POST /api/v1/assessments/:id/what-if: the stored answers with some changed, run on the current
 * model; nothing is stored. Before and after run with the stored seed and the stored result's
 * simulated years, so they share their random draws (the difference is the change, not noise)
 * and the cost stays that of the completion that produced the result: both go to the app's engine
 * runner, off the event loop (ADR 263). Attribution is left out: only the headline figures are answered.
 */
export async function runWhatIf(engine: EngineRunner, assessment: AssessmentRecord, body: V1WhatIfBody): Promise<V1WhatIf> {
  if (assessment.status !== 'completed' || !assessment.result) throw new AppError('conflict', NOT_COMPLETED_MESSAGE);
  const input = assessment.completedInput;
  if (!input) throw new AppError('conflict', OLD_ANSWERS_MESSAGE);
  const options = { seed: assessment.result.seed, iterations: assessment.result.iterations, attribution: false as const };
  const changed: RiskInput = { ...input, factors: { ...input.factors, ...body.answers } };
  const [stored, withChanges] = await Promise.all([runEngine(engine, input, options), runEngine(engine, changed, options)]);
  const before = toV1Figures(stored);
  const after = toV1Figures(withChanges);
  return { assessmentId: assessment.id, before, after, differenceUsd: after.expectedAnnualLossUsd - before.expectedAnnualLossUsd };
}

async function runEngine(engine: EngineRunner, input: RiskInput, options: { seed: number; iterations: number; attribution: false }) {
  try {
    return await engine.assess(input, options);
  } catch (error) {
    // "notApplicable" for a factor that has no such answer: the engine names the factor.
    if (error instanceof RangeError) throw new AppError('bad_request', `answers: ${error.message}`, { issues: [{ path: 'answers', message: error.message }] });
    throw error;
  }
}
