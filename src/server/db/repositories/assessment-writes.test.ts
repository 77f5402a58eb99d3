import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { createCaller } from '../../test/organization-members.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';
import { assessments, users } from '../schema.ts';
import { insertAssessment, updateDraft } from './assessment-writes.ts';
import { findAssessment } from './assessments.ts';

/**
 * A draft save runs one prepared statement per shape (the fields it sets, with or without the
 * precondition; ADR 248): each shape must set exactly its own fields, return the row as stored, and
 * keep its precondition inside the statement, on PGlite and on PostgreSQL.
 */
describe('draft saves', () => {
  const t = useSharedTestApp();

  async function newDraft() {
    const caller = await createCaller(t);
    const now = new Date('2026-05-01T10:00:00.000Z');
    const id = await insertAssessment(t.app.db, { organizationId: caller.organizationId, authorId: caller.userId, title: 'Draft', input: {}, status: 'draft', now });
    return { caller, id };
  }

  test('saves of different shapes, one after another, each store their own fields and return the row as a fresh read gives it', BUILDS_AN_APP, async () => {
    const { caller, id } = await newDraft();
    const db = t.app.db;
    const read = async () => (await findAssessment(db, caller.organizationId, id))!;

    const first = await updateDraft(db, caller.organizationId, id, { title: 'Renamed' }, new Date('2026-05-01T10:01:00.000Z'));
    expect(first).toEqual(await read());
    expect(first).toMatchObject({ title: 'Renamed', currentStep: null, input: {}, updatedAt: '2026-05-01T10:01:00.000Z' });

    const second = await updateDraft(db, caller.organizationId, id, { currentStep: 'people', input: { factors: { M1: 'best' } } }, new Date('2026-05-01T10:02:00.000Z'));
    expect(second).toEqual(await read());
    expect(second).toMatchObject({ title: 'Renamed', currentStep: 'people', input: { factors: { M1: 'best' } } });

    // The first shape again, on the same handle: its statement sets the title only.
    const third = await updateDraft(db, caller.organizationId, id, { title: 'Again' }, new Date('2026-05-01T10:03:00.000Z'));
    expect(third).toMatchObject({ title: 'Again', currentStep: 'people', input: { factors: { M1: 'best' } }, updatedAt: '2026-05-01T10:03:00.000Z' });
  });

  test('a save returns its author’s name as it is now, read in the same statement (the name changes without touching the row)', BUILDS_AN_APP, async () => {
    const { caller, id } = await newDraft();
    const db = t.app.db;
    await db.update(users).set({ firstName: 'Renamed', lastName: 'Author' }).where(eq(users.id, caller.userId));
    const saved = await updateDraft(db, caller.organizationId, id, { currentStep: 'people' }, new Date('2026-05-01T10:05:00.000Z'));
    expect(saved?.authorName).toBe('Renamed Author');
    await db.update(assessments).set({ authorId: null }).where(eq(assessments.id, id));
    expect((await updateDraft(db, caller.organizationId, id, { currentStep: 'protection' }, new Date('2026-05-01T10:06:00.000Z')))?.authorName).toBeNull();
  });

  test('with the precondition, a draft changed since it was read is left alone (null); with the current time it is saved', BUILDS_AN_APP, async () => {
    const { caller, id } = await newDraft();
    const db = t.app.db;
    const existing = (await findAssessment(db, caller.organizationId, id))!;
    const readAt = new Date(existing.updatedAt);
    // Another save lands between this caller's read and its write.
    await db.update(assessments).set({ title: 'Theirs', updatedAt: new Date('2026-05-01T11:00:00.000Z') }).where(eq(assessments.id, id));

    expect(await updateDraft(db, caller.organizationId, id, { title: 'Mine' }, new Date('2026-05-01T11:01:00.000Z'), readAt)).toBeNull();
    expect((await findAssessment(db, caller.organizationId, id))!.title).toBe('Theirs');

    const saved = await updateDraft(db, caller.organizationId, id, { title: 'Mine' }, new Date('2026-05-01T11:02:00.000Z'), new Date('2026-05-01T11:00:00.000Z'));
    expect(saved).toMatchObject({ title: 'Mine', updatedAt: '2026-05-01T11:02:00.000Z' });
  });

  test('a completed assessment and another organisation’s draft are never changed', BUILDS_AN_APP, async () => {
    const { caller, id } = await newDraft();
    const other = await createCaller(t);
    const db = t.app.db;

    expect(await updateDraft(db, caller.organizationId, 'not-a-uuid', { title: 'Malformed' }, new Date('2026-05-01T12:00:00.000Z'))).toBeNull();
    expect(await updateDraft(db, other.organizationId, id, { title: 'Stolen' }, new Date('2026-05-01T12:00:00.000Z'))).toBeNull();
    await db.update(assessments).set({ status: 'completed' }).where(eq(assessments.id, id));
    expect(await updateDraft(db, caller.organizationId, id, { title: 'Late' }, new Date('2026-05-01T12:01:00.000Z'))).toBeNull();
    expect((await findAssessment(db, caller.organizationId, id))!.title).toBe('Draft');
  });
});
