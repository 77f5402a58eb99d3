import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { Assessment } from '@/contracts/assessments.ts';
import { assessments } from '../../db/schema.ts';
import { createUserInNewOrganization, type SessionUser } from '../../test/organization-members.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';

/**
 * A save computes its changes from the draft as stored: a write made elsewhere (another instance, a
 * script) since the last save is taken into account, and every answer below is the one a fresh read gives.
 */
describe('saving a draft after writes elsewhere', () => {
  const t = useSharedTestApp();

  const patch = (user: SessionUser, id: string, payload: Record<string, unknown>, prefix = '/api') =>
    t.app.inject({ method: 'PATCH', url: `${prefix}/assessments/${id}`, headers: { origin: t.env.APP_URL, cookie: user.cookie }, payload });

  async function savedDraft() {
    const user = await createUserInNewOrganization(t);
    const created = await t.app.inject({ method: 'POST', url: '/api/assessments', headers: { origin: t.env.APP_URL, cookie: user.cookie }, payload: {} });
    const id = created.json<Assessment>().id;
    const first = await patch(user, id, { input: { factors: { M1: 'best' } }, currentStep: 'people' });
    expect(first.statusCode, first.body).toBe(200);
    return { user, id, saved: first.json<Assessment>() };
  }

  /** A write made outside this process's saves, as another instance's would be. */
  const writeElsewhere = (id: string, values: Partial<typeof assessments.$inferInsert>) => t.app.db.update(assessments).set(values).where(eq(assessments.id, id));

  test('a write elsewhere that moved updatedAt is read before saving: a title named elsewhere no longer follows the organisation', BUILDS_AN_APP, async () => {
    const { user, id } = await savedDraft();
    await writeElsewhere(id, { title: 'Named elsewhere', answerProvenance: {}, updatedAt: new Date('2030-01-01T00:00:00.000Z') });

    const next = await patch(user, id, { input: { organisation: { name: 'Acme Health' }, factors: { M1: 'best', M2: 'worst' } } });
    expect(next.statusCode, next.body).toBe(200);
    const body = next.json<Assessment>();
    expect(body.title).toBe('Named elsewhere');
    expect(Object.keys(body.answerProvenance).sort()).toEqual(['M1', 'M2']);
    expect(body.answerProvenance.M1).toHaveLength(1);
  });

  test('without a write elsewhere, the remembered draft decides as a read would: the unnamed title follows the organisation', BUILDS_AN_APP, async () => {
    const { user, id } = await savedDraft();
    const next = await patch(user, id, { input: { organisation: { name: 'Acme Health' }, factors: { M1: 'best' } } });
    expect(next.json<Assessment>().title).toMatch(/^Acme Health — \d{4}-\d{2}-\d{2}$/);
    // M1 did not change: no second entry.
    expect(next.json<Assessment>().answerProvenance.M1).toHaveLength(1);
  });

  test('completed elsewhere: 409 and nothing stored; deleted elsewhere: 404, before a bad body’s 400', BUILDS_AN_APP, async () => {
    const completed = await savedDraft();
    await writeElsewhere(completed.id, { status: 'completed', updatedAt: new Date('2030-01-01T00:00:00.000Z') });
    const refused = await patch(completed.user, completed.id, { currentStep: 'review' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/completed assessment cannot be changed/);
    const [row] = await t.app.db.select({ currentStep: assessments.currentStep }).from(assessments).where(eq(assessments.id, completed.id));
    expect(row?.currentStep).toBe('people');

    const deleted = await savedDraft();
    await t.app.db.delete(assessments).where(eq(assessments.id, deleted.id));
    expect((await patch(deleted.user, deleted.id, { currentStep: 'nowhere' })).statusCode).toBe(404);
    expect((await patch(deleted.user, deleted.id, { currentStep: 'review' })).statusCode).toBe(404);
  });

  test('the caller’s precondition still decides: one the remembered draft shares is refused after a write elsewhere, a current one saves', BUILDS_AN_APP, async () => {
    const { user, id, saved } = await savedDraft();
    const elsewhereAt = '2030-01-01T00:00:00.000Z';
    await writeElsewhere(id, { updatedAt: new Date(elsewhereAt) });

    const stale = await patch(user, id, { currentStep: 'review', expectedUpdatedAt: saved.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(/changed elsewhere/);

    const current = await patch(user, id, { currentStep: 'review', expectedUpdatedAt: elsewhereAt });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json<Assessment>().currentStep).toBe('review');
  });

  // The test clock stands still, as a real one does between writes in the same millisecond.
  test('every write moves updatedAt forward, even in the same millisecond: a rename between two saves is seen, and the version the rename replaced is refused', BUILDS_AN_APP, async () => {
    const { user, id, saved } = await savedDraft();
    const renamed = await t.app.inject({ method: 'POST', url: `/api/assessments/${id}/rename`, headers: { origin: t.env.APP_URL, cookie: user.cookie }, payload: { title: 'Board review 2027' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(Date.parse(renamed.json<Assessment>().updatedAt)).toBeGreaterThan(Date.parse(saved.updatedAt));

    const stale = await patch(user, id, { currentStep: 'review', expectedUpdatedAt: saved.updatedAt });
    expect(stale.statusCode).toBe(409);

    const next = await patch(user, id, { input: { organisation: { name: 'Acme Health' }, factors: { M1: 'best' } } });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json<Assessment>().title).toBe('Board review 2027');
    const again = await patch(user, id, { currentStep: 'review', expectedUpdatedAt: next.json<Assessment>().updatedAt });
    expect(again.statusCode, again.body).toBe(200);
    expect(Date.parse(again.json<Assessment>().updatedAt)).toBeGreaterThan(Date.parse(next.json<Assessment>().updatedAt));
  });

  test('the public API’s PATCH saves the same way and answers the draft as stored', BUILDS_AN_APP, async () => {
    const { user, id } = await savedDraft();
    await writeElsewhere(id, { currentStep: 'review', updatedAt: new Date('2030-01-01T00:00:00.000Z') });
    const next = await patch(user, id, { title: 'Named through the API' }, '/api/v1');
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ id, title: 'Named through the API', status: 'draft' });
    const [row] = await t.app.db.select({ currentStep: assessments.currentStep }).from(assessments).where(eq(assessments.id, id));
    expect(row?.currentStep).toBe('review');
  });
});
