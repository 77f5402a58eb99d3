import { and, count, desc, eq, sql } from 'drizzle-orm';
import type {
  AnswerProvenance,
  Assessment,
  AssessmentListItem,
  AssessmentPath,
  AssessmentStatus,
  AssessmentStep,
  AssessmentSummary,
  DraftRiskInput,
  EvidenceNotes,
} from '@/contracts/assessments.ts';
import type { BusinessAnswers } from '@/contracts/business-questions.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import type { Database } from '../../db/client.ts';
import { assessments, users } from '../../db/schema.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that are not UUIDs can never match; answering 404 early keeps Postgres from raising a cast error. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

const listColumns = {
  id: assessments.id,
  title: assessments.title,
  path: assessments.path,
  status: assessments.status,
  currentStep: assessments.currentStep,
  authorId: assessments.authorId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  engineVersion: assessments.engineVersion,
  seed: assessments.seed,
  createdAt: assessments.createdAt,
  updatedAt: assessments.updatedAt,
  completedAt: assessments.completedAt,
  // The summary is read out of the stored result so the list never ships whole results.
  aleUsd: sql<number | null>`(${assessments.result}->'annualLoss'->>'expectedUsd')::float8`,
  score: sql<number | null>`(${assessments.result}->'riskScore'->>'score')::float8`,
  band: sql<string | null>`${assessments.result}->'riskScore'->>'band'`,
  bandLabel: sql<string | null>`${assessments.result}->'riskScore'->>'bandLabel'`,
  probabilityOfAnyEvent: sql<number | null>`(${assessments.result}->>'probabilityOfAnyEvent')::float8`,
};

type ListRow = {
  id: string;
  title: string;
  path: string;
  status: string;
  currentStep: string | null;
  authorId: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  engineVersion: string | null;
  seed: number | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  aleUsd: number | null;
  score: number | null;
  band: string | null;
  bandLabel: string | null;
  probabilityOfAnyEvent: number | null;
};

