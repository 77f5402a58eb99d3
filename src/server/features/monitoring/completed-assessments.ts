import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Recommendation } from '@/engine/recommendations.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { FactorAnswer, FactorId } from '@/engine/factors.ts';
import type { Database } from '../../db/client.ts';
import { assessments } from '../../db/schema.ts';

/**
 * The completed assessments of an organisation as monitoring reads them: the headline figures
 * are picked out of the stored result in SQL so the trend never loads whole results.
 */
export interface CompletedAssessment {
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
  band: string;
  factorAnswers: Record<FactorId, FactorAnswer>;
}

const columns = {
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
  factorAnswers: sql<Record<FactorId, FactorAnswer>>`${assessments.result}->'factorAnswers'`,
};

type Row = { [K in keyof typeof columns]: unknown };

function toCompleted(row: Row): CompletedAssessment {
  return {
    id: row.id as string,
    title: row.title as string,
    completedAt: new Date(row.completedAt as Date),
    engineVersion: (row.engineVersion as string | null) ?? null,
    seed: Number(row.seed ?? 1),
    input: row.input as RiskInput,
    aleUsd: Number(row.aleUsd),
    probabilityOfAnyEvent: Number(row.probabilityOfAnyEvent),
    p95Usd: Number(row.p95Usd),
    score: Number(row.score),
    band: String(row.band),
    factorAnswers: (row.factorAnswers ?? {}) as Record<FactorId, FactorAnswer>,
  };
}

const completedOf = (organizationId: string) =>
  and(eq(assessments.organizationId, organizationId), eq(assessments.status, 'completed'), isNotNull(assessments.result), isNotNull(assessments.completedAt));

/** Oldest first (the order of the trend). */
export async function listCompletedAssessments(db: Database, organizationId: string): Promise<CompletedAssessment[]> {
  const rows = await db.select(columns).from(assessments).where(completedOf(organizationId)).orderBy(asc(assessments.completedAt), asc(assessments.id));
  return rows.map(toCompleted);
}

/**
 * Every stored recommendation of one completed assessment of the organisation (null when not
 * found): the fixes that pay for themselves, then those that do not at typical prices (model
 * 2.0.0, ADR 103). Any of them may be accepted into the plan; the plan shows which is which.
 */
export async function findRecommendations(db: Database, organizationId: string, assessmentId: string): Promise<Recommendation[] | null> {
  const [row] = await db
    .select({
      recommendations: sql<Recommendation[] | null>`${assessments.result}->'recommendations'`,
      notWorthIt: sql<Recommendation[] | null>`${assessments.result}->'recommendationsNotWorthIt'`,
    })
    .from(assessments)
    .where(and(completedOf(organizationId), eq(assessments.id, assessmentId)))
    .limit(1);
  if (!row) return null;
  return [...(row.recommendations ?? []), ...(row.notWorthIt ?? [])];
}

/** The latest completed assessment of every organisation that has one (the reminder job's work list). */
export async function listLatestCompletedPerOrganization(db: Database) {
  return db
    .selectDistinctOn([assessments.organizationId], { organizationId: assessments.organizationId, completedAt: assessments.completedAt, input: assessments.input })
    .from(assessments)
    .where(and(eq(assessments.status, 'completed'), isNotNull(assessments.completedAt)))
    .orderBy(assessments.organizationId, desc(assessments.completedAt));
}
