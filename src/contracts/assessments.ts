import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.ts';
import { text } from './text.ts';
import { FACTOR_ANSWERS, FACTOR_IDS } from '@/engine/factors.ts';
import type { FactorId } from '@/engine/factors.ts';
import { FRAMEWORK_IDS, FRAMEWORK_STATUSES, NIST_CSF_FUNCTIONS } from '@/engine/frameworks.ts';
import type { FrameworkId } from '@/engine/frameworks.ts';
import { INDUSTRIES } from '@/engine/industries.ts';
import type { RiskBand } from '@/engine/risk-score.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { BusinessAnswersSchema, type BusinessAnswers } from './business-questions.ts';
import { RiskInputSchema } from './risk.ts';

/**
 * Assessments as data. A draft holds a partial engine input while
 * the user answers; completion re-runs the engine on the server and stores
 * its result. The client's numbers are never trusted.
 */

export const ASSESSMENT_STATUSES = ['draft', 'completed'] as const;
export const AssessmentStatusSchema = z.enum(ASSESSMENT_STATUSES);
export type AssessmentStatus = z.infer<typeof AssessmentStatusSchema>;

/** Steps of the guided flow, in order (frameworks before the factors so their suggestions can pre-fill answers, ADR 050); a draft stores the one the user was on. */
export const ASSESSMENT_STEPS = ['profile', 'frameworks', 'people', 'protection', 'detectionAndResponse', 'governance', 'exposure', 'review'] as const;
/** Steps of the business-leader path. */
export const BUSINESS_STEPS = ['profile', 'businessQuestions'] as const;
export const AssessmentStepSchema = z.enum([...ASSESSMENT_STEPS, 'businessQuestions']);
export type AssessmentStep = z.infer<typeof AssessmentStepSchema>;

/** The two ways in (spec section 2): the business leader's short path and the security lead's detailed one. */
export const ASSESSMENT_PATHS = ['business', 'commercial'] as const;
export const AssessmentPathSchema = z.enum(ASSESSMENT_PATHS);
export type AssessmentPath = z.infer<typeof AssessmentPathSchema>;

/** Evidence notes: optional free text per factor on the commercial path. */
export const MAX_EVIDENCE_NOTE_LENGTH = 1000;
export const EvidenceNoteSchema = text().max(MAX_EVIDENCE_NOTE_LENGTH, `An evidence note must be at most ${MAX_EVIDENCE_NOTE_LENGTH} characters`);
export const EvidenceNotesSchema = z.strictObject(
  Object.fromEntries(FACTOR_IDS.map((id) => [id, EvidenceNoteSchema.optional()])) as { [F in FactorId]: z.ZodOptional<typeof EvidenceNoteSchema> },
);
export type EvidenceNotes = { [F in FactorId]?: string };

/** Seeds are stored in a 32-bit signed integer column. */
export const MAX_STORED_SEED = 2_147_483_647;
export const SeedSchema = z.number().int().min(0).max(MAX_STORED_SEED);

const TitleSchema = text().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters');
const IsoDateSchema = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD');
const IndustrySchema = z.enum(INDUSTRIES.map((i) => i.id) as [(typeof INDUSTRIES)[number]['id'], ...(typeof INDUSTRIES)[number]['id'][]]);
const CountSchema = z.number().int().min(0).max(1e10);

const factorShape = Object.fromEntries(FACTOR_IDS.map((id) => [id, z.enum(FACTOR_ANSWERS).optional()])) as { [F in FactorId]: z.ZodOptional<z.ZodEnum<{ [A in (typeof FACTOR_ANSWERS)[number]]: A }>> };
const nistTiersShape = Object.fromEntries(NIST_CSF_FUNCTIONS.map((fn) => [fn, z.number().int().min(1).max(4).optional()])) as {
  [F in (typeof NIST_CSF_FUNCTIONS)[number]]: z.ZodOptional<z.ZodNumber>;
};
/** One framework's state in a draft: its status, since when, and NIST CSF's self-assessed tiers. */
export const DraftFrameworkStateSchema = z.strictObject({
  status: z.enum(FRAMEWORK_STATUSES),
  since: IsoDateSchema.optional(),
  nistCsfTiers: z.strictObject(nistTiersShape).optional(),
});
const frameworkShape = Object.fromEntries(FRAMEWORK_IDS.map((id) => [id, DraftFrameworkStateSchema.optional()])) as {
  [F in FrameworkId]: z.ZodOptional<typeof DraftFrameworkStateSchema>;
};

