import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Assessment } from '@/contracts/assessments.ts';
import type { ActionPlan, MonitoringTrend, OpsHealth, RescoreResponse } from '@/contracts/monitoring.ts';
import { assessRisk } from '@/engine/assess-risk.ts';
import { CALIBRATION } from '@/engine/calibration/calibration.ts';
import type { FactorId } from '@/engine/factors.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { createVerifiedUserSession } from '../../test/helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, completeAssessment } from '../../test/helpers.ts';

/** Each test builds its own app (fresh database and migrations) and runs the engine: on a loaded shared machine PGlite needs more than the default 30 s. Not a speed assertion. */
const BUILDS_AN_APP = { timeout: 180_000 };


const ale = (input: RiskInput, seed: number) => assessRisk(input, { seed, iterations: CALIBRATION.iterationsDefault.value, attribution: false }).annualLoss.expectedUsd;
const withFactors = (input: RiskInput, changes: Partial<Record<FactorId, 'best'>>): RiskInput => ({ ...input, factors: { ...input.factors, ...changes } });

let t: TestApp;
let alice: { cookie: string; user: { id: string; organizationId: string } };
let bob: { cookie: string; user: { id: string } };
let outsider: { cookie: string; user: { id: string } };
let first: Assessment;
let picks: FactorId[];

/** Fixes that pay for themselves first, then the rest, then the required ones that do not pay (ADR 312): any may be accepted into the plan. */
const allRecommendations = (assessment: typeof first) => [
  ...(assessment.result?.recommendations ?? []),
  ...(assessment.result?.recommendationsNotWorthIt ?? []),
  ...(assessment.result?.requiredControls ?? []).filter((r) => r.returnOnSecurityInvestment < 0),
];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2027-05-03T10:00:00Z'));
  alice = await createVerifiedUserSession(t, { firstName: 'Alice', lastName: 'Owner' });
  bob = await createVerifiedUserSession(t, { organizationId: alice.user.organizationId, firstName: 'Bob', lastName: 'Member' });
  outsider = await createVerifiedUserSession(t);
  first = await completeAssessment(t, alice.cookie, SAMPLE_CLINIC_INPUT, 7, 'Spring review');
  picks = allRecommendations(first).slice(0, 3).map((r) => r.factorId);
}, BUILDS_AN_APP.timeout);
afterAll(async () => {
  await t.close();
});

const plan = async (cookie = alice.cookie) => (await call(t, cookie, 'GET', '/api/monitoring/plan')).json<ActionPlan>();

