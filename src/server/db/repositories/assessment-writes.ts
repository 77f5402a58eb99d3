import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnswerProvenance, AnswerProvenanceEntry, AssessmentPath, AssessmentStatus, AssessmentStep, DraftRiskInput, EvidenceNotes } from '@/contracts/assessments.ts';
import type { BusinessAnswers } from '@/contracts/business-questions.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import type { Database } from '../client.ts';
import { assessments, users } from '../schema.ts';
import { authorNameOf, toRecord, type AssessmentRecord } from './assessment-record.ts';
import { storedColumns } from './assessments.ts';
import { isUuid } from './is-uuid.ts';

/**
 * The writes of the assessments table (ADR 201), beside its one reader (`assessments.ts`): the
 * assessments feature, monitoring's quick re-score and the erasure of a person all store
 * assessments through here.
 */

/**
 * The updatedAt a write of an assessment stores: `now`, or one millisecond past the stored one when
 * `now` is not later. updatedAt is the version a save's precondition compares (the caller's
 * `expectedUpdatedAt`), so every write must move it
 * forward: two writes in the same millisecond, or one from an instance whose clock is behind, would
 * otherwise leave it where it was and the second writer's change unseen.
 */
export function nextAssessmentVersion(now: Date | Placeholder): SQL {
  return sql`greatest(${sql.param(now, assessments.updatedAt)}, date_trunc('milliseconds', ${assessments.updatedAt}) + interval '1 millisecond')`;
}

