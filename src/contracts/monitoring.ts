import { z } from 'zod';
import { FACTOR_ANSWERS, FACTOR_IDS } from '@/engine/factors.ts';
import type { FactorAnswer } from '@/engine/factors.ts';
import { FRAMEWORK_IDS, FRAMEWORK_STATUSES } from '@/engine/frameworks.ts';
import type { RiskBand } from '@/engine/risk-score.ts';
import { text } from './text.ts';

/**
 * Monitoring: risk over time, the action plan, the reassessment schedule and, for
 * administrators, operational health.
 */

// ---------- Risk over time ----------

/** One completed assessment on the trend. */
export const TrendPointSchema = z.object({
  assessmentId: z.string(),
  title: z.string(),
  completedAt: z.string(),
  engineVersion: z.string().nullable(),
  /** True when this point was computed by a different model version than the one before it. */
  modelChanged: z.boolean(),
  aleUsd: z.number(),
  probabilityOfAnyEvent: z.number(),
  /** A bad year: the 95th percentile of annual loss. */
  p95Usd: z.number(),
  score: z.number(),
  band: z.custom<RiskBand>((value) => typeof value === 'string'),
});
export type TrendPoint = z.infer<typeof TrendPointSchema>;

const FactorAnswerSchema = z.enum(FACTOR_ANSWERS);
const FactorIdSchema = z.enum(FACTOR_IDS);

export const FactorChangeSchema = z.object({ factorId: FactorIdSchema, factorName: z.string(), from: FactorAnswerSchema, to: FactorAnswerSchema });
export type FactorChange = z.infer<typeof FactorChangeSchema>;

export const FrameworkChangeSchema = z.object({ frameworkId: z.enum(FRAMEWORK_IDS), frameworkName: z.string(), from: z.enum(FRAMEWORK_STATUSES), to: z.enum(FRAMEWORK_STATUSES) });
export type FrameworkChange = z.infer<typeof FrameworkChangeSchema>;

/** What changed from one completed assessment to the next (the full waterfall lives in reports). */
export const TrendStepSchema = z.object({
  fromAssessmentId: z.string(),
  toAssessmentId: z.string(),
  aleDeltaUsd: z.number(),
  p95DeltaUsd: z.number(),
  scoreDelta: z.number(),
  modelChanged: z.boolean(),
  factorChanges: z.array(FactorChangeSchema),
  frameworkChanges: z.array(FrameworkChangeSchema),
  /** Profile fields that changed (industry, employees, revenue, records...). */
  profileChanges: z.array(z.string()),
});
export type TrendStep = z.infer<typeof TrendStepSchema>;

/** GET /api/monitoring/trend */
export const MonitoringTrendSchema = z.object({ points: z.array(TrendPointSchema), steps: z.array(TrendStepSchema) });
export type MonitoringTrend = z.infer<typeof MonitoringTrendSchema>;

// ---------- Action plan ----------

export const ACTION_STATUSES = ['planned', 'in_progress', 'done', 'declined'] as const;
export const ActionStatusSchema = z.enum(ACTION_STATUSES);
export type ActionStatus = z.infer<typeof ActionStatusSchema>;
export const ACTION_STATUS_LABELS: Record<ActionStatus, string> = { planned: 'Planned', in_progress: 'In progress', done: 'Done', declined: 'Declined' };

const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'Not a real date');
const CostSchema = z.number().int('Whole dollars only').min(0, 'Cannot be negative').max(100_000_000, 'Must be at most $100,000,000');
const ReasonSchema = text().trim().min(1, 'Give a reason for declining').max(1000, 'Must be at most 1000 characters');

/** POST /api/monitoring/actions: accept a recommendation of a completed assessment as an action. */
export const AcceptActionBodySchema = z.strictObject({
  assessmentId: z.uuid('Unknown assessment'),
  factorId: z.enum(FACTOR_IDS),
  ownerUserId: z.uuid('Unknown owner').nullable().optional(),
  dueDate: IsoDateSchema.nullable().optional(),
  estimatedCostUsd: CostSchema.nullable().optional(),
});
export type AcceptActionBody = z.infer<typeof AcceptActionBodySchema>;

