import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Assessment, DraftRiskInput, ModelComparison } from '@/contracts/assessments.ts';
import { assessRisk } from '@/engine/assess-risk.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertAssessment } from '../../db/repositories/assessment-writes.ts';
import { ALREADY_CURRENT_MESSAGE, NOT_COMPLETED_MESSAGE } from './model-comparison.ts';
import { createMemberOf, createUserInNewOrganization, type SessionUser } from '../../test/organization-members.ts';

// A result stored by ENGINE_VERSION 1.0.0 for examples/clinic-120.json (seed 1), captured before model 2.0 (ADR 104).
const storedV1 = JSON.parse(readFileSync(new URL('../../../contracts/fixtures/risk-result-1.0.0.json', import.meta.url), 'utf8')) as RiskResult;
const clinic = JSON.parse(readFileSync(new URL('../../../../examples/clinic-120.json', import.meta.url), 'utf8')) as DraftRiskInput;

let t: TestApp;
let alice: SessionUser;
let aliceColleague: SessionUser;
let mallory: SessionUser;
let oldId: string;

function get(user: SessionUser, url: string) {
  return t.app.inject({ method: 'GET', url, headers: { origin: t.env.APP_URL, cookie: user.cookie } });
}

/** An assessment completed before the model 2.0 change: stored exactly as model 1.0.0 wrote it. */
async function insertModel1Assessment(user: SessionUser): Promise<string> {
  return insertAssessment(t.database.db, {
    organizationId: user.organizationId,
    authorId: user.userId,
    title: 'Clinic, model 1',
    input: clinic,
    status: 'completed',
    engineVersion: storedV1.engineVersion,
    seed: storedV1.seed,
    result: storedV1,
    now: new Date('2026-01-15T10:00:00Z'),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUserInNewOrganization(t);
  aliceColleague = await createMemberOf(t, alice.organizationId);
  mallory = await createUserInNewOrganization(t);
  oldId = await insertModel1Assessment(alice);
});
afterAll(async () => {
  await t.close();
});

describe('an assessment completed on model 1.0.0', () => {
  test('opens with its original figures, labelled with the model that computed them', async () => {
    const response = await get(alice, `/api/assessments/${oldId}`);
    expect(response.statusCode).toBe(200);
    const assessment = response.json<Assessment>();
    expect(assessment.engineVersion).toBe('1.0.0');
    expect(assessment.result).toEqual(storedV1);
    expect(assessment.summary?.aleUsd).toBe(storedV1.annualLoss.expectedUsd);
  });

  test('re-running it on the current model returns both figures: the stored ones and the current model on the same answers and seed', async () => {
    const response = await get(alice, `/api/assessments/${oldId}/model-comparison`);
    expect(response.statusCode).toBe(200);
    const comparison = response.json<ModelComparison>();
    expect(comparison.assessmentId).toBe(oldId);
    expect(comparison.seed).toBe(storedV1.seed);
    expect(comparison.stored).toEqual({
      engineVersion: '1.0.0',
      iterations: storedV1.iterations,
      expectedAnnualLossUsd: storedV1.annualLoss.expectedUsd,
      oneInTwentyYearUsd: storedV1.annualLoss.percentilesUsd.p95,
      oneInHundredYearUsd: storedV1.annualLoss.percentilesUsd.p99,
      probabilityOfAnyEvent: storedV1.probabilityOfAnyEvent,
      costIfItHappensUsd: storedV1.costIfItHappens.percentilesUsd.p50,
    });
    // The current figures are exactly what the engine gives today for the stored answers and seed.
    const current = assessRisk(clinic as Parameters<typeof assessRisk>[0], { seed: storedV1.seed, attribution: false });
    expect(comparison.current).toEqual({
      engineVersion: ENGINE_VERSION,
      iterations: current.iterations,
      expectedAnnualLossUsd: current.annualLoss.expectedUsd,
      oneInTwentyYearUsd: current.annualLoss.percentilesUsd.p95,
      oneInHundredYearUsd: current.annualLoss.percentilesUsd.p99,
      probabilityOfAnyEvent: current.probabilityOfAnyEvent,
      costIfItHappensUsd: current.costIfItHappens.percentilesUsd.p50,
    });
    expect(comparison.current.expectedAnnualLossUsd).not.toBe(comparison.stored.expectedAnnualLossUsd);
    // The stored result was computed with attribution; the headline figures must not depend on it.
    const withAttribution = assessRisk(clinic as Parameters<typeof assessRisk>[0], { seed: storedV1.seed, attribution: true });
    expect(comparison.current.expectedAnnualLossUsd).toBe(withAttribution.annualLoss.expectedUsd);
    const percent = Math.round(Math.abs(current.annualLoss.expectedUsd / storedV1.annualLoss.expectedUsd - 1) * 100);
    const direction = current.annualLoss.expectedUsd < storedV1.annualLoss.expectedUsd ? 'lower' : 'higher';
    expect(comparison.explanation).toContain(`The expected annual loss is ${percent}% ${direction} on the current model with the same answers, because the model changed, not your answers.`);
    expect(comparison.explanation).toContain('model 1.0.0 used one typical incident for every firm in a revenue band');
  });

  test('the re-run never overwrites the stored result, and a second re-run gives the same figures', async () => {
    const before = (await get(alice, `/api/assessments/${oldId}`)).json<Assessment>();
    const first = (await get(alice, `/api/assessments/${oldId}/model-comparison`)).json<ModelComparison>();
    const second = (await get(alice, `/api/assessments/${oldId}/model-comparison`)).json<ModelComparison>();
    expect(second).toEqual(first);
    const after = (await get(alice, `/api/assessments/${oldId}`)).json<Assessment>();
    expect(after).toEqual(before);
    expect(after.engineVersion).toBe('1.0.0');
    expect(after.result).toEqual(storedV1);
    const list = (await get(alice, '/api/assessments')).json<{ items: Assessment[] }>();
    expect(list.items.find((i) => i.id === oldId)?.summary?.aleUsd).toBe(storedV1.annualLoss.expectedUsd);
  });

  test('another member of the organisation sees the same comparison', async () => {
    const response = await get(aliceColleague, `/api/assessments/${oldId}/model-comparison`);
    expect(response.statusCode).toBe(200);
  });
});

describe('what cannot be compared', () => {
  test("another organisation's assessment and an unknown or malformed id answer 404, as every assessment route", async () => {
    for (const url of [`/api/assessments/${oldId}/model-comparison`, '/api/assessments/00000000-0000-4000-8000-000000000000/model-comparison', '/api/assessments/not-a-uuid/model-comparison']) {
      const response = await get(mallory, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('Assessment not found');
    }
  });

  test('a draft answers 409', async () => {
    const draft = await insertAssessment(t.database.db, { organizationId: alice.organizationId, authorId: alice.userId, title: 'Draft', input: clinic, status: 'draft', now: new Date() });
    const response = await get(alice, `/api/assessments/${draft}/model-comparison`);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(NOT_COMPLETED_MESSAGE);
  });

  test('an assessment already computed by the current model answers 409: there is nothing to compare', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/assessments', headers: { origin: t.env.APP_URL, cookie: alice.cookie }, payload: { input: clinic } });
    const id = created.json<Assessment>().id;
    const completed = await t.app.inject({ method: 'POST', url: `/api/assessments/${id}/complete`, headers: { origin: t.env.APP_URL, cookie: alice.cookie }, payload: {} });
    expect(completed.json<Assessment>().engineVersion).toBe(ENGINE_VERSION);
    const response = await get(alice, `/api/assessments/${id}/model-comparison`);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(ALREADY_CURRENT_MESSAGE);
  });
});