describe('action plan', () => {
  test('accepting three recommendations: the committed reduction is the engine re-run with all of them at target (same seed)', BUILDS_AN_APP, async () => {
    expect(picks).toHaveLength(3);
    for (const factorId of picks) {
      const response = await call(t, alice.cookie, 'POST', '/api/monitoring/actions', { assessmentId: first.id, factorId, ownerUserId: bob.user.id, dueDate: '2027-06-30' });
      expect(response.statusCode).toBe(201);
      t.clock.advance(1_000);
    }
    const body = await plan();
    expect(body.actions.map((a) => [a.factorId, a.status, a.owner?.name])).toEqual(picks.map((id) => [id, 'planned', 'Bob Member']));
    const baseAle = ale(SAMPLE_CLINIC_INPUT, 7);
    const expected = baseAle - ale(withFactors(SAMPLE_CLINIC_INPUT, Object.fromEntries(picks.map((id) => [id, 'best']))), 7);
    expect(body.summary.committedReductionUsd).toBeCloseTo(expected, 6);
    expect(body.summary.committedReductionUsd).toBeGreaterThan(0);
    expect(body.summary.baseline).toMatchObject({ assessmentId: first.id, aleUsd: first.result?.annualLoss.expectedUsd });
    expect(body.summary.counts).toEqual({ planned: 3, in_progress: 0, done: 0, declined: 0 });
    // The estimated cost defaults to the recommendation's mid cost.
    expect(body.actions[0]?.estimatedCostUsd).toBe(Math.round(allRecommendations(first)[0]?.annualCostUsd.midUsd ?? -1));
    expect(body.recommendations.filter((r) => r.actionId !== null).map((r) => r.factorId).sort()).toEqual([...picks].sort());
    expect(body.members.map((m) => m.name).sort()).toEqual(['Alice Owner', 'Bob Member']);
    // What is bought is a control: an exposure factor is named by the control that reduces it (ADR 272).
    const exposures = body.recommendations.filter((r) => r.factorId.startsWith('A'));
    expect(exposures.length).toBeGreaterThan(0);
    for (const r of body.recommendations) expect(r.controlName === r.factorName, `${r.factorId} ${r.controlName}`).toBe(!r.factorId.startsWith('A'));
    for (const a of body.actions) expect(a.controlName === a.factorName).toBe(!a.factorId.startsWith('A'));
  });

  test('the same recommendation cannot be planned twice; unknown factors, foreign owners and other organisations are refused', BUILDS_AN_APP, async () => {
    expect((await call(t, alice.cookie, 'POST', '/api/monitoring/actions', { assessmentId: first.id, factorId: picks[0] })).statusCode).toBe(409);
    const best = Object.entries(first.result?.factorAnswers ?? {}).find(([, answer]) => answer === 'best')?.[0];
    expect((await call(t, alice.cookie, 'POST', '/api/monitoring/actions', { assessmentId: first.id, factorId: best })).statusCode).toBe(400);
    const foreignOwner = await call(t, alice.cookie, 'POST', '/api/monitoring/actions', { assessmentId: first.id, factorId: allRecommendations(first)[4]?.factorId, ownerUserId: outsider.user.id });
    expect(foreignOwner.statusCode).toBe(400);
    expect(foreignOwner.json().issues[0].path).toBe('ownerUserId');
    expect((await call(t, outsider.cookie, 'POST', '/api/monitoring/actions', { assessmentId: first.id, factorId: picks[0] })).statusCode).toBe(404);
    expect((await call(t, alice.cookie, 'POST', '/api/monitoring/actions', { assessmentId: first.id, factorId: 'Z9', dueDate: '2027-02-30' })).json().issues.map((i: { path: string }) => i.path).sort()).toEqual(['dueDate', 'factorId']);
    // Another organisation sees an empty plan and cannot touch these actions.
    expect((await plan(outsider.cookie)).actions).toEqual([]);
    const actionId = (await plan()).actions[0]?.id;
    expect((await call(t, outsider.cookie, 'PATCH', `/api/monitoring/actions/${actionId}`, { status: 'done' })).statusCode).toBe(404);
    expect((await call(t, alice.cookie, 'PATCH', '/api/monitoring/actions/not-a-uuid', { status: 'done' })).statusCode).toBe(404);
  });

  test('declining needs a reason; overdue open actions stand out', BUILDS_AN_APP, async () => {
    const [, , third] = (await plan()).actions;
    expect((await call(t, alice.cookie, 'PATCH', `/api/monitoring/actions/${third?.id}`, { status: 'declined' })).statusCode).toBe(400);
    t.clock.set(new Date('2027-07-02T10:00:00Z'));
    const cookie = (await createVerifiedUserSession(t, { organizationId: alice.user.organizationId })).cookie;
    const overdue = await plan(cookie);
    expect(overdue.actions.every((a) => a.isOverdue)).toBe(true);
    expect(overdue.summary.overdueCount).toBe(3);
    expect((await call(t, cookie, 'PATCH', `/api/monitoring/actions/${third?.id}`, { status: 'declined', declineReason: 'Covered by the landlord' })).statusCode).toBe(200);
    const after = await plan(cookie);
    expect(after.actions[2]).toMatchObject({ status: 'declined', declineReason: 'Covered by the landlord', isOverdue: false });
    alice.cookie = cookie;
  });

  test('marking one done moves its reduction from committed to done-awaiting; the quick re-score measures it as realised and adds a trend point', BUILDS_AN_APP, async () => {
    const before = await plan();
    const [done, open] = before.actions;
    expect((await call(t, alice.cookie, 'PATCH', `/api/monitoring/actions/${done?.id}`, { status: 'done', actualCostUsd: 4200 })).statusCode).toBe(200);
    const after = await plan();
    const onlyOpen = ale(SAMPLE_CLINIC_INPUT, 7) - ale(withFactors(SAMPLE_CLINIC_INPUT, { [open!.factorId]: 'best' }), 7);
    expect(after.summary.committedReductionUsd).toBeCloseTo(onlyOpen, 6);
    expect(after.summary.committedReductionUsd).toBeLessThan(before.summary.committedReductionUsd);
    expect(after.summary.doneAwaitingCount).toBe(1);
    expect(after.summary.doneAwaitingReassessmentUsd).toBeCloseTo(done!.currentReductionUsd, 6);
    expect(after.summary.realisedCount).toBe(0);
    expect(after.summary.actualCostUsd).toBe(4200);

    const rescore = await call(t, alice.cookie, 'POST', '/api/monitoring/rescore');
    expect(rescore.statusCode).toBe(201);
    const created = rescore.json<RescoreResponse>();
    expect(created.aleUsd).toBeCloseTo(ale(withFactors(SAMPLE_CLINIC_INPUT, { [done!.factorId]: 'best' }), 7), 6);
    // Nothing left to re-score.
    expect((await call(t, alice.cookie, 'POST', '/api/monitoring/rescore')).statusCode).toBe(409);

    const measured = await plan();
    const realised = measured.actions.find((a) => a.id === done?.id)?.realised;
    expect(realised).toMatchObject({ assessmentId: created.assessmentId, answer: 'best' });
    expect(realised?.reductionUsd).toBeCloseTo(done!.currentReductionUsd, 6);
    expect(measured.summary.realisedReductionUsd).toBeCloseTo(realised!.reductionUsd, 6);
    expect(measured.summary.doneAwaitingCount).toBe(0);
    expect(measured.summary.baseline?.assessmentId).toBe(created.assessmentId);

    const trend = (await call(t, alice.cookie, 'GET', '/api/monitoring/trend')).json<MonitoringTrend>();
    expect(trend.points.map((p) => p.assessmentId)).toEqual([first.id, created.assessmentId]);
    expect(trend.points[0]).toMatchObject({ aleUsd: first.result?.annualLoss.expectedUsd, p95Usd: first.result?.annualLoss.percentilesUsd.p95, score: first.result?.riskScore.score, modelChanged: false });
    expect(trend.steps).toHaveLength(1);
    expect(trend.steps[0]?.aleDeltaUsd).toBeCloseTo(created.aleUsd - (first.result?.annualLoss.expectedUsd ?? 0), 6);
    expect(trend.steps[0]?.factorChanges.map((c) => [c.factorId, c.to])).toEqual([[done!.factorId, 'best']]);
  });
});