/** PATCH /api/monitoring/actions/:id */
export const UpdateActionBodySchema = z
  .strictObject({
    status: ActionStatusSchema.optional(),
    declineReason: ReasonSchema.nullable().optional(),
    ownerUserId: z.uuid('Unknown owner').nullable().optional(),
    dueDate: IsoDateSchema.nullable().optional(),
    estimatedCostUsd: CostSchema.nullable().optional(),
    actualCostUsd: CostSchema.nullable().optional(),
  })
  .refine((body) => body.status !== 'declined' || (typeof body.declineReason === 'string' && body.declineReason.length > 0), {
    message: 'Give a reason for declining',
    path: ['declineReason'],
  });
export type UpdateActionBody = z.infer<typeof UpdateActionBodySchema>;

export const ActionOwnerSchema = z.object({ id: z.string(), name: z.string() });
export type ActionOwner = z.infer<typeof ActionOwnerSchema>;

/** How the realised reduction of a done action was measured. */
export const RealisedMeasurementSchema = z.object({
  /** The next completed assessment after the one the action came from. */
  assessmentId: z.string(),
  assessmentTitle: z.string(),
  /** The factor's answer in that assessment. */
  answer: FactorAnswerSchema,
  /** ALE(source) − ALE(source with this factor at the measured answer), USD per year. */
  reductionUsd: z.number(),
});
export type RealisedMeasurement = z.infer<typeof RealisedMeasurementSchema>;

export const PlanActionSchema = z.object({
  id: z.string(),
  factorId: FactorIdSchema,
  factorName: z.string(),
  /** What is bought: the control that improves the factor, never a risk factor's name (ADR 272). */
  controlName: z.string(),
  title: z.string(),
  targetAnswer: FactorAnswerSchema,
  owner: ActionOwnerSchema.nullable(),
  dueDate: z.string().nullable(),
  status: ActionStatusSchema,
  declineReason: z.string().nullable(),
  estimatedCostUsd: z.number().nullable(),
  actualCostUsd: z.number().nullable(),
  /** The recommendation's reduction when it was accepted (USD/year). */
  expectedReductionUsd: z.number(),
  /** Reduction of this action alone against the latest completed assessment (0 when already at target there). */
  currentReductionUsd: z.number(),
  sourceAssessmentId: z.string().nullable(),
  isOverdue: z.boolean(),
  doneAt: z.string().nullable(),
  createdAt: z.string(),
  realised: RealisedMeasurementSchema.nullable(),
});
export type PlanAction = z.infer<typeof PlanActionSchema>;

/** A recommendation of the latest completed assessment and whether it is already in the plan. */
export const PlanRecommendationSchema = z.object({
  assessmentId: z.string(),
  factorId: FactorIdSchema,
  factorName: z.string(),
  /** What is bought: the control that improves the factor, never a risk factor's name (ADR 272). */
  controlName: z.string(),
  action: z.string(),
  annualLossReductionUsd: z.number(),
  annualCostMidUsd: z.number(),
  /** The open or done action that already covers it, if any. */
  actionId: z.string().nullable(),
});
export type PlanRecommendation = z.infer<typeof PlanRecommendationSchema>;

export const PlanSummarySchema = z.object({
  /** The latest completed assessment every figure is measured against. */
  baseline: z.object({ assessmentId: z.string(), title: z.string(), completedAt: z.string(), aleUsd: z.number() }).nullable(),
  /** ALE(baseline) − ALE(baseline with every planned and in-progress action done), USD/year. */
  committedReductionUsd: z.number(),
  /** The ALE the plan leads to when every open action is done. */
  committedAleUsd: z.number().nullable(),
  /** Done actions not yet reflected in a completed assessment (re-score to measure them). */
  doneAwaitingReassessmentUsd: z.number(),
  doneAwaitingCount: z.number(),
  /** Sum of the measured reductions of done actions (see RealisedMeasurement). */
  realisedReductionUsd: z.number(),
  realisedCount: z.number(),
  overdueCount: z.number(),
  counts: z.record(ActionStatusSchema, z.number()),
  estimatedCostUsd: z.number(),
  actualCostUsd: z.number(),
});
export type PlanSummary = z.infer<typeof PlanSummarySchema>;

/** GET /api/monitoring/plan */
export const ActionPlanSchema = z.object({
  summary: PlanSummarySchema,
  actions: z.array(PlanActionSchema),
  recommendations: z.array(PlanRecommendationSchema),
  /** Members of the organisation who can own an action. */
  members: z.array(ActionOwnerSchema),
});
export type ActionPlan = z.infer<typeof ActionPlanSchema>;

