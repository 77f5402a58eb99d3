import { and, desc, eq, lt, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { assessments, organizations, users } from '../../db/schema.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The reports area reads the assessments table itself, always scoped by organisation id, instead
 * of importing the assessments feature (server features never import each other). Same rule as
 * features/assessments/assessment-repository.ts: another organisation's id, a missing one and a
 * malformed one are all "not found".
 */
export interface StoredAssessment {
  id: string;
  title: string;
  status: string;
  input: unknown;
  result: unknown;
  completedAt: Date | null;
  /** Changes whenever the row does: part of the what-changed cache key (completed rows never change today). */
  updatedAt: Date;
  authorName: string | null;
}

const columns = {
  id: assessments.id,
  title: assessments.title,
  status: assessments.status,
  input: assessments.input,
  result: assessments.result,
  completedAt: assessments.completedAt,
  updatedAt: assessments.updatedAt,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};

type Row = { id: string; title: string; status: string; input: unknown; result: unknown; completedAt: Date | null; updatedAt: Date; authorFirstName: string | null; authorLastName: string | null };

function toStored(row: Row): StoredAssessment {
  const name = `${row.authorFirstName ?? ''} ${row.authorLastName ?? ''}`.trim();
  return { id: row.id, title: row.title, status: row.status, input: row.input, result: row.result, completedAt: row.completedAt, updatedAt: row.updatedAt, authorName: name || null };
}

/** One assessment of the organisation, or null. */
export async function findOrganizationAssessment(db: Database, organizationId: string, id: string): Promise<StoredAssessment | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const rows = await db
    .select(columns)
    .from(assessments)
    .leftJoin(users, eq(users.id, assessments.authorId))
    .where(and(eq(assessments.id, id), eq(assessments.organizationId, organizationId)))
    .limit(1);
  return rows[0] ? toStored(rows[0]) : null;
}

/** The organisation's most recently completed assessment matching `condition` (completion time, then id), or null. */
async function findNewestCompleted(db: Database, organizationId: string, condition?: SQL): Promise<StoredAssessment | null> {
  const rows = await db
    .select(columns)
    .from(assessments)
    .leftJoin(users, eq(users.id, assessments.authorId))
    .where(and(eq(assessments.organizationId, organizationId), eq(assessments.status, 'completed'), condition))
    .orderBy(desc(assessments.completedAt), desc(assessments.id))
    .limit(1);
  return rows[0] ? toStored(rows[0]) : null;
}

/** The organisation's latest completed assessment finished before `before` (the "previous" one), or null. */
export function findPreviousCompleted(db: Database, organizationId: string, before: Date, excludeId: string): Promise<StoredAssessment | null> {
  return findNewestCompleted(db, organizationId, and(lt(assessments.completedAt, before), ne(assessments.id, excludeId)));
}

/** The organisation's most recently completed assessment (the one /presentation shows first), or null. */
export function findLatestCompleted(db: Database, organizationId: string): Promise<StoredAssessment | null> {
  return findNewestCompleted(db, organizationId);
}

export async function findOrganizationName(db: Database, organizationId: string): Promise<string> {
  const rows = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return rows[0]?.name ?? '';
}