function toListItem(row: ListRow): AssessmentListItem {
  const summary: AssessmentSummary | null =
    row.aleUsd === null || row.score === null || row.band === null
      ? null
      : {
          aleUsd: Number(row.aleUsd),
          score: Number(row.score),
          band: row.band as AssessmentSummary['band'],
          bandLabel: row.bandLabel ?? row.band,
          probabilityOfAnyEvent: Number(row.probabilityOfAnyEvent ?? 0),
        };
  return {
    id: row.id,
    title: row.title,
    path: row.path as AssessmentPath,
    status: row.status as AssessmentStatus,
    currentStep: row.currentStep as AssessmentStep | null,
    author: row.authorId === null ? null : { id: row.authorId, name: `${row.authorFirstName ?? ''} ${row.authorLastName ?? ''}`.trim() || 'Unknown' },
    engineVersion: row.engineVersion,
    seed: row.seed,
    summary,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

/** One page of an organisation's assessments, newest first. */
export async function listAssessments(db: Database, organizationId: string, page: number, pageSize: number) {
  const [totalRow] = await db.select({ total: count() }).from(assessments).where(eq(assessments.organizationId, organizationId));
  const rows = await db
    .select(listColumns)
    .from(assessments)
    .leftJoin(users, eq(users.id, assessments.authorId))
    .where(eq(assessments.organizationId, organizationId))
    .orderBy(desc(assessments.createdAt), desc(assessments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items: rows.map(toListItem), page, pageSize, total: Number(totalRow?.total ?? 0) };
}

/** The assessment when it belongs to the organisation, else null (callers answer 404 either way). */
export async function findAssessment(db: Database, organizationId: string, id: string): Promise<Assessment | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .select({
      ...listColumns,
      input: assessments.input,
      result: assessments.result,
      businessAnswers: assessments.businessAnswers,
      evidenceNotes: assessments.evidenceNotes,
      answerProvenance: assessments.answerProvenance,
      sourceAssessmentId: assessments.sourceAssessmentId,
    })
    .from(assessments)
    .leftJoin(users, eq(users.id, assessments.authorId))
    .where(and(eq(assessments.id, id), eq(assessments.organizationId, organizationId)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    ...toListItem(row),
    input: (row.input ?? {}) as DraftRiskInput,
    result: (row.result ?? null) as RiskResult | null,
    businessAnswers: (row.businessAnswers ?? {}) as BusinessAnswers,
    evidenceNotes: (row.evidenceNotes ?? {}) as EvidenceNotes,
    answerProvenance: (row.answerProvenance ?? {}) as AnswerProvenance,
    sourceAssessmentId: row.sourceAssessmentId ?? null,
  };
}

export interface NewAssessment {
  organizationId: string;
  authorId: string;
  title: string;
  input: DraftRiskInput;
  status: AssessmentStatus;
  path?: AssessmentPath;
  businessAnswers?: BusinessAnswers;
  evidenceNotes?: EvidenceNotes;
  answerProvenance?: AnswerProvenance;
  sourceAssessmentId?: string | null;
  currentStep?: AssessmentStep | null;
  engineVersion?: string | null;
  seed?: number | null;
  result?: RiskResult | null;
  now: Date;
}

export async function insertAssessment(db: Database, values: NewAssessment): Promise<string> {
  const [row] = await db
    .insert(assessments)
    .values({
      organizationId: values.organizationId,
      authorId: values.authorId,
      title: values.title,
      status: values.status,
      input: values.input,
      path: values.path ?? 'commercial',
      businessAnswers: values.businessAnswers ?? {},
      evidenceNotes: values.evidenceNotes ?? {},
      answerProvenance: values.answerProvenance ?? {},
      sourceAssessmentId: values.sourceAssessmentId ?? null,
      currentStep: values.currentStep ?? null,
      engineVersion: values.engineVersion ?? null,
      seed: values.seed ?? null,
      result: values.result ?? null,
      createdAt: values.now,
      updatedAt: values.now,
      completedAt: values.status === 'completed' ? values.now : null,
    })
    .returning({ id: assessments.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export interface DraftChanges {
  title?: string;
  input?: DraftRiskInput;
  currentStep?: AssessmentStep;
  businessAnswers?: BusinessAnswers;
  evidenceNotes?: EvidenceNotes;
  answerProvenance?: AnswerProvenance;
}

/** Changes a draft; returns false when no draft with that id exists in the organisation (completed ones are left alone). */
export async function updateDraft(
  db: Database,
  organizationId: string,
  id: string,
  changes: DraftChanges,
  now: Date,
  expectedUpdatedAt?: Date,
): Promise<boolean> {
  const updated = await db
    .update(assessments)
    .set({ ...changes, updatedAt: now })
    .where(
      and(
        eq(assessments.id, id),
        eq(assessments.organizationId, organizationId),
        eq(assessments.status, 'draft'),
        // The precondition is part of the same statement, so no other write can slip in between.
        expectedUpdatedAt ? eq(assessments.updatedAt, expectedUpdatedAt) : undefined,
      ),
    )
    .returning({ id: assessments.id });
  return updated.length === 1;
}

/** Stores the server's result and marks the draft completed; false when it was no longer a draft. */
export async function markCompleted(
  db: Database,
  organizationId: string,
  id: string,
  values: { input: DraftRiskInput; result: RiskResult; seed: number; engineVersion: string; businessAnswers: BusinessAnswers; evidenceNotes: EvidenceNotes; answerProvenance: AnswerProvenance },
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(assessments)
    .set({ status: 'completed', ...values, currentStep: null, completedAt: now, updatedAt: now })
    .where(and(eq(assessments.id, id), eq(assessments.organizationId, organizationId), eq(assessments.status, 'draft')))
    .returning({ id: assessments.id });
  return updated.length === 1;
}

export async function deleteAssessment(db: Database, organizationId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(assessments)
    .where(and(eq(assessments.id, id), eq(assessments.organizationId, organizationId)))
    .returning({ id: assessments.id });
  return deleted.length === 1;
}
