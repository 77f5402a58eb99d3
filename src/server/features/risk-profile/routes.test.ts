import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Coverage, RiskProfile, RiskProfileSettings } from '@/contracts/risk-profile.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { auditLog } from '../../db/schema.ts';
import { completeAssessment } from '../../test/helpers.ts';
import { createCaller, createOrganizationRow, send, type Caller } from '../../test/organization-members.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';

const { insurance: _sampleInsurance, ...UNINSURED_CLINIC } = SAMPLE_CLINIC_INPUT;
const CLINIC: RiskInput = UNINSURED_CLINIC;

const PROFILE: RiskProfileSettings = {
  policy: {
    limitUsd: 1_000_000,
    retentionUsd: 25_000,
    coinsuranceShare: 0.1,
    subLimits: { ransomware: 250_000, fundsTransferFraud: null, regulatoryFines: 100_000 },
  },
  appetiteUsd: 400_000,
};

const t = useSharedTestApp();
let owner: Caller;
let viewer: Caller;
let outsider: Caller;

beforeAll(async () => {
  const organizationId = await createOrganizationRow(t, 'Riverside Family Clinic');
  owner = await createCaller(t, { organizationId, organizationRole: 'owner' });
  viewer = await createCaller(t, { organizationId, organizationRole: 'viewer' });
  outsider = await createCaller(t);
}, BUILDS_AN_APP.timeout);

const put = (caller: Caller | null, body: unknown) => send(t, 'PUT', '/api/risk-profile', caller?.cookie ?? null, body);
const read = async (caller: Caller) => (await send(t, 'GET', '/api/risk-profile', caller.cookie)).json<RiskProfile>();
const issuePaths = (body: { issues?: { path: string }[] }) => (body.issues ?? []).map((i) => i.path).sort();

describe('PUT /api/risk-profile: validation', () => {
  test('a new organisation has no policy and no appetite', BUILDS_AN_APP, async () => {
    expect(await read(owner)).toEqual({ policy: null, appetiteUsd: null, updatedAt: null });
  });

  test('refuses impossible figures with the field that is wrong, and stores nothing', BUILDS_AN_APP, async () => {
    const negative = await put(owner, { policy: { ...PROFILE.policy, limitUsd: -5, retentionUsd: 10.5 }, appetiteUsd: 0 });
    expect(negative.statusCode).toBe(400);
    expect(issuePaths(negative.json())).toEqual(['appetiteUsd', 'policy.limitUsd', 'policy.retentionUsd']);

    const subLimitTooLarge = await put(owner, {
      ...PROFILE,
      policy: { ...PROFILE.policy, subLimits: { ...PROFILE.policy?.subLimits, ransomware: 2_000_000 } },
    });
    expect(subLimitTooLarge.statusCode).toBe(400);
    expect(subLimitTooLarge.json()).toMatchObject({
      code: 'bad_request',
      issues: [{ path: 'policy.subLimits.ransomware', message: expect.stringContaining('cannot be larger than the aggregate limit') }],
    });

    const unknownKey = await put(owner, { ...PROFILE, organizationId: outsider.organizationId });
    expect(unknownKey.statusCode).toBe(400);
    expect((await put(owner, { policy: { ...PROFILE.policy, coinsuranceShare: 1 }, appetiteUsd: null })).statusCode).toBe(400);
    expect((await read(owner)).updatedAt).toBeNull();
  });
});

describe('PUT /api/risk-profile: who may change it', () => {
  test('a member or owner saves it for the current organisation, and the change is audited with the figures', BUILDS_AN_APP, async () => {
    const saved = await put(owner, PROFILE);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(PROFILE);
    expect(await read(owner)).toEqual({ ...PROFILE, updatedAt: expect.any(String) });
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'risk_profile.updated'), eq(auditLog.organizationId, owner.organizationId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: owner.userId,
      details: expect.objectContaining({ appetiteUsd: 400_000, policy: PROFILE.policy, before: { policy: null, appetiteUsd: null } }),
    });
  });

  test('a viewer reads it but cannot change it (403 before validation); a visitor gets 401', BUILDS_AN_APP, async () => {
    expect((await read(viewer)).appetiteUsd).toBe(400_000);
    expect((await put(viewer, { policy: null, appetiteUsd: 1 })).statusCode).toBe(403);
    expect((await put(viewer, { nonsense: true })).statusCode).toBe(403);
    expect((await put(null, PROFILE)).statusCode).toBe(401);
    expect((await read(owner)).appetiteUsd).toBe(400_000);
  });

  test('another organisation sees its own, empty profile and its change does not touch this one', BUILDS_AN_APP, async () => {
    expect(await read(outsider)).toEqual({ policy: null, appetiteUsd: null, updatedAt: null });
    expect((await put(outsider, { policy: null, appetiteUsd: 5_000 })).statusCode).toBe(200);
    expect(await read(owner)).toMatchObject(PROFILE);
  });
});

