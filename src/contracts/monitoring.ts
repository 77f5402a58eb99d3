import { z } from 'zod';
import { FACTOR_IDS } from '@/engine/factors.ts';
import type { FactorAnswer, FactorId } from '@/engine/factors.ts';
import type { FrameworkId, FrameworkStatus } from '@/engine/frameworks.ts';
import type { RiskBand } from '@/engine/risk-score.ts';
import { text } from './text.ts';

/**
 * Monitoring (issue #16): risk over time, the action plan, the reassessment schedule and, for
 * administrators, operational health.
 */

// ---------- Risk over time ----------

/** One completed assessment on the trend. */
export interface TrendPoint {
  assessmentId: string;
  title: string;
  completedAt: string;
  engineVersion: string | null;
  /** True when this point was computed by a different model version than the one before it. */
  modelChanged: boolean;
  aleUsd: number;
  probabilityOfAnyEvent: number;
  /** A bad year: the 95th percentile of annual loss. */
  p95Usd: number;
  score: number;
  band: RiskBand;
}

export interface FactorChange {
  factorId: FactorId;
  factorName: string;
  from: FactorAnswer;
  to: FactorAnswer;
}

export interface FrameworkChange {
  frameworkId: FrameworkId;
  frameworkName: string;
  from: FrameworkStatus;
  to: FrameworkStatus;
}

/** What changed from one completed assessment to the next (the full waterfall lives in reports). */
export interface TrendStep {
  fromAssessmentId: string;
  toAssessmentId: string;
  aleDeltaUsd: number;
  p95DeltaUsd: number;
  scoreDelta: number;
  modelChanged: boolean;
  factorChanges: FactorChange[];
  frameworkChanges: FrameworkChange[];
  /** Profile fields that changed (industry, employees, revenue, records...). */
  profileChanges: string[];
}

/** GET /api/monitoring/trend */
export interface MonitoringTrend {
  points: TrendPoint[];
  steps: TrendStep[];
}

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

export interface ActionOwner {
  id: string;
  name: string;
}

/** How the realised reduction of a done action was measured. */
export interface RealisedMeasurement {
  /** The next completed assessment after the one the action came from. */
  assessmentId: string;
  assessmentTitle: string;
  /** The factor's answer in that assessment. */
  answer: FactorAnswer;
  /** ALE(source) − ALE(source with this factor at the measured answer), USD per year. */
  reductionUsd: number;
}

export interface PlanAction {
  id: string;
  factorId: FactorId;
  factorName: string;
  title: string;
  targetAnswer: FactorAnswer;
  owner: ActionOwner | null;
  dueDate: string | null;
  status: ActionStatus;
  declineReason: string | null;
  estimatedCostUsd: number | null;
  actualCostUsd: number | null;
  /** The recommendation's reduction when it was accepted (USD/year). */
  expectedReductionUsd: number;
  /** Reduction of this action alone against the latest completed assessment (0 when already at target there). */
  currentReductionUsd: number;
  sourceAssessmentId: string | null;
  isOverdue: boolean;
  doneAt: string | null;
  createdAt: string;
  realised: RealisedMeasurement | null;
}

/** A recommendation of the latest completed assessment and whether it is already in the plan. */
export interface PlanRecommendation {
  assessmentId: string;
  factorId: FactorId;
  factorName: string;
  action: string;
  annualLossReductionUsd: number;
  annualCostMidUsd: number;
  /** The open or done action that already covers it, if any. */
  actionId: string | null;
}

export interface PlanSummary {
  /** The latest completed assessment every figure is measured against. */
  baseline: { assessmentId: string; title: string; completedAt: string; aleUsd: number } | null;
  /** ALE(baseline) − ALE(baseline with every planned and in-progress action done), USD/year. */
  committedReductionUsd: number;
  /** The ALE the plan leads to when every open action is done. */
  committedAleUsd: number | null;
  /** Done actions not yet reflected in a completed assessment (re-score to measure them). */
  doneAwaitingReassessmentUsd: number;
  doneAwaitingCount: number;
  /** Sum of the measured reductions of done actions (see RealisedMeasurement). */
  realisedReductionUsd: number;
  realisedCount: number;
  overdueCount: number;
  counts: Record<ActionStatus, number>;
  estimatedCostUsd: number;
  actualCostUsd: number;
}

/** GET /api/monitoring/plan */
export interface ActionPlan {
  summary: PlanSummary;
  actions: PlanAction[];
  recommendations: PlanRecommendation[];
  /** Members of the organisation who can own an action. */
  members: ActionOwner[];
}

/** POST /api/monitoring/rescore */
export interface RescoreResponse {
  assessmentId: string;
  title: string;
  aleUsd: number;
}

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

export interface SentReminder {
  kind: ReminderKind;
  subject: string;
  periodKey: string;
  recipients: number;
  sentAt: string;
}

export interface CertificationAnniversary {
  frameworkId: FrameworkId;
  frameworkName: string;
  since: string;
  nextAnniversary: string;
}

/** GET /api/monitoring/schedule */
export interface ReassessmentSchedule {
  cadence: Cadence;
  leadDays: number;
  lastCompletedAt: string | null;
  /** YYYY-MM-DD; null until the first assessment is completed. */
  nextDueDate: string | null;
  state: 'no_assessment' | 'scheduled' | 'due_soon' | 'overdue';
  certifications: CertificationAnniversary[];
  recentReminders: SentReminder[];
}

// ---------- Operational health (admins) ----------

export interface OpsHealth {
  app: { version: string; engineVersion: string; nodeVersion: string; startedAt: string; uptimeSeconds: number };
  database: { kind: 'pglite' | 'postgres'; label: string; reachable: boolean; latencyMs: number | null };
  outbox: {
    byStatus: Record<string, number>;
    /** Messages waiting (pending or being sent). */
    backlog: number;
    oldestWaitingSeconds: number | null;
    recentFailures: { id: string; subject: string; attempts: number; lastError: string | null; createdAt: string }[];
  };
  jobs: {
    counts: { pending: number; running: number; done: number; failed: number };
    recentFailures: { id: string; name: string; attempts: number; lastError: string | null; finishedAt: string | null }[];
  };
  metricsEnabled: boolean;
}

export const FACTOR_ANSWER_LABELS: Record<FactorAnswer, string> = { worst: 'Weak', partial: 'Partial', best: 'Strong', notApplicable: 'Not applicable', unknown: 'Not known' };
