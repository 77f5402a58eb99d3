import { z } from 'zod';
import { CompletedRiskInputSchema, type CompleteAssessmentBody, type DraftRiskInput } from '@/contracts/assessments.ts';
import { mapBusinessAnswersToFactors } from '@/contracts/business-questions.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { Database } from '../../db/client.ts';
import type { AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import type { EngineRunner } from '../../lib/engine-worker/engine-runner.ts';
import { markCompleted } from '../../db/repositories/assessment-writes.ts';
import { applyRiskProfile, readRiskProfileSettings, saveAssessmentRiskProfile } from '../../db/repositories/risk-profiles.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { recordAnswerProvenance } from './answer-provenance.ts';
import { followOrganisationName } from './assessment-title.ts';
import { assertCompletable } from './completion-check.ts';
import { DEFAULT_SEED, runAssessment } from './run-assessment.ts';

const StoredInputSchema = z.object({ input: CompletedRiskInputSchema });
export const ALREADY_COMPLETED_MESSAGE = 'This assessment is already completed.';

/**
 * Completes a draft from the answers the user sees (sent with the request; the stored draft only
 * when none were sent), validated once here. On the business-leader path the factors are derived
 * from the plain-language answers on the server, so the two can never disagree.
 */
export async function completeAssessment(options: {
  db: Database;
  engine: EngineRunner;
  existing: AssessmentRecord;
  body: CompleteAssessmentBody;
  user: AuthContext['user'];
  now: Date;
  /** The public API refuses unanswered factors (ADR 289); the app completes with them taken as average. */
  everyFactor?: boolean;
}): Promise<{ seed: number; engineVersion: string }> {
  const { db, existing, body, user, now } = options;
  if (existing.status !== 'draft') throw new AppError('conflict', ALREADY_COMPLETED_MESSAGE);
  const businessAnswers = body.businessAnswers ?? existing.businessAnswers;
  const draft: DraftRiskInput = body.input ?? existing.input;
  const withFactors: DraftRiskInput =
    existing.path === 'business' ? { ...draft, frameworks: draft.frameworks ?? {}, factors: mapBusinessAnswersToFactors(businessAnswers) } : { ...draft, frameworks: draft.frameworks ?? {}, factors: draft.factors ?? {} };
  // Missing answers are named in plain words before the schema's own checks (ranges, known keys) run.
  // A business-path draft answers factors through its plain-language questions, never all of them.
  assertCompletable(withFactors, { everyFactor: options.everyFactor === true && existing.path !== 'business' });
  const parsed = parseInput(StoredInputSchema, { input: withFactors });
  // The organisation's cyber policy and appetite (ADR 218): run with the policy, keep both with the result.
  const { input, kept: riskProfile } = applyRiskProfile(parsed.input, await readRiskProfileSettings(db, user.organizationId));
  const seed = body.seed ?? DEFAULT_SEED;
  const result = await runAssessment(options.engine, input as RiskInput, seed);
  const answerProvenance = recordAnswerProvenance(existing.answerProvenance, existing.input.factors, input.factors, user, existing.path, now);
  // The answers sent may name the organisation for the first time: an unnamed assessment takes its name (ADR 217).
  const title = followOrganisationName(existing, existing.input, input);
  const done = await markCompleted(
    db,
    user.organizationId,
    existing.id,
    { input, result, seed, engineVersion: result.engineVersion, businessAnswers, evidenceNotes: body.evidenceNotes ?? existing.evidenceNotes, answerProvenance, ...(title === undefined ? {} : { title }) },
    now,
  );
  if (!done) throw new AppError('conflict', ALREADY_COMPLETED_MESSAGE);
  await saveAssessmentRiskProfile(db, existing.id, riskProfile, now);
  return { seed, engineVersion: result.engineVersion };
}
