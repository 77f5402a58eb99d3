import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { Assessment } from '@/contracts/assessments.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { assessments, users } from '../../db/schema.ts';
import { call, completeAnsweredInApp, completeAssessment } from '../../test/helpers.ts';
import { createCaller } from '../../test/organization-members.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';

/**
 * A completed assessment's answer is kept as text (ADR 247), but never answered from memory once
 * anything it shows has changed: its row or its author's name (an erasure: privacy/answer-provenance.test.ts);
 * and never to another organisation.
 */
describe('GET /api/assessments/:id of a completed assessment', () => {
  const t = useSharedTestApp();

  test('answers the same text again, and the new one after a rename and an author renamed; 404 to others and once deleted', BUILDS_AN_APP, async () => {
    const owner = await createCaller(t);
    const assessment = await completeAnsweredInApp(t, owner.cookie, SAMPLE_CLINIC_INPUT);
    const read = async () => {
      const answer = await call(t, owner.cookie, 'GET', `/api/assessments/${assessment.id}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      return answer.body;
    };

    const first = await read();
    expect(await read()).toBe(first);
    expect(JSON.parse(first).result).not.toBeNull();

    t.clock.advance(1000);
    expect((await call(t, owner.cookie, 'POST', `/api/assessments/${assessment.id}/rename`, { title: 'Board copy' })).statusCode).toBe(200);
    expect(JSON.parse(await read()).title).toBe('Board copy');

    await t.app.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, owner.userId));
    expect(JSON.parse(await read()).author.name).toMatch(/^Renamed /);

    const stranger = await createCaller(t);
    expect((await call(t, stranger.cookie, 'GET', `/api/assessments/${assessment.id}`)).statusCode).toBe(404);
    await t.app.db.delete(assessments).where(eq(assessments.id, assessment.id));
    expect((await call(t, owner.cookie, 'GET', `/api/assessments/${assessment.id}`)).statusCode).toBe(404);
  });

  test('a draft is read afresh every time: an autosave shows at once', BUILDS_AN_APP, async () => {
    const owner = await createCaller(t);
    const completed = await completeAssessment(t, owner.cookie, SAMPLE_CLINIC_INPUT);
    expect((await call(t, owner.cookie, 'GET', `/api/assessments/${completed.id}`)).json<Assessment>().status).toBe('completed');
    const draft = (await call(t, owner.cookie, 'POST', '/api/assessments', {})).json<Assessment>();
    expect((await call(t, owner.cookie, 'GET', `/api/assessments/${draft.id}`)).json<Assessment>().currentStep).not.toBe('protection');
    expect((await call(t, owner.cookie, 'PATCH', `/api/assessments/${draft.id}`, { currentStep: 'protection' })).statusCode).toBe(200);
    expect((await call(t, owner.cookie, 'GET', `/api/assessments/${draft.id}`)).json<Assessment>().currentStep).toBe('protection');
  });
});
