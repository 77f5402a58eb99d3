import { z } from 'zod';
import { InviteMemberInputSchema } from '@/contracts/organizations.ts';
import { V1AssessmentListQuerySchema, V1CreateAssessmentBodySchema, V1EvidenceChangesSchema, V1UpdateAssessmentBodySchema, V1WhatIfBodySchema } from '@/contracts/public-api.ts';
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

export const RecordEvidenceInput = V1EvidenceChangesSchema.extend({ assessmentId: AssessmentIdSchema });

/** A tool that takes nothing. */
export const NoInput = z.strictObject({});

// Administration (ADR 320): the ids of invitations and webhooks are UUIDs too, for the same reason.

export const InviteMemberInput = InviteMemberInputSchema.extend({
  email: InviteMemberInputSchema.shape.email.describe('The e-mail address to invite; CIFER sends the invitation there'),
  role: InviteMemberInputSchema.shape.role.describe('owner, member (answers and completes assessments, the default) or viewer (reads only)'),
});

export const InvitationInput = z.strictObject({ invitationId: z.uuid('Use the id of an open invitation (list_members shows them)').describe('The invitation id, as list_members shows it') });

export const WebhookInput = z.strictObject({ webhookId: z.uuid('Use the id of a webhook endpoint (list_webhooks shows them)').describe('The webhook endpoint id, as list_webhooks shows it') });

const optionalDate = (words: string) => z.iso.date('Use a date like 2026-01-31').optional().describe(words);

/** The audit log's filters as plain fields (the API's query takes them as text and checks them again). */
export const AuditLogInput = z.strictObject({
  action: z.string().max(100).optional().describe('Only actions starting with this, e.g. "organization." or "webhook.endpoint_created"'),
  actor: z.string().max(254).optional().describe('Only events made by this e-mail address'),
  from: optionalDate('From this day (UTC), inclusive'),
  to: optionalDate('To this day (UTC), inclusive'),
  cursor: z.string().max(200).optional().describe('The nextCursor of the previous answer, for the next page'),
  limit: z.number().int().min(1).max(200).default(50).describe('How many events, newest first (1-200, default 50)'),
});
