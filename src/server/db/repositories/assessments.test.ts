import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { createCaller } from '../../test/organization-members.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';
import { assessments } from '../schema.ts';
import type { AssessmentListRecord } from './assessment-record.ts';
import { findAssessment, listAssessmentPage, listAssessmentsAfter } from './assessments.ts';

/** The fields a list shows, as a full read gives them: both must come out the same (ADR 246). */
function listedPart(record: AssessmentListRecord): AssessmentListRecord {
  const { id, title, path, status, currentStep, authorId, authorName, engineVersion, seed, summary, createdAt, updatedAt, completedAt } = record;
  return { id, title, path, status, currentStep, authorId, authorName, engineVersion, seed, summary, createdAt, updatedAt, completedAt };
}

/**
 * The lists read the driver's rows unmapped, with times formatted in SQL (ADR 246): on PGlite and on
 * PostgreSQL they must give exactly the records a mapped full read gives, with times written as
 * `Date#toISOString` writes them (UTC, whole milliseconds, sub-milliseconds cut off).
 */
describe('assessment lists read unmapped rows', () => {
  const t = useSharedTestApp();

  test('a list record equals the full read’s, field by field, and its times are ISO 8601 in UTC with milliseconds', BUILDS_AN_APP, async () => {
    const caller = await createCaller(t);
    const db = t.app.db;
    const [draft] = await db.insert(assessments).values({ organizationId: caller.organizationId, authorId: caller.userId, title: 'Draft', input: {}, currentStep: 'people' }).returning({ id: assessments.id });
    const [completed] = await db
      .insert(assessments)
      .values({ organizationId: caller.organizationId, authorId: null, title: 'Done', status: 'completed', input: {}, path: 'business', engineVersion: '3.0.0', seed: 7, summary: { aleUsd: 1234.5, score: 61, band: 'high', bandLabel: 'High', probabilityOfAnyEvent: 0.25 } })
      .returning({ id: assessments.id });
    // Microseconds as PostgreSQL keeps them, and a time zone other than UTC on the way in.
    await db.execute(sql`update ${assessments} set created_at = '2026-03-04 05:06:07.089999+00', updated_at = '2026-03-04 07:08:09.5+02', completed_at = null where ${assessments.id} = ${draft!.id}`);
    await db.execute(sql`update ${assessments} set created_at = '2026-03-05 00:00:00+00', updated_at = '2026-03-05 00:00:01.001+00', completed_at = '2026-03-05 00:00:01.001+00' where ${assessments.id} = ${completed!.id}`);

    const { records, total } = await listAssessmentPage(db, caller.organizationId, 1, 10);
    const page = await listAssessmentsAfter(db, caller.organizationId, null, 10);
    expect(total).toBe(2);
    expect(records.map((record) => record.id)).toEqual([completed!.id, draft!.id]);
    expect(page).toEqual(records);

    const draftRecord = records[1]!;
    expect(draftRecord).toMatchObject({ title: 'Draft', status: 'draft', path: 'commercial', currentStep: 'people', authorId: caller.userId, summary: null, engineVersion: null, seed: null });
    expect(draftRecord.authorName).toEqual(expect.any(String));
    expect([draftRecord.createdAt, draftRecord.updatedAt, draftRecord.completedAt]).toEqual(['2026-03-04T05:06:07.089Z', '2026-03-04T05:08:09.500Z', null]);
    expect(records[0]).toMatchObject({ authorId: null, authorName: null, path: 'business', engineVersion: '3.0.0', seed: 7, completedAt: '2026-03-05T00:00:01.001Z' });
    expect(records[0]!.summary).toEqual({ aleUsd: 1234.5, score: 61, band: 'high', bandLabel: 'High', probabilityOfAnyEvent: 0.25 });

    for (const record of records) {
      const full = await findAssessment(db, caller.organizationId, record.id);
      expect(listedPart(full!)).toEqual(record);
    }

    // The total rides on each row of the page; a page past the end still knows it.
    expect(await listAssessmentPage(db, caller.organizationId, 2, 1)).toEqual({ records: [records[1]], total: 2 });
    expect(await listAssessmentPage(db, caller.organizationId, 3, 1)).toEqual({ records: [], total: 2 });

    const after = await listAssessmentsAfter(db, caller.organizationId, { createdAt: new Date('2026-03-05T00:00:00.000Z'), id: completed!.id }, 10);
    expect(after.map((record) => record.id)).toEqual([draft!.id]);
    await db.delete(assessments).where(eq(assessments.organizationId, caller.organizationId));
  });
});