/**
 * A draft's input: the engine input with every field optional (ranges still
 * checked, unknown keys refused) so half-answered questionnaires can be saved.
 */
export const DraftRiskInputSchema = z.strictObject({
  organisation: z
    .strictObject({
      name: text().max(200).optional(),
      industry: IndustrySchema.optional(),
      employees: z.number().int().min(1).max(100_000).optional(),
      annualRevenueUsd: z.number().min(1_000).max(1e13).optional(),
      records: z
        .strictObject({ personal: CountSchema.optional(), health: CountSchema.optional(), paymentCard: CountSchema.optional(), consumerFinancial: CountSchema.optional() })
        .optional(),
      holdsEuResidentsData: z.boolean().optional(),
      holdsCaliforniaResidentsData: z.boolean().optional(),
      isPubliclyTraded: z.boolean().optional(),
    })
    .optional(),
  factors: z.strictObject(factorShape).optional(),
  frameworks: z.strictObject(frameworkShape).optional(),
  insurance: z
    .strictObject({ limitUsd: z.number().min(0).max(1e12).optional(), retentionUsd: z.number().min(0).max(1e12).optional(), coinsuranceShare: z.number().min(0).max(0.99).optional() })
    .optional(),
  asOfDate: IsoDateSchema.optional(),
});
export type DraftRiskInput = z.infer<typeof DraftRiskInputSchema>;

/** POST /api/assessments */
export const CreateAssessmentBodySchema = z.strictObject({
  /**
   * A draft started offline (ADR 304) carries the id the browser gave it: sending the same id again
   * answers the draft already made (200), so a sync retried after a lost answer never makes two.
   */
  id: z.uuid().optional(),
  title: TitleSchema.optional(),
  input: DraftRiskInputSchema.optional(),
  path: AssessmentPathSchema.optional(),
});
export type CreateAssessmentBody = z.infer<typeof CreateAssessmentBodySchema>;

/** PATCH /api/assessments/:id (drafts only) */
export const UpdateAssessmentBodySchema = z.strictObject({
  title: TitleSchema.optional(),
  input: DraftRiskInputSchema.optional(),
  currentStep: AssessmentStepSchema.optional(),
  /**
   * Optional precondition (offline sync, ADR 162): the `updatedAt` the client last saw. When the
   * stored draft has changed since, the server answers 409 and changes nothing.
   */
  expectedUpdatedAt: z.iso.datetime().optional(),
  businessAnswers: BusinessAnswersSchema.optional(),
  evidenceNotes: EvidenceNotesSchema.optional(),
});
export type UpdateAssessmentBody = z.infer<typeof UpdateAssessmentBodySchema>;

/**
 * POST /api/assessments/:id/rename: names an assessment, draft or completed (ADR 217). Its title is
 * what History, the presentation picker, the home chart and "what changed" show.
 */
export const RenameAssessmentBodySchema = z.strictObject({ title: TitleSchema });
export type RenameAssessmentBody = z.infer<typeof RenameAssessmentBodySchema>;

/** POST /api/assessments/:id/complete */
/**
 * Completion carries the answers on screen: the server validates them once and computes from
 * them, so the stored result never depends on whether an earlier autosave got through.
 * Without `input` the stored draft is completed (older clients).
 */
export const CompleteAssessmentBodySchema = z.strictObject({
  seed: SeedSchema.optional(),
  input: DraftRiskInputSchema.optional(),
  businessAnswers: BusinessAnswersSchema.optional(),
  evidenceNotes: EvidenceNotesSchema.optional(),
});
export type CompleteAssessmentBody = z.infer<typeof CompleteAssessmentBodySchema>;

/** The completed input the engine runs on: the contracts' full `RiskInputSchema`. */
export const CompletedRiskInputSchema = RiskInputSchema;

/** POST /api/assessments/:id/scenarios: a what-if saved as a new, completed assessment. */
export const CreateScenarioBodySchema = z.strictObject({
  title: TitleSchema,
  input: RiskInputSchema,
  seed: SeedSchema.optional(),
});
export type CreateScenarioBody = z.infer<typeof CreateScenarioBodySchema>;