describe('assessments run with the profile', () => {
  test('a completed assessment uses the policy, keeps the appetite, and keeps both after the profile changes', BUILDS_AN_APP, async () => {
    const assessment = await completeAssessment(t, owner.cookie, CLINIC, 7);
    expect(assessment.result?.insurance).toMatchObject({ limitUsd: 1_000_000, retentionUsd: 25_000, coinsuranceShare: 0.1 });
    const url = `/api/risk-profile/assessments/${assessment.id}/coverage`;
    const coverage = (await send(t, 'GET', url, owner.cookie)).json<Coverage>();
    expect(coverage.policy).toMatchObject({
      limitUsd: 1_000_000,
      subLimits: [
        { id: 'ransomware', amountUsd: 250_000 },
        { id: 'regulatoryFines', amountUsd: 100_000 },
      ],
    });
    expect(coverage.appetite?.amountUsd).toBe(400_000);
    expect(coverage.subLimitNote).toContain('not modelled per scenario');
    // The report of the assessment is built from the same kept profile: the page and the report agree (ADR 219).
    const report = await send(t, 'GET', `/api/assessments/${assessment.id}/report`, owner.cookie);
    expect(report.statusCode).toBe(200);
    expect(report.json<{ coverage: Coverage }>().coverage).toEqual(coverage);

    // A later change of the profile is for later assessments: this one keeps what it was computed with.
    expect((await put(owner, { policy: null, appetiteUsd: 50_000 })).statusCode).toBe(200);
    expect((await send(t, 'GET', url, owner.cookie)).json<Coverage>()).toEqual(coverage);
    const later = await completeAssessment(t, owner.cookie, CLINIC, 7);
    expect(later.result?.insurance).toBeNull();
    const laterCoverage = (await send(t, 'GET', `/api/risk-profile/assessments/${later.id}/coverage`, owner.cookie)).json<Coverage>();
    expect(laterCoverage).toMatchObject({ policy: null, appetite: { amountUsd: 50_000 } });
  });

  test('a policy given on the assessment itself wins over the organisation profile', BUILDS_AN_APP, async () => {
    await put(owner, PROFILE);
    const own = await completeAssessment(t, owner.cookie, SAMPLE_CLINIC_INPUT, 7);
    expect(own.result?.insurance).toMatchObject({ limitUsd: 2_000_000, retentionUsd: 50_000 });
    const coverage = (await send(t, 'GET', `/api/risk-profile/assessments/${own.id}/coverage`, owner.cookie)).json<Coverage>();
    expect(coverage.policy).toMatchObject({ limitUsd: 2_000_000, subLimits: [] });
    expect(coverage.appetite?.amountUsd).toBe(400_000);
  });

  test("coverage of another organisation's assessment is 404, of a draft 409, of a malformed id 400", BUILDS_AN_APP, async () => {
    const mine = await completeAssessment(t, owner.cookie, CLINIC, 3);
    expect((await send(t, 'GET', `/api/risk-profile/assessments/${mine.id}/coverage`, outsider.cookie)).statusCode).toBe(404);
    const draft = await send(t, 'POST', '/api/assessments', owner.cookie, { input: CLINIC });
    expect(
      (await send(t, 'GET', `/api/risk-profile/assessments/${draft.json<{ id: string }>().id}/coverage`, owner.cookie)).statusCode,
    ).toBe(409);
    expect((await send(t, 'GET', '/api/risk-profile/assessments/not-a-uuid/coverage', owner.cookie)).statusCode).toBe(400);
  });
});
