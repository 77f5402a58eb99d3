import { beforeAll, describe, expect, test } from 'vitest';
import type { V1Assessment, V1Evidence } from '@/contracts/public-api.ts';
import { FRAMEWORK_IDS, FRAMEWORKS } from '@/engine/frameworks.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { openApiAnswerCheck, type AnswerCheck } from './openapi-answers.ts';
import { createCaller } from './organization-members.ts';
import { completeThroughApi, issueToken, withToken } from './public-api-support.ts';
import { BUILDS_AN_APP, useSharedTestApp } from './test-app-hooks.ts';

/** Framework evidence through /api/v1 (ADR 318): read by a read token, changed on a draft by a write token, every answer as the OpenAPI document says. */

const t = useSharedTestApp();
const TEMPLATE = '/api/v1/assessments/{id}/evidence';
let matchesDocument: AnswerCheck;
beforeAll(async () => {
  matchesDocument = await openApiAnswerCheck(t);
}, BUILDS_AN_APP.timeout);

async function draftWithFrameworks(secret: string): Promise<string> {
  const payload = { title: 'Evidence draft', input: { organisation: SAMPLE_CLINIC_INPUT.organisation, frameworks: { iso27001: { status: 'compliant' }, hipaa: { status: 'inProgress' } } } };
  const created = await withToken(t, secret, 'POST', '/api/v1/assessments', { payload });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<V1Assessment>().id;
}

describe('/api/v1 framework evidence', BUILDS_AN_APP, () => {
  test('a read token reads the frameworks, notes and the answers they evidence; a write token changes them one by one', async () => {
    const owner = await createCaller(t);
    const reader = await issueToken(t, owner, { scopes: ['read'] });
    const writer = await issueToken(t, owner);
    const id = await draftWithFrameworks(writer);

    const read = await withToken(t, reader, 'GET', `/api/v1/assessments/${id}/evidence`);
    expect(read.statusCode, read.body).toBe(200);
    expect(matchesDocument('GET', TEMPLATE, 200, read.json())).toEqual([]);
    const evidence = read.json<V1Evidence>();
    expect(evidence.frameworks.map((f) => f.id)).toEqual([...FRAMEWORK_IDS]);
    expect(evidence.frameworks.find((f) => f.id === 'iso27001')).toMatchObject({ status: 'compliant', statusLabel: 'Compliant', since: null });
    expect(evidence.frameworks.find((f) => f.id === 'soc2')).toMatchObject({ status: null, statusLabel: null });
    // A current ISO 27001 certificate evidences at least "partly" for each factor its Annex A covers.
    const isoFactors = FRAMEWORKS.find((f) => f.id === 'iso27001')?.evidence.map((e) => e.factorId) ?? [];
    const fromIso = evidence.suggestions.filter((s) => s.reasons.some((r) => r.frameworkId === 'iso27001'));
    expect(fromIso.map((s) => s.factorId).sort()).toEqual([...isoFactors].sort());
    expect(evidence.notes).toEqual({});

    const changes = { frameworks: { iso27001: null, soc2: { status: 'compliant', since: '2026-01-15' } }, notes: { M3: 'Conditional access policy in the IT wiki', M6: 'SIEM runbook' } };
    const changed = await withToken(t, writer, 'PATCH', `/api/v1/assessments/${id}/evidence`, { payload: changes });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(matchesDocument('PATCH', TEMPLATE, 200, changed.json())).toEqual([]);
    const after = changed.json<V1Evidence>();
    expect(after.frameworks.filter((f) => f.status !== null).map((f) => `${f.id} ${f.status}`)).toEqual(['soc2 compliant', 'hipaa inProgress']);
    expect(after.suggestions.some((s) => s.reasons.some((r) => r.frameworkId === 'iso27001'))).toBe(false);
    expect(after.notes).toEqual(changes.notes);

    // One note removed, another kept: only what is named changes; the draft's other answers stay.
    const removed = await withToken(t, writer, 'PATCH', `/api/v1/assessments/${id}/evidence`, { payload: { notes: { M6: null } } });
    expect(removed.json<V1Evidence>().notes).toEqual({ M3: 'Conditional access policy in the IT wiki' });
    const draft = (await withToken(t, reader, 'GET', `/api/v1/assessments/${id}`)).json<V1Assessment>();
    expect(draft.input.organisation).toEqual(SAMPLE_CLINIC_INPUT.organisation);
    expect(draft.input.frameworks).toEqual({ soc2: { status: 'compliant', since: '2026-01-15' }, hipaa: { status: 'inProgress' } });
  });

  test('refusals (400, 401, 403, 404, 409) are as the OpenAPI document describes them', async () => {
    const owner = await createCaller(t);
    const viewer = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'viewer' });
    const writer = await issueToken(t, owner);
    const reader = await issueToken(t, owner, { scopes: ['read'] });
    const viewerToken = await issueToken(t, viewer);
    const stranger = await issueToken(t, await createCaller(t));
    const draft = await draftWithFrameworks(writer);
    const completed = await completeThroughApi(t, writer, 'Completed');
    const note = { notes: { M3: 'Screenshot' } };
    const cases: Array<{ status: number; method: 'GET' | 'PATCH'; secret: string; id: string; payload?: object; code: string }> = [
      { status: 400, method: 'PATCH', secret: writer, id: draft, payload: { frameworks: { iso27001: { status: 'great' } } }, code: 'bad_request' },
      { status: 400, method: 'PATCH', secret: writer, id: draft, payload: { notes: { M3: 'x'.repeat(1001) } }, code: 'bad_request' },
      { status: 400, method: 'PATCH', secret: writer, id: draft, payload: { evidence: {} }, code: 'bad_request' },
      { status: 401, method: 'GET', secret: 'cifer_pat_not-a-real-token', id: draft, code: 'unauthorized' },
      { status: 403, method: 'PATCH', secret: reader, id: draft, payload: note, code: 'forbidden' },
      { status: 403, method: 'PATCH', secret: viewerToken, id: draft, payload: note, code: 'forbidden' },
      { status: 404, method: 'GET', secret: stranger, id: draft, code: 'not_found' },
      { status: 404, method: 'PATCH', secret: stranger, id: draft, payload: note, code: 'not_found' },
      { status: 409, method: 'PATCH', secret: writer, id: completed.id, payload: note, code: 'conflict' },
    ];
    for (const { status, method, secret, id, payload, code } of cases) {
      const response = await withToken(t, secret, method, `/api/v1/assessments/${id}/evidence`, payload ? { payload } : {});
      expect(response.statusCode, `${method} ${JSON.stringify(payload)}: ${response.body}`).toBe(status);
      expect(response.json()).toMatchObject({ code });
      expect(matchesDocument(method, TEMPLATE, status, response.json())).toEqual([]);
    }
    const bad = await withToken(t, writer, 'PATCH', `/api/v1/assessments/${draft}/evidence`, { payload: { notes: { M3: 'x'.repeat(1001) } } });
    expect(bad.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)).toEqual(['notes.M3']);
    // Nothing refused was stored; a viewer still reads.
    const unchanged = await withToken(t, viewerToken, 'GET', `/api/v1/assessments/${draft}/evidence`);
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json<V1Evidence>().notes).toEqual({});
    expect((await withToken(t, writer, 'GET', `/api/v1/assessments/${completed.id}/evidence`)).json<V1Evidence>().frameworks.find((f) => f.id === 'pciDss')?.status).toBe('compliant');
  });
});