/** POST /api/assessments/:id/invite: hand a business-leader assessment to a colleague of the same organisation. */
export const InviteColleagueBodySchema = z.strictObject({
  email: text().trim().toLowerCase().email(AUTH_MESSAGES.loginEmail).max(254, 'E-mail must be at most 254 characters'),
  message: text().trim().max(1000, 'The message must be at most 1000 characters').optional(),
});
export type InviteColleagueBody = z.infer<typeof InviteColleagueBodySchema>;
export const InviteColleagueResponseSchema = z.object({ sentTo: z.string(), colleagueName: z.string() });
export type InviteColleagueResponse = z.infer<typeof InviteColleagueResponseSchema>;

/** GET /api/assessments?page=&pageSize= */
export const ListAssessmentsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});


/** Headline figures of a completed assessment, for lists. */
export const AssessmentSummarySchema = z.object({
  aleUsd: z.number(),
  score: z.number(),
  band: z.custom<RiskBand>((value) => typeof value === 'string'),
  bandLabel: z.string(),
  probabilityOfAnyEvent: z.number(),
});
export type AssessmentSummary = z.infer<typeof AssessmentSummarySchema>;

export const AssessmentAuthorSchema = z.object({ id: z.string(), name: z.string() });

/** One row of GET /api/assessments. */
export const AssessmentListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  path: AssessmentPathSchema,
  status: AssessmentStatusSchema,
  currentStep: AssessmentStepSchema.nullable(),
  author: AssessmentAuthorSchema.nullable(),
  engineVersion: z.string().nullable(),
  seed: z.number().nullable(),
  summary: AssessmentSummarySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AssessmentListItem = z.infer<typeof AssessmentListItemSchema>;

/** GET /api/assessments/:id and every write that returns an assessment. */
/** Who gave one factor's answer, on which path and when (newest last). */
export interface AnswerProvenanceEntry {
  answeredBy: string;
  answeredByName: string;
  path: AssessmentPath;
  answer: string;
  at: string;
}
export type AnswerProvenance = { [F in FactorId]?: AnswerProvenanceEntry[] };

/**
 * GET /api/assessments/:id and every write that returns an assessment. The stored answers, the
 * engine's result and the provenance are passed through as stored (their shapes are the engine's
 * and the input schemas' own; ADR 210 leaves describing them field by field to the OpenAPI work).
 */
export const AssessmentSchema = AssessmentListItemSchema.extend({
  input: z.custom<DraftRiskInput>((value) => typeof value === 'object' && value !== null),
  result: z.custom<RiskResult>((value) => typeof value === 'object' && value !== null).nullable(),
  businessAnswers: z.custom<BusinessAnswers>((value) => typeof value === 'object' && value !== null),
  evidenceNotes: z.custom<EvidenceNotes>((value) => typeof value === 'object' && value !== null),
  answerProvenance: z.custom<AnswerProvenance>((value) => typeof value === 'object' && value !== null),
  sourceAssessmentId: z.string().nullable(),
});
export type Assessment = z.infer<typeof AssessmentSchema>;

export const AssessmentPageSchema = z.object({
  items: z.array(AssessmentListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AssessmentPage = z.infer<typeof AssessmentPageSchema>;

/** The headline figures of one model's result, as the model comparison shows them. */
export const ModelFiguresSchema = z.object({
  engineVersion: z.string(),
  /** Simulated years behind the figures. */
  iterations: z.number(),
  expectedAnnualLossUsd: z.number(),
  /** The range of one year's loss: a bad year (1 in 20) and a very bad one (1 in 100). */
  oneInTwentyYearUsd: z.number(),
  oneInHundredYearUsd: z.number(),
  /** Chance of at least one loss event in a year. */
  probabilityOfAnyEvent: z.number(),
  /** Cost if it happens: the median cost of one event. */
  costIfItHappensUsd: z.number(),
});
export type ModelFigures = z.infer<typeof ModelFiguresSchema>;

/**
 * GET /api/assessments/:id/model-comparison (ADR 105): a completed assessment stored by an older
 * engine version, re-run with its stored answers and seed on the current model. The stored result
 * is never changed; both sets of figures are returned side by side.
 */
export const ModelComparisonSchema = z.object({
  assessmentId: z.string(),
  seed: z.number(),
  stored: ModelFiguresSchema,
  current: ModelFiguresSchema,
  /** A plain sentence on why the two differ. */
  explanation: z.string(),
});
export type ModelComparison = z.infer<typeof ModelComparisonSchema>;

/** `:id` of an assessment route: any string, so a malformed id gets the same 404 as an unknown one. */
export const AssessmentParamsSchema = z.object({ id: z.string() });
