import { and, asc, count, desc, eq, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AssessmentSummarySchema } from '@/contracts/assessments.ts';
import { StoredRiskResultSchema } from '@/contracts/risk.ts';
import type { FactorAnswer, FactorId } from '@/engine/factors.ts';
import type { Recommendation } from '@/engine/recommendations.ts';
import type { RiskBand } from '@/engine/risk-score.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { Database } from '../client.ts';
import { assessments, users } from '../schema.ts';
import { authorNameOf, parseCompletedInput, parseStored, toListRecord, toRecord, type AssessmentListRecord, type AssessmentRecord, type AuthorColumns, type ListRow } from './assessment-record.ts';
import { isUuid } from './is-uuid.ts';

/**
 * The one reader of the assessments table (ADR 201): the assessments, reports, monitoring and
 * privacy features all read it through here, always scoped by organisation id (another organisation's
 * assessment, a missing one and a malformed id are all "not found"), and get parsed records.
 */

/**
 * A time as the API writes it (ISO 8601 in UTC, whole milliseconds: what `Date#toISOString` gives),
 * formatted by the database: a page of 20 assessments parsed 60 timestamps into dates and printed
 * them again, a fifth of the list's CPU (ADR 246).
 */
function isoTime<T extends string | null = string>(column: PgColumn) {
  return sql<T>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The row's own columns a list shows, each under its record field's name (times formatted in SQL,
 * ADR 246); the author's name comes from a join
 * (listedWithAuthorColumns).
 */
const listedColumns = {
  id: sql<string>`${assessments.id}`.as('id'),
  title: sql<string>`${assessments.title}`.as('title'),
  path: sql<string>`${assessments.path}`.as('path'),
  status: sql<string>`${assessments.status}`.as('status'),
  currentStep: sql<string | null>`${assessments.currentStep}`.as('currentStep'),
  authorId: sql<string | null>`${assessments.authorId}`.as('authorId'),
  engineVersion: sql<string | null>`${assessments.engineVersion}`.as('engineVersion'),
  seed: sql<number | null>`${assessments.seed}`.as('seed'),
  createdAt: isoTime(assessments.createdAt).as('createdAt'),
  updatedAt: isoTime(assessments.updatedAt).as('updatedAt'),
  completedAt: isoTime<string | null>(assessments.completedAt).as('completedAt'),
  // The headline figures come from the small `summary` written with the result: reading them out of
  // the large compressed result decompressed all of it, five times a row (docs/benchmarks.md).
  aleUsd: sql<number | null>`(${assessments.summary}->>'aleUsd')::float8`.as('aleUsd'),
  score: sql<number | null>`(${assessments.summary}->>'score')::float8`.as('score'),
  band: sql<string | null>`${assessments.summary}->>'band'`.as('band'),
  bandLabel: sql<string | null>`${assessments.summary}->>'bandLabel'`.as('bandLabel'),
  probabilityOfAnyEvent: sql<number | null>`(${assessments.summary}->>'probabilityOfAnyEvent')::float8`.as('probabilityOfAnyEvent'),
};

const listedWithAuthorColumns = {
  ...listedColumns,
  authorFirstName: sql<string | null>`${users.firstName}`.as('authorFirstName'),
  authorLastName: sql<string | null>`${users.lastName}`.as('authorLastName'),
};

/** Every column of the row itself: what a write returns (assessment-writes.ts) and, with the author's name, a full read. */
export const storedColumns = {
  ...listedColumns,
  input: assessments.input,
  result: assessments.result,
  businessAnswers: assessments.businessAnswers,
  evidenceNotes: assessments.evidenceNotes,
  answerProvenance: assessments.answerProvenance,
  sourceAssessmentId: assessments.sourceAssessmentId,
};

const fullColumns = { ...storedColumns, authorFirstName: listedWithAuthorColumns.authorFirstName, authorLastName: listedWithAuthorColumns.authorLastName };

const ofOrganization = (organizationId: string) => eq(assessments.organizationId, organizationId);

/** One page of an organisation's assessments, newest first, and how many it has. */
export async function listAssessmentPage(db: Database, organizationId: string, page: number, pageSize: number): Promise<{ records: AssessmentListRecord[]; total: number }> {
  const rows: Array<ListedRow & { total: number }> = await numberedPageQuery(db).execute({ organizationId, limit: pageSize, offset: (page - 1) * pageSize });
  // Each row carries the total; a page past the end has none to carry it.
  const total = rows[0]?.total ?? (page > 1 ? await countAssessments(db, organizationId) : 0);
  return { records: rows.map(toListRecord), total };
}

/** How many assessments, drafts and completed, the organisation holds. */
export async function countAssessments(db: Database, organizationId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(assessments).where(ofOrganization(organizationId));
  return Number(row?.total ?? 0);
}

/** A list's row: the listed columns are named after the record's fields. */
type ListedRow = ListRow & AuthorColumns;

/**
 * The app's list (GET /api/assessments): a numbered page with the organisation's total in each row,
 * one query instead of a count and a page (on PGlite each query costs a few hundred µs by itself).
 */
const numberedPageQuery = (db: Database) =>
  listPageFrom(db, undefined, { total: sql<number>`(count(*) over ())::int`.as('total') })
    .offset(sql.placeholder('offset'))
    .prepare('assessments_numbered_page');

/** Where a keyset page starts: the last row of the page before (creation time, then id). */
export interface AssessmentListPosition {
  createdAt: Date;
  id: string;
}

/**
 * Up to `limit` of an organisation's assessments after `after`, newest first (creation time, then
 * id): keyset pagination for the public API, so rows created meanwhile never shift a page.
 * Creation times are written by the app's clock in whole milliseconds, as the cursor keeps them.
 */
export async function listAssessmentsAfter(db: Database, organizationId: string, after: AssessmentListPosition | null, limit: number): Promise<AssessmentListRecord[]> {
  const rows: ListedRow[] = after
    ? await pageAfterQuery(db).execute({ organizationId, limit, afterCreatedAt: after.createdAt.toISOString(), afterId: after.id })
    : await firstPageQuery(db).execute({ organizationId, limit });
  return rows.map(toListRecord);
}

/** The public API's list: the first page and the pages after a cursor. */
const firstPageQuery = (db: Database) => listPageFrom(db, undefined).prepare('assessments_first_page');
const pageAfterQuery = (db: Database) =>
  listPageFrom(db, sql`(${assessments.createdAt}, ${assessments.id}) < (${sql.placeholder('afterCreatedAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`).prepare('assessments_page_after');

function listPageFrom<Extra extends Record<string, SQL.Aliased>>(db: Database, position: SQL | undefined, extra: Extra = {} as Extra) {
  return db
    .select({ ...listedWithAuthorColumns, ...extra })
    .from(assessments)
    .leftJoin(users, eq(users.id, assessments.authorId))
    .where(and(eq(assessments.organizationId, sql.placeholder('organizationId')), position))
    .orderBy(desc(assessments.createdAt), desc(assessments.id))
    .limit(sql.placeholder('limit'));
}

/** The assessment when it belongs to the organisation, else null. */
export async function findAssessment(db: Database, organizationId: string, id: string): Promise<AssessmentRecord | null> {
  if (!isUuid(id)) return null;
  const rows = await assessmentByIdQuery(db).execute({ id, organizationId });
  return rows[0] ? toRecord(rows[0], authorNameOf(rows[0])) : null;
}

/** Every assessment route reads its assessment through here first. */
const assessmentByIdQuery = (db: Database) =>
  db
    .select(fullColumns)
    .from(assessments)
    .leftJoin(users, eq(users.id, assessments.authorId))
    .where(and(eq(assessments.id, sql.placeholder('id')), eq(assessments.organizationId, sql.placeholder('organizationId'))))
    .limit(1)
    .prepare('assessment_by_id');

/** The organisation's most recently completed assessment matching `condition` (completion time, then id), or null. */
async function findNewestCompleted(db: Database, organizationId: string, condition?: SQL): Promise<AssessmentRecord | null> {
  const rows = await db
    .select(fullColumns)
    .from(assessments)
    .leftJoin(users, eq(users.id, assessments.authorId))
    .where(and(ofOrganization(organizationId), eq(assessments.status, 'completed'), condition))
    .orderBy(desc(assessments.completedAt), desc(assessments.id))
    .limit(1);
  return rows[0] ? toRecord(rows[0], authorNameOf(rows[0])) : null;
}

/** The organisation's latest completed assessment finished before `before` other than `excludeId` (the "previous" one), or null. */
/** The name that identifies the organisation assessed (step 1), compared without case or surrounding spaces; '' when none was given. */
export function assessedOrganisationKey(name: string | null | undefined): string {
  return (name ?? '').trim().toLowerCase();
}

/**
 * The previous completed assessment of the same assessed organisation (ADR 274): an account may
 * assess several firms, and "what changed" never compares one firm with another.
 */
export function findPreviousCompleted(db: Database, organizationId: string, before: Date, excludeId: string, assessedName: string | null): Promise<AssessmentRecord | null> {
  const sameOrganisation = sql`lower(trim(coalesce(${assessments.input}->'organisation'->>'name', ''))) = ${assessedOrganisationKey(assessedName)}`;
  return findNewestCompleted(db, organizationId, and(lt(assessments.completedAt, before), ne(assessments.id, excludeId), sameOrganisation));
}

/** The organisation's most recently completed assessment, or null. */
export function findLatestCompleted(db: Database, organizationId: string): Promise<AssessmentRecord | null> {
  return findNewestCompleted(db, organizationId);
}

/** A completed assessment as monitoring reads it: the headline figures only, picked out of the stored result in SQL. */
export interface CompletedHeadline {
  id: string;
  title: string;
  completedAt: Date;
  engineVersion: string | null;
  seed: number;
  input: RiskInput;
  aleUsd: number;
  probabilityOfAnyEvent: number;
  p95Usd: number;
  score: number;
  band: RiskBand;
  factorAnswers: Record<FactorId, FactorAnswer>;
}

const headlineColumns = {
  id: assessments.id,
  title: assessments.title,
  completedAt: assessments.completedAt,
  engineVersion: assessments.engineVersion,
  seed: assessments.seed,
  input: assessments.input,
  aleUsd: sql<number>`(${assessments.result}->'annualLoss'->>'expectedUsd')::float8`,
  probabilityOfAnyEvent: sql<number>`(${assessments.result}->>'probabilityOfAnyEvent')::float8`,
  p95Usd: sql<number>`(${assessments.result}->'annualLoss'->'percentilesUsd'->>'p95')::float8`,
  score: sql<number>`(${assessments.result}->'riskScore'->>'score')::float8`,
  band: sql<string>`${assessments.result}->'riskScore'->>'band'`,
  factorAnswers: sql<unknown>`${assessments.result}->'factorAnswers'`,
};

type HeadlineRow = { id: string; title: string; completedAt: Date | null; engineVersion: string | null; seed: number | null; input: unknown; aleUsd: number; probabilityOfAnyEvent: number; p95Usd: number; score: number; band: string; factorAnswers: unknown };

function toHeadline(row: HeadlineRow): CompletedHeadline {
  const input = parseCompletedInput(row.input);
  // Only completed rows are selected: their answers were validated at completion.
  if (input === null) throw new Error('stored assessments.input of a completed assessment does not match its schema');
  return {
    id: row.id,
    title: row.title,
    completedAt: new Date(row.completedAt ?? 0),
    engineVersion: row.engineVersion,
    seed: Number(row.seed ?? 1),
    input,
    aleUsd: Number(row.aleUsd),
    probabilityOfAnyEvent: Number(row.probabilityOfAnyEvent),
    p95Usd: Number(row.p95Usd),
    score: Number(row.score),
    band: parseStored(AssessmentSummarySchema.shape.band, String(row.band), 'result'),
    factorAnswers: parseStored(StoredRiskResultSchema.shape.factorAnswers, row.factorAnswers ?? {}, 'result'),
  };
}

const completedOf = (organizationId: string) =>
  and(ofOrganization(organizationId), eq(assessments.status, 'completed'), isNotNull(assessments.result), isNotNull(assessments.completedAt));

/** The organisation's completed assessments, oldest first (the order of the trend). */
export async function listCompletedHeadlines(db: Database, organizationId: string): Promise<CompletedHeadline[]> {
  const rows = await db.select(headlineColumns).from(assessments).where(completedOf(organizationId)).orderBy(asc(assessments.completedAt), asc(assessments.id));
  return rows.map(toHeadline);
}

// The engine's recommendations as stored (every version's shape, ADR 104): checked to be objects here, typed by the engine.
const StoredRecommendationsSchema = z.array(z.custom<Recommendation>((value) => typeof value === 'object' && value !== null)).nullable();

/**
 * Every stored recommendation of one completed assessment of the organisation, once each (null
 * when not found): the fixes that pay for themselves, then those that do not at typical prices
 * (model 2.0.0, ADR 103), then the required ones that do not (their own list, ADR 312; a result
 * stored before it keeps them in the second).
 */
export async function findRecommendations(db: Database, organizationId: string, assessmentId: string): Promise<Recommendation[] | null> {
  if (!isUuid(assessmentId)) return null;
  const [row] = await db
    .select({
      recommendations: sql<unknown>`${assessments.result}->'recommendations'`,
      notWorthIt: sql<unknown>`${assessments.result}->'recommendationsNotWorthIt'`,
      required: sql<unknown>`${assessments.result}->'requiredControls'`,
    })
    .from(assessments)
    .where(and(completedOf(organizationId), eq(assessments.id, assessmentId)))
    .limit(1);
  if (!row) return null;
  const lists = [row.recommendations, row.notWorthIt, row.required].map((list) => parseStored(StoredRecommendationsSchema, list ?? null, 'result') ?? []);
  const byFactor = new Map<FactorId, Recommendation>();
  for (const r of lists.flat()) if (!byFactor.has(r.factorId)) byFactor.set(r.factorId, r);
  return [...byFactor.values()];
}

/** The latest completed assessment of every organisation that has one (the reminder job's work list). */
export async function listLatestCompletedPerOrganization(db: Database): Promise<{ organizationId: string; completedAt: Date; input: RiskInput | null }[]> {
  const rows = await db
    .selectDistinctOn([assessments.organizationId], { organizationId: assessments.organizationId, completedAt: assessments.completedAt, input: assessments.input })
    .from(assessments)
    .where(and(eq(assessments.status, 'completed'), isNotNull(assessments.completedAt)))
    .orderBy(assessments.organizationId, desc(assessments.completedAt));
  // Answers the current model no longer accepts still get their reassessment reminder, without certification ones.
  return rows.flatMap((row) => (row.completedAt ? [{ organizationId: row.organizationId, completedAt: row.completedAt, input: parseCompletedInput(row.input) }] : []));
}