export interface NewAssessment {
  /** Chosen by the browser for a draft started offline (ADR 304); generated otherwise. */
  id?: string;
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

/** The headline figures lists show, stored beside the result (schema.ts `summary`). */
function summaryOf(result: RiskResult): Record<string, unknown> {
  const { score, band, bandLabel } = result.riskScore;
  return { aleUsd: result.annualLoss.expectedUsd, score, band, bandLabel, probabilityOfAnyEvent: result.probabilityOfAnyEvent };
}

/** Stores a new assessment; returns its id. */
export async function insertAssessment(db: Database, values: NewAssessment): Promise<string> {
  const id = await insertAssessmentUnlessTaken(db, values);
  if (!id) throw new Error('insert returned no row');
  return id;
}

/** As insertAssessment; null when `values.id` is already taken (nothing is stored then). */
export async function insertAssessmentUnlessTaken(db: Database, values: NewAssessment): Promise<string | null> {
  const [row] = await db
    .insert(assessments)
    .values({
      ...(values.id ? { id: values.id } : {}),
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
      summary: values.result ? summaryOf(values.result) : null,
      createdAt: values.now,
      updatedAt: values.now,
      completedAt: values.status === 'completed' ? values.now : null,
    })
    .onConflictDoNothing({ target: assessments.id })
    .returning({ id: assessments.id });
  return row?.id ?? null;
}

export interface DraftChanges {
  title?: string;
  input?: DraftRiskInput;
  currentStep?: AssessmentStep;
  businessAnswers?: BusinessAnswers;
  evidenceNotes?: EvidenceNotes;
  answerProvenance?: AnswerProvenance;
}

type DraftField = keyof DraftChanges;
/** Every field a draft save may change, in one fixed order: a save's shape names the ones it sets in this order. */
const DRAFT_FIELDS = Object.keys({ title: true, input: true, currentStep: true, businessAnswers: true, evidenceNotes: true, answerProvenance: true } satisfies Record<DraftField, true>) as DraftField[];

/** What a save's statement depends on: the fields it sets, and whether it carries the caller's `expectedUpdatedAt`. */
interface DraftSaveShape {
  fields: DraftField[];
  ifUnchanged: boolean;
}

/** A shape's statement name, which is also its key: `draft_update_title_input_if_unchanged`. */
function draftUpdateName({ fields, ifUnchanged }: DraftSaveShape): string {
  return `draft_update_${fields.join('_')}${ifUnchanged ? '_if_unchanged' : ''}`;
}

/**
 * What a draft save returns: the row as stored and its author's name, read from users in the same
 * statement (the name is not a column of the row and changes without touching it, ADR 247).
 */
const savedColumns = {
  ...storedColumns,
  authorFirstName: sql<string | null>`(select ${users.firstName} from ${users} where ${users.id} = ${assessments.authorId})`.as('authorFirstName'),
  authorLastName: sql<string | null>`(select ${users.lastName} from ${users} where ${users.id} = ${assessments.authorId})`.as('authorLastName'),
};

/** A draft save's UPDATE for the fields it sets (DRAFT_FIELDS) and whether it checks the version first. */
const draftUpdateQuery = (db: Database, shape: DraftSaveShape) =>
  db
    .update(assessments)
    .set({ ...Object.fromEntries(shape.fields.map((field) => [field, sql.placeholder(field)])), updatedAt: nextAssessmentVersion(sql.placeholder('updatedAt')) })
    .where(
      and(
        eq(assessments.id, sql.placeholder('id')),
        eq(assessments.organizationId, sql.placeholder('organizationId')),
        eq(assessments.status, 'draft'),
        // The precondition is part of the same statement, so no other write can slip in between.
        shape.ifUnchanged ? eq(assessments.updatedAt, sql.param(sql.placeholder('expectedUpdatedAt'), assessments.updatedAt)) : undefined,
      ),
    )
    .returning(savedColumns)
    .prepare(draftUpdateName(shape));

/**
 * Changes a draft and returns it as stored, in the same statement; null when no draft with that id
 * exists in the organisation (completed ones are left alone) or, given `expectedUpdatedAt`, it
 * changed since then.
 */
export async function updateDraft(db: Database, organizationId: string, id: string, changes: DraftChanges, now: Date, expectedUpdatedAt?: Date): Promise<AssessmentRecord | null> {
  if (!isUuid(id)) return null;
  const shape = { fields: DRAFT_FIELDS.filter((field) => changes[field] !== undefined), ifUnchanged: expectedUpdatedAt !== undefined };
  const values = { ...changes, updatedAt: now, id, organizationId, ...(expectedUpdatedAt ? { expectedUpdatedAt } : {}) };
  const [row] = await draftUpdateQuery(db, shape).execute(values);
  return row ? toRecord(row, authorNameOf(row)) : null;
}

/** Stores the server's result and marks the draft completed; false when it was no longer a draft. */
export async function markCompleted(
  db: Database,
  organizationId: string,
  id: string,
  values: { input: DraftRiskInput; result: RiskResult; seed: number; engineVersion: string; businessAnswers: BusinessAnswers; evidenceNotes: EvidenceNotes; answerProvenance: AnswerProvenance; title?: string },
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(assessments)
    .set({ status: 'completed', ...values, summary: summaryOf(values.result), currentStep: null, completedAt: now, updatedAt: nextAssessmentVersion(now) })
    .where(and(eq(assessments.id, id), eq(assessments.organizationId, organizationId), eq(assessments.status, 'draft')))
    .returning({ id: assessments.id });
  return updated.length === 1;
}

/** Deletes the organisation's assessment; false when there was none. */
export async function deleteAssessment(db: Database, organizationId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(assessments)
    .where(and(eq(assessments.id, id), eq(assessments.organizationId, organizationId)))
    .returning({ id: assessments.id });
  return deleted.length === 1;
}

/**
 * Renames the organisation's assessment, draft or completed; false when there was none. The row's
 * updatedAt moves too: the cached what-changed waterfall carries the titles and is keyed on it (ADR 125, ADR 217).
 */
export async function renameAssessment(db: Database, organizationId: string, id: string, title: string, now: Date): Promise<boolean> {
  if (!isUuid(id)) return false;
  const renamed = await db
    .update(assessments)
    .set({ title, updatedAt: nextAssessmentVersion(now) })
    .where(and(eq(assessments.id, id), eq(assessments.organizationId, organizationId)))
    .returning({ id: assessments.id });
  return renamed.length === 1;
}

/**
 * Names the person `userId` as `name` wherever "who answered" names them, in every organisation's
 * assessments (the answers stay: they are the organisation's); each changed row's version moves, so
 * answers kept by it (ADR 125) do not show the old name again. The erasure of a person
 * (features/privacy) runs it inside its transaction.
 */
export async function renameAnswerer(db: Pick<Database, 'select' | 'update'>, userId: string, name: string, now: Date): Promise<void> {
  const rows = await db
    .select({ id: assessments.id, provenance: assessments.answerProvenance })
    .from(assessments)
    .where(sql`${assessments.answerProvenance}::text like ${`%${userId}%`}`);
  for (const row of rows) {
    // Each factor keeps its answers' history, newest last (contracts AnswerProvenance).
    const provenance = (row.provenance ?? {}) as Record<string, AnswerProvenanceEntry[]>;
    const renamed = Object.fromEntries(
      Object.entries(provenance).map(([factor, entries]) => [factor, entries.map((entry) => (entry.answeredBy === userId ? { ...entry, answeredBy: name, answeredByName: name } : entry))]),
    );
    await db.update(assessments).set({ answerProvenance: renamed, updatedAt: nextAssessmentVersion(now) }).where(eq(assessments.id, row.id));
  }
}
