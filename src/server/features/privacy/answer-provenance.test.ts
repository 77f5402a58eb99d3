import { describe, expect, test } from 'vitest';
import type { Assessment } from '@/contracts/assessments.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { call, completeAnsweredInApp } from '../../test/helpers.ts';
import { createCaller } from '../../test/organization-members.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';
import { pseudonymFor, pseudonymiseAnswerProvenance } from './erasure-repository.ts';

/** Who answered each factor, as the assessment's answer shows it. */
function answeredBy(assessment: Assessment): string[] {
  return Object.values(assessment.answerProvenance).flatMap((entries) => (entries ?? []).flatMap((entry) => [entry.answeredBy, entry.answeredByName]));
}

/**
 * An erased person stays in an organisation's assessments only as a pseudonym (ADR 233): in "who
 * answered" of every factor, also in an answer the app had already served and kept (ADR 247).
 */
describe('erasure of a person from answers’ provenance', () => {
  const t = useSharedTestApp();

  test('every answer the person gave names the pseudonym, in a completed assessment opened before and after', BUILDS_AN_APP, async () => {
    const owner = await createCaller(t);
    const assessment = await completeAnsweredInApp(t, owner.cookie, SAMPLE_CLINIC_INPUT);
    const open = async () => (await call(t, owner.cookie, 'GET', `/api/assessments/${assessment.id}`)).json<Assessment>();

    const before = answeredBy(await open());
    expect(before).toContain(owner.userId);
    t.clock.advance(1000);
    await pseudonymiseAnswerProvenance(t.app.db, owner.userId, t.clock.now());

    const after = await open();
    expect(new Set(answeredBy(after))).toEqual(new Set([pseudonymFor('user', owner.userId)]));
  });
});
