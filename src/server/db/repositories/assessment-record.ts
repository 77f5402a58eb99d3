import type { z } from 'zod';
import {
  AssessmentPathSchema,
  AssessmentSchema,
  AssessmentStatusSchema,
  AssessmentStepSchema,
  AssessmentSummarySchema,
  CompletedRiskInputSchema,
  DraftRiskInputSchema,
  EvidenceNotesSchema,
  type AnswerProvenance,
  type AssessmentPath,
  type AssessmentStatus,
  type AssessmentStep,
  type AssessmentSummary,
  type DraftRiskInput,
  type EvidenceNotes,
} from '@/contracts/assessments.ts';
import { BusinessAnswersSchema, type BusinessAnswers } from '@/contracts/business-questions.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { readStoredResultShape } from '@/engine/result-shape.ts';
import type { RiskResult } from '@/engine/risk-result.ts';

/**
 * An assessment row as it leaves the database (ADR 201: docs/decisions/201-one-reader-per-table.md):
 * every text code and stored JSON column parsed here, once, with the contracts' schemas, so no
 * caller casts or parses a row again.
 */
export interface AssessmentListRecord {
  id: string;
  title: string;
  path: AssessmentPath;
  status: AssessmentStatus;
  currentStep: AssessmentStep | null;
  authorId: string | null;
  /** The author's first and last name, null when there is no author or both are empty. */
  authorName: string | null;
  engineVersion: string | null;
  seed: number | null;
  /** The headline figures picked out of the stored result in SQL (lists never load whole results); null for drafts. */
  summary: AssessmentSummary | null;
  /** ISO 8601 in UTC with milliseconds, as the API answers it (formatted by the database, ADR 246). */
  createdAt: string;
  /** Changes whenever the row does (the what-changed cache keys on it, ADR 125). */
  updatedAt: string;
  completedAt: string | null;
}

export interface AssessmentRecord extends AssessmentListRecord {
  input: DraftRiskInput;
  /** The engine's result as stored by the version that computed it (ADR 104); its figures are read through src/reports/read-result.ts. */
  result: RiskResult | null;
  /**
   * A completed assessment's answers as the current model's input (`CompletedRiskInputSchema`);
   * null for a draft, and for stored answers the current model no longer accepts (ADR 105).
   */
  completedInput: RiskInput | null;
  businessAnswers: BusinessAnswers;
  evidenceNotes: EvidenceNotes;
  answerProvenance: AnswerProvenance;
  sourceAssessmentId: string | null;
}

/** The row's columns a list selects (drizzle types the columns; the codes and figures are checked here). */
export interface ListRow {
  id: string;
  title: string;
  path: string;
  status: string;
  currentStep: string | null;
  authorId: string | null;
  engineVersion: string | null;
  seed: number | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  aleUsd: number | null;
  score: number | null;
  band: string | null;
  bandLabel: string | null;
  probabilityOfAnyEvent: number | null;
}

/** The author's name, read from the users table beside the row. */
export interface AuthorColumns {
  authorFirstName: string | null;
  authorLastName: string | null;
}

export interface FullRow extends ListRow {
  input: unknown;
  result: unknown;
  businessAnswers: unknown;
  evidenceNotes: unknown;
  answerProvenance: unknown;
  sourceAssessmentId: string | null;
}

/**
 * Parses one stored value. A value this code wrote was validated on its way in, so one that no
 * longer parses is a bug: the read fails (a logged 500) instead of passing unknown data on. The
 * message names the column only, never the value.
 */
export function parseStored<T extends z.ZodType>(schema: T, value: unknown, column: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`stored assessments.${column} does not match its schema`);
  return parsed.data;
}

/** The answers of a completed assessment as the engine's input, or null when the current model no longer accepts them. */
export function parseCompletedInput(value: unknown): RiskInput | null {
  const parsed = CompletedRiskInputSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function toSummary(row: ListRow): AssessmentSummary | null {
  if (row.aleUsd === null || row.score === null || row.band === null) return null;
  return parseStored(
    AssessmentSummarySchema,
    { aleUsd: Number(row.aleUsd), score: Number(row.score), band: row.band, bandLabel: row.bandLabel ?? row.band, probabilityOfAnyEvent: Number(row.probabilityOfAnyEvent ?? 0) },
    'result',
  );
}

/** Built once: a schema made inside the row mapper cost a schema's construction for every row read. */
const StoredStepSchema = AssessmentStepSchema.nullable();

export function authorNameOf(row: AuthorColumns): string | null {
  return `${row.authorFirstName ?? ''} ${row.authorLastName ?? ''}`.trim() || null;
}

export function toListRecord(row: ListRow & AuthorColumns): AssessmentListRecord {
  return listRecord(row, authorNameOf(row));
}

function listRecord(row: ListRow, authorName: string | null): AssessmentListRecord {
  return {
    id: row.id,
    title: row.title,
    path: parseStored(AssessmentPathSchema, row.path, 'path'),
    status: parseStored(AssessmentStatusSchema, row.status, 'status'),
    currentStep: parseStored(StoredStepSchema, row.currentStep, 'current_step'),
    authorId: row.authorId,
    authorName,
    engineVersion: row.engineVersion,
    seed: row.seed,
    summary: toSummary(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt,
  };
}

/** The stored answers, parsed once: a completed assessment's as the engine's input when the current model accepts them, else as a draft's. */
function parseInput(status: AssessmentStatus, value: unknown): { input: DraftRiskInput; completedInput: RiskInput | null } {
  const completedInput = status === 'completed' ? parseCompletedInput(value) : null;
  return { input: completedInput ?? parseStored(DraftRiskInputSchema, value ?? {}, 'input'), completedInput };
}

function readResultColumn(value: unknown): RiskResult | null {
  const stored = parseStored(AssessmentSchema.shape.result, value ?? null, 'result');
  return stored === null ? null : readStoredResultShape(stored);
}

export function toRecord(row: FullRow, authorName: string | null): AssessmentRecord {
  const listed = listRecord(row, authorName);
  return {
    ...listed,
    ...parseInput(listed.status, row.input),
    // The contract passes results through as stored (every engine version's shape, ADR 104), read into the current shape (ADR 312, 313).
    result: readResultColumn(row.result),
    businessAnswers: parseStored(BusinessAnswersSchema, row.businessAnswers ?? {}, 'business_answers'),
    evidenceNotes: parseStored(EvidenceNotesSchema, row.evidenceNotes ?? {}, 'evidence_notes'),
    answerProvenance: parseStored(AssessmentSchema.shape.answerProvenance, row.answerProvenance ?? {}, 'answer_provenance'),
    sourceAssessmentId: row.sourceAssessmentId,
  };
}
