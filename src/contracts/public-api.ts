import { z } from 'zod';
import { FACTOR_ANSWERS, FACTOR_IDS } from '@/engine/factors.ts';
import { FRAMEWORK_IDS, FRAMEWORK_STATUSES, type FrameworkId } from '@/engine/frameworks.ts';
import type { FactorId } from '@/engine/factors.ts';
import { LOSS_SCENARIO_IDS } from '@/engine/loss-scenarios.ts';
import { RISK_BANDS } from '@/engine/risk-score.ts';
import type { RiskBand } from '@/engine/risk-score.ts';
import {
  AssessmentPathSchema,
  AssessmentStatusSchema,
  AssessmentStepSchema,
  CreateAssessmentBodySchema,
  DraftFrameworkStateSchema,
  DraftRiskInputSchema,
  EvidenceNoteSchema,
} from './assessments.ts';
import { ActionPlanSchema, MonitoringTrendSchema, TrendPointSchema } from './monitoring.ts';
import { OrganizationAuditEventSchema, OrganizationRoleSchema } from './organizations.ts';
import { text } from './text.ts';

/**
 * The public API /api/v1 (ADR 228): the shapes its callers (scripts, integrations, the MCP server)
 * code against. Every schema is an explicit zod object, never `z.custom`, so the OpenAPI document
 * at /api/v1/openapi.json describes real fields. These shapes are a published contract: add fields,
 * never rename or remove one.
 */

const FactorIdSchema = z.enum(FACTOR_IDS);
const FactorAnswerSchema = z.enum(FACTOR_ANSWERS);
const RiskBandIdSchema = z.enum(RISK_BANDS.map((band) => band.id) as [RiskBand, ...RiskBand[]]);

// ---------- Organisations ----------

/** One organisation the caller belongs to; `acting` marks the one this request acts in. */
export const V1OrganizationSchema = z.object({ id: z.string(), name: z.string(), role: OrganizationRoleSchema, acting: z.boolean() }).meta({ id: 'Organization' });
export type V1Organization = z.infer<typeof V1OrganizationSchema>;

/** GET /api/v1/organizations */
export const V1OrganizationListSchema = z.object({ organizations: z.array(V1OrganizationSchema) }).meta({ id: 'OrganizationList' });
export type V1OrganizationList = z.infer<typeof V1OrganizationListSchema>;

// ---------- Figures shared by results and what-if ----------

/** The headline figures of one engine run, USD a year unless said otherwise. */
export const V1FiguresSchema = z.object({
  /** Expected annual loss (the mean over simulated years). */
  expectedAnnualLossUsd: z.number(),
  /** Chance of at least one loss event in a year, in [0, 1]. */
  probabilityOfIncident: z.number(),
  /** Median cost of one incident. */
  typicalIncidentUsd: z.number(),
  /** 95th percentile cost of one incident. */
  severeIncidentUsd: z.number(),
  /** Loss of a bad year: the 95th percentile of annual loss. */
  oneIn20YearUsd: z.number(),
  /** Loss of a very bad year: the 99th percentile of annual loss. */
  oneIn100YearUsd: z.number(),
}).meta({ id: 'Figures' });
export type V1Figures = z.infer<typeof V1FiguresSchema>;

export const V1RiskBandSchema = z.object({ id: RiskBandIdSchema, label: z.string() }).meta({ id: 'RiskBand' });
export type V1RiskBand = z.infer<typeof V1RiskBandSchema>;

// ---------- Assessments ----------

/** Headline figures of a completed assessment in lists (null for a draft). */
export const V1AssessmentSummarySchema = z.object({
  expectedAnnualLossUsd: z.number(),
  probabilityOfIncident: z.number(),
  riskBand: V1RiskBandSchema,
}).meta({ id: 'AssessmentSummary' });
export type V1AssessmentSummary = z.infer<typeof V1AssessmentSummarySchema>;