/** POST /api/monitoring/rescore */
export const RescoreResponseSchema = z.object({ assessmentId: z.string(), title: z.string(), aleUsd: z.number() });
export type RescoreResponse = z.infer<typeof RescoreResponseSchema>;

/** POST /api/monitoring/actions (201) and PATCH /api/monitoring/actions/:id */
export const ActionIdResponseSchema = z.object({ id: z.string() });

/** `:id` of an action: any string, so a malformed id gets the same 404 as an unknown action. */
export const ActionParamsSchema = z.object({ id: z.string() });

// ---------- Reassessment schedule ----------

export const CADENCES = ['quarterly', 'half_yearly', 'yearly'] as const;
export const CadenceSchema = z.enum(CADENCES);
export type Cadence = z.infer<typeof CadenceSchema>;
export const CADENCE_LABELS: Record<Cadence, string> = { quarterly: 'Quarterly', half_yearly: 'Half-yearly', yearly: 'Yearly' };
export const CADENCE_MONTHS: Record<Cadence, number> = { quarterly: 3, half_yearly: 6, yearly: 12 };

/** Days before the reassessment due date that the first reminder goes out (ADR 153). */
export const REASSESSMENT_LEAD_DAYS = 14;
/** Days before an action's due date that its owner is reminded. */
export const ACTION_LEAD_DAYS = 3;
/** Days before a certification's anniversary that the organisation is asked to confirm it. */
export const CERTIFICATION_LEAD_DAYS = 30;

/** PUT /api/monitoring/schedule */
export const UpdateScheduleBodySchema = z.strictObject({ cadence: CadenceSchema });
export type UpdateScheduleBody = z.infer<typeof UpdateScheduleBodySchema>;

export const REMINDER_KINDS = ['reassessment_due', 'reassessment_overdue', 'action_due', 'action_overdue', 'certification_anniversary'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const SentReminderSchema = z.object({ kind: z.enum(REMINDER_KINDS), subject: z.string(), periodKey: z.string(), recipients: z.number(), sentAt: z.string() });
export type SentReminder = z.infer<typeof SentReminderSchema>;

export const CertificationAnniversarySchema = z.object({ frameworkId: z.enum(FRAMEWORK_IDS), frameworkName: z.string(), since: z.string(), nextAnniversary: z.string() });
export type CertificationAnniversary = z.infer<typeof CertificationAnniversarySchema>;

/** GET /api/monitoring/schedule */
export const ReassessmentScheduleSchema = z.object({
  cadence: CadenceSchema,
  leadDays: z.number(),
  lastCompletedAt: z.string().nullable(),
  /** YYYY-MM-DD; null until the first assessment is completed. */
  nextDueDate: z.string().nullable(),
  state: z.enum(['no_assessment', 'scheduled', 'due_soon', 'overdue']),
  certifications: z.array(CertificationAnniversarySchema),
  recentReminders: z.array(SentReminderSchema),
});
export type ReassessmentSchedule = z.infer<typeof ReassessmentScheduleSchema>;

/** PUT /api/monitoring/schedule */
export const UpdateScheduleResponseSchema = z.object({ cadence: CadenceSchema });

// ---------- Operational health (admins) ----------

/** GET /api/monitoring/ops */
export const OpsHealthSchema = z.object({
  app: z.object({ version: z.string(), engineVersion: z.string(), nodeVersion: z.string(), startedAt: z.string(), uptimeSeconds: z.number() }),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), label: z.string(), reachable: z.boolean(), latencyMs: z.number().nullable() }),
  outbox: z.object({
    byStatus: z.record(z.string(), z.number()),
    /** Messages waiting (pending or being sent). */
    backlog: z.number(),
    oldestWaitingSeconds: z.number().nullable(),
    recentFailures: z.array(z.object({ id: z.string(), subject: z.string(), attempts: z.number(), lastError: z.string().nullable(), createdAt: z.string() })),
  }),
  jobs: z.object({
    counts: z.object({ pending: z.number(), running: z.number(), done: z.number(), failed: z.number() }),
    recentFailures: z.array(z.object({ id: z.string(), name: z.string(), attempts: z.number(), lastError: z.string().nullable(), finishedAt: z.string().nullable() })),
  }),
  metricsEnabled: z.boolean(),
});
export type OpsHealth = z.infer<typeof OpsHealthSchema>;

export const FACTOR_ANSWER_LABELS: Record<FactorAnswer, string> = { worst: 'Weak', partial: 'Partial', best: 'Strong', notApplicable: 'Not applicable', unknown: 'Not known' };