describe('risk over time', () => {
  test('points are oldest first, model-version changes are marked, and what changed names the answers', BUILDS_AN_APP, async () => {
    const t2 = await createTestApp();
    try {
      const { cookie } = await createVerifiedUserSession(t2);
      expect((await call(t2, cookie, 'GET', '/api/monitoring/trend')).json()).toEqual({ points: [], steps: [] });
      const a = await completeAssessment(t2, cookie, SAMPLE_CLINIC_INPUT);
      t2.clock.advance(60_000);
      const b = await completeAssessment(t2, cookie, { ...SAMPLE_CLINIC_INPUT, organisation: { ...SAMPLE_CLINIC_INPUT.organisation, employees: 150 }, frameworks: { hipaa: { status: 'compliant' } } });
      // Simulate a result stored by an older model version.
      const { assessments } = await import('../../db/schema.ts');
      const { eq } = await import('drizzle-orm');
      await t2.app.db.update(assessments).set({ engineVersion: '0.9.0' }).where(eq(assessments.id, a.id));
      const trend = (await call(t2, cookie, 'GET', '/api/monitoring/trend')).json<MonitoringTrend>();
      expect(trend.points.map((p) => [p.assessmentId, p.modelChanged])).toEqual([
        [a.id, false],
        [b.id, true],
      ]);
      expect(trend.steps[0]).toMatchObject({ modelChanged: true, profileChanges: ['Employees'] });
      // In catalogue order (NIST CSF, ISO 27001, SOC 2, PCI DSS, HIPAA, ...).
      expect(trend.steps[0]?.frameworkChanges.map((c) => [c.frameworkId, c.from, c.to])).toEqual([
        ['pciDss', 'compliant', 'notApplicable'],
        ['hipaa', 'inProgress', 'compliant'],
      ]);
    } finally {
      await t2.close();
    }
  });
});

describe('operational health', () => {
  test('admins only: outbox backlog and failures, job queue, database, version and uptime', BUILDS_AN_APP, async () => {
    expect((await call(t, alice.cookie, 'GET', '/api/monitoring/ops')).statusCode).toBe(403);
    const admin = await createVerifiedUserSession(t, { role: 'admin' });
    await t.app.mailer.send({ to: 'x@example.com', subject: 'Queued', text: 'Hi' });
    const response = await call(t, admin.cookie, 'GET', '/api/monitoring/ops');
    expect(response.statusCode).toBe(200);
    const ops = response.json<OpsHealth>();
    expect(ops.database).toMatchObject({ kind: t.database.kind, reachable: true });
    expect(ops.database.label).toBe(t.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)');
    expect(ops.app.version).toBe('0.1.0');
    expect(ops.app.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Object.values(ops.outbox.byStatus).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(ops.jobs.counts).toEqual(expect.objectContaining({ pending: expect.any(Number), failed: expect.any(Number) }));
    expect(ops.metricsEnabled).toBe(false);
  });
});