/** One row of GET /api/v1/assessments. */
export const V1AssessmentListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  path: AssessmentPathSchema,
  status: AssessmentStatusSchema,
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  engineVersion: z.string().nullable(),
  summary: V1AssessmentSummarySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
}).meta({ id: 'AssessmentListItem' });
export type V1AssessmentListItem = z.infer<typeof V1AssessmentListItemSchema>;

/** GET /api/v1/assessments?cursor=&limit= (newest first). */
export const V1AssessmentListQuerySchema = z.strictObject({
  /** The `nextCursor` of the previous page; omitted for the first page. */
  cursor: text().max(200, 'cursor is not valid').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type V1AssessmentListQuery = z.infer<typeof V1AssessmentListQuerySchema>;

export const V1AssessmentPageSchema = z.object({
  items: z.array(V1AssessmentListItemSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
}).meta({ id: 'AssessmentPage' });
export type V1AssessmentPage = z.infer<typeof V1AssessmentPageSchema>;

const optionalFilter = (max: number) => z.preprocess((value) => (value === '' ? undefined : value), text().trim().max(max).optional());
const optionalDate = z.preprocess((value) => (value === '' ? undefined : value), z.iso.date('Use a date like 2026-01-31').optional());

/** GET /api/v1/audit-log (and .csv): the /admin/audit filters (action by prefix, actor by e-mail, dates inclusive in UTC), then a page. */
export const V1AuditLogQuerySchema = z.strictObject({
  action: optionalFilter(100),
  actor: optionalFilter(254),
  from: optionalDate,
  to: optionalDate,
  /** The `nextCursor` of the previous page; omitted for the first page. Ignored by the CSV, which holds every match. */
  cursor: text().max(200, 'cursor is not valid').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type V1AuditLogQuery = z.infer<typeof V1AuditLogQuerySchema>;

export const V1AuditLogPageSchema = z.object({
  items: z.array(OrganizationAuditEventSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
}).meta({ id: 'AuditLogPage' });
export type V1AuditLogPage = z.infer<typeof V1AuditLogPageSchema>;

const controlCostOverridesShape = Object.fromEntries(FACTOR_IDS.map((id) => [id, z.object({ annualUsd: z.number() }).optional()])) as {
  [F in FactorId]: z.ZodOptional<z.ZodObject<{ annualUsd: z.ZodNumber }>>;
};

/**
 * The stored answers as an answer describes them: a draft's shape, plus the organisation's own
 * control costs an assessment saved from a what-if may carry.
 */
export const V1AssessmentInputSchema = DraftRiskInputSchema.extend({ controlCostOverrides: z.object(controlCostOverridesShape).optional() }).meta({ id: 'AssessmentAnswers' });

/** GET /api/v1/assessments/:id and every write that answers an assessment. */
export const V1AssessmentSchema = V1AssessmentListItemSchema.extend({
  currentStep: AssessmentStepSchema.nullable(),
  /** The answers given so far (a draft) or the answers the result was computed from. */
  input: V1AssessmentInputSchema,
  /** The assessment it was started from (a refinement or a saved what-if scenario), when any. */
  sourceAssessmentId: z.string().nullable(),
}).meta({ id: 'Assessment' });
export type V1Assessment = z.infer<typeof V1AssessmentSchema>;

/** POST /api/v1/assessments: a draft (the app's CreateAssessmentBody, `path` defaulting to the detailed one). */
export const V1CreateAssessmentBodySchema = CreateAssessmentBodySchema;
export type V1CreateAssessmentBody = z.infer<typeof V1CreateAssessmentBodySchema>;

/** PATCH /api/v1/assessments/:id: the answers of a draft. */
export const V1UpdateAssessmentBodySchema = CreateAssessmentBodySchema.pick({ title: true, input: true });
export type V1UpdateAssessmentBody = z.infer<typeof V1UpdateAssessmentBodySchema>;

/** `:id` of an assessment: any string, so a malformed id gets the same 404 as an unknown one. */
export const V1AssessmentParamsSchema = z.object({ id: z.string() });

// ---------- Result ----------

export const V1DriverSchema = z.object({
  factorId: FactorIdSchema,
  label: z.string(),
  /** How far this answer moves the expected annual loss against the average answer, USD a year (always positive). */
  effectUsd: z.number(),
  direction: z.enum(['raises', 'lowers']),
}).meta({ id: 'Driver' });

export const V1ScenarioSchema = z.object({
  id: z.enum(LOSS_SCENARIO_IDS),
  label: z.string(),
  expectedAnnualLossUsd: z.number(),
  /** Share of the expected annual loss, in [0, 1]. */
  share: z.number(),
  /** Chance of at least one such incident in a year, in [0, 1]. */
  annualProbability: z.number(),
}).meta({ id: 'LossScenario' });

export const V1RecommendationSchema = z.object({
  factorId: FactorIdSchema,
  label: z.string(),
  /** Expected annual loss removed by bringing this control to best, USD a year. */
  savingUsd: z.number(),
  /** Typical annual cost of the control (mid of its band), USD a year. */
  costUsd: z.number(),
  /** Whether a framework the organisation follows or its insurer requires the control. */
  required: z.boolean(),
}).meta({ id: 'Recommendation' });

/** A control a framework the organisation follows or its insurer requires, whatever its return: never listed as "not worth it". */
export const V1RequiredControlSchema = z.object({
  factorId: FactorIdSchema,
  /** The control's name (an exposure factor is named by the control that reduces it). */
  label: z.string(),
  /** Who requires it: "HIPAA Security Rule", "cyber insurance". */
  requiredBy: z.array(z.string()),
  reasons: z.array(z.string()),
  /** Expected annual loss removed by this control alone at best practice, USD a year. */
  savingUsd: z.number(),
  /** Typical annual cost (mid of its band) and the band, USD a year. */
  costUsd: z.number(),
  costLowUsd: z.number(),
  costHighUsd: z.number(),
  /** Whether it also pays for itself at its typical price. */
  paysForItself: z.boolean(),
}).meta({ id: 'RequiredControl' });

/** One priced option of the decision (A: required; B: A plus the fixes that pay for themselves; C: within a budget). */
export const V1DecisionOptionSchema = z.object({
  id: z.enum(['required', 'requiredAndPaying', 'budget']),
  letter: z.enum(['A', 'B', 'C']),
  title: z.string(),
  controls: z.array(z.object({ factorId: FactorIdSchema, label: z.string() })),
  annualCostUsd: z.number(),
  annualCostLowUsd: z.number(),
  annualCostHighUsd: z.number(),
  /** Saving a year with all its controls in place together (one model run on the same simulated years). */
  savingUsd: z.number(),
  expectedLossLeftUsd: z.number(),
  /** The 1-in-20 and 1-in-100 year kept by the organisation (after insurance when there is a policy). */
  oneInTwentyYearLeftUsd: z.number(),
  oneInHundredYearLeftUsd: z.number(),
  /** Whether the 1-in-100 year left is within the risk appetite; null when none is set. */
  isWithinAppetite: z.boolean().nullable(),
  /** The option in one sentence, exactly as the board pack prints it. */
  line: z.string(),
  /** The row of the pack's options table: option, cost, saving, loss left, 1-in-20 left, 1-in-100 left. */
  cells: z.array(z.string()),
}).meta({ id: 'DecisionOption' });

/** The pack's headline figures as it prints them, and the priced options (null for a result of an older model). */
export const V1DecisionSchema = z.object({
  expectedLoss: z.string(),
  uninsuredOneInHundredYear: z.string(),
  coveredShareOfOneInHundredYear: z.string(),
  paysForItself: z.string(),
  payback: z.string(),
  budgetUsd: z.number().nullable(),
  options: z.array(V1DecisionOptionSchema),
}).meta({ id: 'Decision' });

/** GET /api/v1/assessments/:id/result */
export const V1ResultSchema = z.object({
  assessmentId: z.string(),
  title: z.string(),
  completedAt: z.string(),
  engineVersion: z.string(),
  figures: V1FiguresSchema,
  /** 80% range of the expected annual loss from the model's parameter uncertainty; null when not computed. */
  range: z.object({ lowUsd: z.number(), highUsd: z.number() }).nullable(),
  riskBand: V1RiskBandSchema,
  /** Up to 5 answers that move the expected loss most. */
  topDrivers: z.array(V1DriverSchema),
  scenarios: z.array(V1ScenarioSchema),
  /** The fixes that pay for themselves at typical prices, best value first. */
  recommendations: z.array(V1RecommendationSchema),
  /** Controls required by a framework or the insurer whatever their return: their own list, never inside a "not worth it" one. */
  requiredControls: z.array(V1RequiredControlSchema),
  decision: V1DecisionSchema,
  /** Two plain sentences for a person. */
  summary: z.string(),
}).meta({ id: 'Result' });
export type V1Result = z.infer<typeof V1ResultSchema>;

// ---------- What-if ----------

const whatIfAnswersShape = Object.fromEntries(FACTOR_IDS.map((id) => [id, FactorAnswerSchema.optional()])) as {
  [F in FactorId]: z.ZodOptional<typeof FactorAnswerSchema>;
};

/** POST /api/v1/assessments/:id/what-if: changed answers; nothing is stored. */
export const V1WhatIfBodySchema = z.strictObject({ answers: z.strictObject(whatIfAnswersShape) });
export type V1WhatIfBody = z.infer<typeof V1WhatIfBodySchema>;

export const V1WhatIfSchema = z.object({
  assessmentId: z.string(),
  before: V1FiguresSchema,
  after: V1FiguresSchema,
  /** after − before expected annual loss, USD a year (negative: the change lowers the loss). */
  differenceUsd: z.number(),
}).meta({ id: 'WhatIf' });
export type V1WhatIf = z.infer<typeof V1WhatIfSchema>;

// ---------- What changed ----------

/** GET /api/v1/assessments/:id/what-changed?against=<id> */
export const V1WhatChangedQuerySchema = z.strictObject({ against: z.uuid('against must be the id of a completed assessment').optional() });

const V1ComparedSchema = z.object({ id: z.string(), title: z.string(), completedAt: z.string(), aleUsd: z.number(), engineVersion: z.string() });

/** The waterfall from the earlier completed assessment to this one (the app's WhatChanged, field by field). */
export const V1WhatChangedDetailSchema = z.object({
  previous: V1ComparedSchema,
  current: V1ComparedSchema,
  steps: z.array(
    z.object({
      id: z.enum(['model', 'factors', 'frameworks', 'profile', 'storedModel']),
      label: z.string(),
      fromUsd: z.number(),
      toUsd: z.number(),
      deltaUsd: z.number(),
      changes: z.array(z.string()),
    }),
  ),
  /** Current minus previous expected annual loss (= the sum of the steps). */
  totalDeltaUsd: z.number(),
  seed: z.number(),
  iterations: z.number(),
});
/** null when there is no earlier completed assessment to compare with. */
export const V1WhatChangedSchema = z.object({ whatChanged: V1WhatChangedDetailSchema.nullable() }).meta({ id: 'WhatChanged' });
export type V1WhatChanged = z.infer<typeof V1WhatChangedSchema>;

// ---------- Monitoring ----------

/** GET /api/v1/monitoring/trend: the app's trend, the band named explicitly. */
export const V1MonitoringTrendSchema = MonitoringTrendSchema.extend({ points: z.array(TrendPointSchema.extend({ band: RiskBandIdSchema })) }).meta({ id: 'MonitoringTrend' });
export type V1MonitoringTrend = z.infer<typeof V1MonitoringTrendSchema>;

/** GET /api/v1/monitoring/plan: the app's action plan. */
export const V1ActionPlanSchema = ActionPlanSchema.meta({ id: 'ActionPlan' });
export type V1ActionPlan = z.infer<typeof V1ActionPlanSchema>;

// ---------- Framework evidence ----------

const FactorLevelSchema = z.enum(['worst', 'partial', 'best']);

/** One compliance framework of an assessment: its state as answered, and what it evidences when current. */
export const V1FrameworkEvidenceSchema = z
  .object({
    id: z.enum(FRAMEWORK_IDS),
    name: z.string(),
    /** The answer given; null when the framework was not answered. */
    status: z.enum(FRAMEWORK_STATUSES).nullable(),
    /** The status as the questionnaire words it; null when not answered. */
    statusLabel: z.string().nullable(),
    /** When it became compliant (YYYY-MM-DD); a compliance older than 12 months gives no evidence. */
    since: z.string().nullable(),
    /** NIST CSF only: the self-assessed tier (1-4) per function; null for the other frameworks or when not given. */
    nistCsfTiers: DraftFrameworkStateSchema.shape.nistCsfTiers.unwrap().nullable(),
    /** The factors a current compliance supports, and the least answer it supports for each. */
    supports: z.array(z.object({ factorId: FactorIdSchema, minimumLevel: FactorLevelSchema, note: z.string() })),
  })
  .meta({ id: 'FrameworkEvidence' });
export type V1FrameworkEvidence = z.infer<typeof V1FrameworkEvidenceSchema>;

/** A factor answer the frameworks evidence (ADR 265): the model takes it for a factor left unanswered or "I don't know" when it fills answers. */
export const V1EvidenceSuggestionSchema = z
  .object({
    factorId: FactorIdSchema,
    suggestedAnswer: FactorLevelSchema,
    /** atLeast: the control is in place at this level or better; exactly: the evidence sets the answer. */
    bound: z.enum(['atLeast', 'exactly']),
    /** Whether it stands in for a factor left unanswered or "I don't know" (false for NIST CSF Tier 1). */
    fillsAnswer: z.boolean(),
    reasons: z.array(z.object({ frameworkId: z.enum(FRAMEWORK_IDS).nullable(), note: z.string() })),
  })
  .meta({ id: 'EvidenceSuggestion' });

const notesShape = Object.fromEntries(FACTOR_IDS.map((id) => [id, z.string().optional()])) as { [F in FactorId]: z.ZodOptional<z.ZodString> };

/** GET /api/v1/assessments/:id/evidence (and the answer of its PATCH): the assessment's framework evidence. */
export const V1EvidenceSchema = z
  .object({
    assessmentId: z.string(),
    title: z.string(),
    status: AssessmentStatusSchema,
    /** Every framework CIFER knows, in the questionnaire's order. */
    frameworks: z.array(V1FrameworkEvidenceSchema),
    /** The evidence notes per factor (free text: where the proof is kept). */
    notes: z.object(notesShape),
    /** The factor answers the current compliance evidences. */
    suggestions: z.array(V1EvidenceSuggestionSchema),
  })
  .meta({ id: 'Evidence' });
export type V1Evidence = z.infer<typeof V1EvidenceSchema>;

const frameworkChangesShape = Object.fromEntries(FRAMEWORK_IDS.map((id) => [id, DraftFrameworkStateSchema.nullable().optional()])) as {
  [F in FrameworkId]: z.ZodOptional<z.ZodNullable<typeof DraftFrameworkStateSchema>>;
};
const noteChangesShape = Object.fromEntries(FACTOR_IDS.map((id) => [id, EvidenceNoteSchema.nullable().optional()])) as {
  [F in FactorId]: z.ZodOptional<z.ZodNullable<typeof EvidenceNoteSchema>>;
};

/**
 * PATCH /api/v1/assessments/:id/evidence (drafts only): the frameworks and notes given replace
 * those stored, one by one; null removes one; what is not named stays as it is.
 */
export const V1EvidenceChangesSchema = z.strictObject({
  frameworks: z.strictObject(frameworkChangesShape).optional(),
  notes: z.strictObject(noteChangesShape).optional(),
});
export type V1EvidenceChanges = z.infer<typeof V1EvidenceChangesSchema>;
