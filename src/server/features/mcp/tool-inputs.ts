import { z } from 'zod';
import { V1AssessmentListQuerySchema, V1CreateAssessmentBodySchema, V1UpdateAssessmentBodySchema, V1WhatIfBodySchema } from '@/contracts/public-api.ts';
import { FACTOR_IDS } from '@/engine/factors.ts';

/**
 * The tools' inputs: the public API's own contracts, plus the assessment ids the API takes in its
 * paths. An id is a UUID here (every assessment id is one) so nothing else can reach a URL path.
 */

const AssessmentIdSchema = z.uuid('Use the id of an assessment (list_assessments shows them)').describe('The assessment id (a UUID), as list_assessments shows it');

export const ListAssessmentsInput = V1AssessmentListQuerySchema.extend({
  limit: z.number().int().min(1).max(100).default(20).describe('How many assessments, newest first (1-100, default 20)'),
});

export const AssessmentInput = z.strictObject({ assessmentId: AssessmentIdSchema });

export const ExplainFactorInput = z.strictObject({
  assessmentId: AssessmentIdSchema,
  factorId: z.enum(FACTOR_IDS).describe('The factor: M1-M11 (controls that lower the loss) or A1-A8 (exposures that raise it)'),
});

export const WhatIfInput = z.strictObject({
  assessmentId: AssessmentIdSchema,
  answers: V1WhatIfBodySchema.shape.answers.describe('Changed answers by factor id, e.g. { "M3": "best" }: worst, partial, best, notApplicable or unknown'),
});

export const CompareInput = z.strictObject({
  assessmentId: AssessmentIdSchema.describe('The later completed assessment'),
  againstAssessmentId: AssessmentIdSchema.optional().describe('The earlier completed assessment; without it, the one completed just before'),
});

export const ActionPlanInput = z.strictObject({
  assessmentId: AssessmentIdSchema.optional().describe("Whose recommendations to add; without it, the plan's baseline (the latest completed assessment)"),
});

export const StartDraftInput = V1CreateAssessmentBodySchema;

export const RecordAnswersInput = V1UpdateAssessmentBodySchema.extend({ assessmentId: AssessmentIdSchema });
